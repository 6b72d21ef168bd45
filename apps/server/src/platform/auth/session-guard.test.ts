/**
 * ADR 026, SPEC §1, §4 "Substitution exit": a token is honoured only while its session is open and, when it claims a
 * substitution, still substitutes that space. The cache of open sessions answers without a look-up, forgets what a
 * notification names, is bypassed while the listening connection is down and emptied when it is back. (The same
 * guard on the real database and its triggers: session-end.test.ts.)
 */
import fastifyCookie from '@fastify/cookie';
import { ACCESS_TOKEN_COOKIE } from '@isoptera/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import type { NotificationChannel } from '../db/notification-channel.js';
import { registerErrorHandler } from '../errors/error-handler.js';
import { accessPlugin } from './access-plugin.js';
import { type Actor, claimsFromActor, substitutedActor } from './actor.js';
import { createSessionCache, registerSessionGuard, type SessionCache } from './session-guard.js';
import type { OpenSession } from './sessions.repository.js';

const lookUps: string[] = [];
let session: OpenSession | null;
let app: FastifyInstance;
let cache: SessionCache;
let notify: (payload: string) => void = () => {};
let connection: (listening: boolean) => void = () => {};

/** A channel driven by the test: `notify` delivers a payload, `connection` reports the connection's state. */
const channel: NotificationChannel = {
  async notify(payload) {
    notify(payload);
  },
  async listen(onPayload, onConnection) {
    notify = onPayload;
    connection = onConnection ?? (() => {});
    return async () => {};
  },
};

const admin: Actor = {
  accountId: 'A',
  sessionId: 'S',
  membershipId: 'M',
  spaceId: 'ADMIN',
  spaceType: 'admin',
  role: 'ROLE_ADMIN_SPACE_ADMIN',
  timezone: 'Europe/Paris',
  lang: 'fr',
};
const open = (substituteSpaceId: string | null = null): OpenSession => ({
  membershipId: 'M',
  substituteSpaceId,
  expiresAt: new Date(Date.now() + 3_600_000),
});

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(accessPlugin, { secret: 'a-test-secret-that-is-long-enough-for-hs256' });
  cache = await registerSessionGuard(app, {} as Db, {
    changes: channel,
    log: { warn: () => {} },
    lookUp: async (sessionId) => {
      lookUps.push(sessionId);
      return session;
    },
  });
  app.get('/api/probe', { config: { access: 'authenticated' } }, async (request) => ({
    space: request.actor?.spaceId,
  }));
  app.get('/api/open', { config: { access: 'public' } }, async (request) => ({
    space: request.actor?.spaceId ?? null,
  }));
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  lookUps.length = 0;
  session = open();
  cache.forget('*');
});

const get = (url: string, actor: Actor) =>
  app.inject({ method: 'GET', url, cookies: { [ACCESS_TOKEN_COOKIE]: app.jwt.sign(claimsFromActor(actor)) } });

describe('session guard', () => {
  it('looks a session up once, then answers its requests from the cache', async () => {
    expect((await get('/api/probe', admin)).json()).toEqual({ space: 'ADMIN' });
    expect((await get('/api/probe', admin)).json()).toEqual({ space: 'ADMIN' });
    expect(lookUps).toEqual(['S']);
  });

  it('refuses a token whose session ended, at once after the notification, and drops it on a public route', async () => {
    expect((await get('/api/probe', admin)).statusCode).toBe(200);
    session = null;
    notify('s:S');
    expect((await get('/api/probe', admin)).statusCode).toBe(401);
    expect((await get('/api/open', admin)).json()).toEqual({ space: null });
    expect(lookUps).toEqual(['S', 'S', 'S']);
  });

  it('forgets every session of a membership whose status changed', async () => {
    await get('/api/probe', admin);
    session = null;
    notify('m:OTHER');
    expect((await get('/api/probe', admin)).statusCode).toBe(200);
    notify('m:M');
    expect((await get('/api/probe', admin)).statusCode).toBe(401);
  });

  it('honours a substituted token while the session holds it, 401 once it left or moved', async () => {
    const token = substitutedActor(admin, { id: 'PCO1', type: 'pco' });
    session = open('PCO1');
    expect((await get('/api/probe', token)).json()).toEqual({ space: 'PCO1' });
    expect((await get('/api/probe', token)).json()).toEqual({ space: 'PCO1' });
    expect(lookUps).toEqual(['S', 'S']); // looked up every time: leaving bites before any notification
    session = open(null);
    expect((await get('/api/probe', token)).statusCode).toBe(401);
    session = open('PCO2');
    notify('s:S');
    expect((await get('/api/probe', token)).statusCode).toBe(401);
    expect((await get('/api/open', token)).json()).toEqual({ space: null });
  });

  it('looks a token up again when the cache holds its session in another state (a change not yet heard)', async () => {
    session = open(null);
    await get('/api/probe', admin);
    const moved = { ...admin, membershipId: 'M2' };
    session = { ...open(), membershipId: 'M2' };
    expect((await get('/api/probe', moved)).statusCode).toBe(200);
    expect(lookUps).toEqual(['S', 'S']);
  });

  it('looks every request up while the listening connection is down, and starts afresh when it is back', async () => {
    await get('/api/probe', admin);
    connection(false);
    await get('/api/probe', admin);
    await get('/api/probe', admin);
    expect(lookUps).toEqual(['S', 'S', 'S']);
    expect(cache.size).toBe(0);
    connection(true);
    await get('/api/probe', admin);
    await get('/api/probe', admin);
    expect(lookUps).toHaveLength(4);
  });

  it('does not cache an answer that a notification overtook', async () => {
    let release: () => void = () => {};
    const race = createSessionCache(
      () =>
        new Promise<OpenSession | null>((resolve) => {
          release = () => resolve(open());
        }),
      { ttlMs: 60_000, max: 10, enabled: true },
    );
    const pending = race.load(admin);
    race.forget('s:S');
    release();
    expect(await pending).not.toBeNull();
    expect(race.size).toBe(0);
    expect(race.hit(admin)).toBeUndefined();
  });
});
