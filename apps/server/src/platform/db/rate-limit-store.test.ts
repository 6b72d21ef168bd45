/**
 * The database store of the rate limits (issue 16): two stores on one database — two instances — count against
 * the same counters; routes and limiters are kept apart; a window that ends starts again; the sweep deletes ended
 * windows; no e-mail address is stored in clear. Both drivers.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import type { Database } from './database.js';
import { databaseRateLimitStore, sweepRateLimitCounters } from './rate-limit-store.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

type Store = InstanceType<ReturnType<typeof databaseRateLimitStore>>;

const incr = (store: Store, key: string, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, state) => (error || !state ? reject(error) : resolve(state)), windowMs),
  );
const read = (store: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (error, state) => (error || !state ? reject(error) : resolve(state))),
  );
const route = (method: string, url: string) => ({ routeInfo: { method, url } });

describe('database rate-limit store', () => {
  it('counts the hits of two instances together, within one window', async () => {
    const Store = databaseRateLimitStore(database.db);
    const a = new Store().child(route('POST', '/security/token/request'));
    const b = new Store().child(route('POST', '/security/token/request'));
    expect(await incr(a, 'victim@example.com|10.0.0.1')).toMatchObject({ current: 1 });
    expect(await incr(b, 'victim@example.com|10.0.0.1')).toMatchObject({ current: 2 });
    const third = await incr(a, 'victim@example.com|10.0.0.1');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    expect(await read(b, 'victim@example.com|10.0.0.1')).toMatchObject({ current: 3 });
    expect(await read(b, 'victim@example.com|10.0.0.1')).toMatchObject({ current: 3 }); // read counts nothing
  });

  it('keeps routes apart, and stores no key in clear', async () => {
    const Store = databaseRateLimitStore(database.db);
    const signIn = new Store().child(route('POST', '/a'));
    const forgot = new Store().child(route('POST', '/b'));
    await incr(signIn, 'someone@example.com');
    await incr(signIn, 'someone@example.com');
    expect(await incr(forgot, 'someone@example.com')).toMatchObject({ current: 1 });
    const keys = (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys.some((key) => key.includes('@'))).toBe(false);
  });

  it('starts a new window once the last one ended, and the sweep deletes ended windows', async () => {
    const store = new (databaseRateLimitStore(database.db))().child(route('POST', '/c'));
    await incr(store, 'k', 200);
    expect(await incr(store, 'k', 200)).toMatchObject({ current: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await read(store, 'k')).toEqual({ current: 0, ttl: 0 });
    expect(await incr(store, 'k', 200)).toMatchObject({ current: 1 });
    // a window that ended over a minute ago goes; the others stay
    await database.db.update(rateLimitCounters).set({ resetsAt: new Date(Date.now() - 120_000) });
    await incr(store, 'fresh');
    expect(await sweepRateLimitCounters(database.db)).toBeGreaterThan(0);
    expect(await database.db.select().from(rateLimitCounters)).toHaveLength(1);
  });
});
