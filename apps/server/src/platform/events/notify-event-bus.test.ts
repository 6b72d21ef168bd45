/**
 * Live events between instances (issue 16): an event published by one instance's bus reaches the subscribers of
 * every bus listening on the same database — on PostgreSQL through two separate pools (two instances), on PGlite
 * through the one embedded database — and a space's event never reaches another space.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.js';
import { type Database, openPostgres } from '../db/database.js';
import { NOTIFY_PAYLOAD_MAX_BYTES } from '../db/notification-channel.js';
import { createNotifyEventBus, type SpaceEvent, type StartableEventBus } from './event-bus.js';

const quiet = { warn: () => {} };

/** Resolves with the first `n` events `bus` delivers for `spaceId`, or rejects after 5 s. */
function next(bus: StartableEventBus, spaceId: string, n = 1): Promise<SpaceEvent[]> {
  return new Promise((resolve, reject) => {
    const got: SpaceEvent[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} events`)), 5_000);
    const stop = bus.subscribe(spaceId, (event) => {
      got.push(event);
      if (got.length === n) {
        clearTimeout(timer);
        stop();
        resolve(got);
      }
    });
  });
}

describe('live events through LISTEN/NOTIFY', () => {
  let database: Database;
  let second: Database | undefined;
  let a: StartableEventBus;
  let b: StartableEventBus;

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    // a second instance: its own pool on the same PostgreSQL database (PGlite is one embedded instance)
    const url = (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
      ?.connectionString;
    second = database.driver === 'postgres' && url ? openPostgres(url, 2) : undefined;
    a = createNotifyEventBus(database.notifications, quiet);
    b = createNotifyEventBus((second ?? database).notifications, quiet);
    await a.start();
    await b.start();
  });

  afterAll(async () => {
    await a.stop();
    await b.stop();
    await second?.close();
    await database.close();
  });

  it('delivers an event published on one instance to the subscribers of both, in order, per space', async () => {
    const onB = next(b, 'space-1', 2);
    const onA = next(a, 'space-1', 2);
    const otherSpace: SpaceEvent[] = [];
    const stopOther = b.subscribe('space-2', (event) => otherSpace.push(event));
    a.publish('space-1', { name: 'alert', data: { n: 1, text: 'Termites détectés — 白蟻' } });
    a.publish('space-1', { name: 'alert', data: { n: 2 } });
    expect(await onB).toEqual([
      { name: 'alert', data: { n: 1, text: 'Termites détectés — 白蟻' } },
      { name: 'alert', data: { n: 2 } },
    ]);
    expect((await onA).map((event) => (event.data as { n: number }).n)).toEqual([1, 2]);
    stopOther();
    expect(otherSpace).toEqual([]);
  });

  it('keeps an event too large for NOTIFY on the publishing instance, without throwing', async () => {
    const warnings: string[] = [];
    const bus = createNotifyEventBus(database.notifications, { warn: (_o, message) => warnings.push(message) });
    await bus.start();
    try {
      const local: SpaceEvent[] = [];
      bus.subscribe('space-3', (event) => local.push(event));
      bus.publish('space-3', { name: 'alert', data: { text: 'x'.repeat(NOTIFY_PAYLOAD_MAX_BYTES) } });
      expect(local).toHaveLength(1);
      expect(warnings).toEqual(['live event too large to notify']);
    } finally {
      await bus.stop();
    }
  });

  it('stops delivering once stopped', async () => {
    const bus = createNotifyEventBus(database.notifications, quiet);
    await bus.start();
    const got: SpaceEvent[] = [];
    bus.subscribe('space-4', (event) => got.push(event));
    await bus.stop();
    const delivered = next(a, 'space-4');
    a.publish('space-4', { name: 'alert', data: {} });
    await delivered; // a still hears it, so the notification went out
    expect(got).toEqual([]);
  });
});
