/**
 * Issue 16 "Telemetry at scale" (docs/decisions/025), through `POST /api/uplinks` on both drivers:
 * - the daily aggregates the colony rule reads (`reading_days`) are what the readings say, whatever the order,
 *   lateness and duplicates of the uplinks, and the sustained-consumption alert opens and closes as before;
 * - readings land in their month's partition (or the default one), a resent reading is still a duplicate, the
 *   partition job moves a month out of the default partition and drops the months past the retention setting;
 * - an uplink's bookkeeping (readings, sync log) commits while an evaluation holds its site (PostgreSQL: PGlite has
 *   one connection, nothing runs beside a transaction there).
 */
import type { UplinkReading, UplinkResult } from '@isoptera/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureReadingPartitions,
  maintainReadingPartitions,
  monthStart,
  partitionName,
  readingPartitions,
} from '../src/db/readings-store.js';
import { lockSites } from '../src/modules/alerts/alert-engine.repository.js';
import { type AlertsTestApp, buildAlertsTestApp, openAlertKeys } from './alerts-support.js';
import { createInstallation, type TestInstallation } from './equipment-factories.js';
import { createSpace } from './factories.js';
import { testDbKind } from './test-database.js';

let t: AlertsTestApp;
let spaceId: string;

const DAY = 86_400_000;
/** `n` days before today's UTC midnight, at `hour` UTC. */
const daysAgo = (n: number, hour = 8) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - n, hour));
};

function reading(serial: string, measuredAt: Date, baitConsumption = 0): UplinkReading {
  return {
    serial_number: serial,
    measured_at: measuredAt.toISOString(),
    termite_activity: 0,
    bait_consumption: baitConsumption,
    battery_level: 'Operational',
    battery_percent: 88,
    signal_level: -92,
    state: 1,
  };
}

async function send(install: TestInstallation, readings: UplinkReading[]): Promise<UplinkResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uplinks',
    headers: { authorization: `Device ${install.gateway.credential}` },
    payload: {
      gateway: { serial_number: install.gateway.serialNumber, sent_at: new Date().toISOString() },
      readings,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UplinkResult>();
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The stored daily aggregates of `equipmentId`, and the same recomputed from its readings. */
async function daysOf(equipmentId: string) {
  const stored = await t.db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, max_consumption::int as max, last_measured_at as last
    from reading_days where equipment_id = ${equipmentId} order by day`);
  const computed = await t.db.execute(sql`
    select to_char((measured_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, max(bait_consumption)::int as max,
      max(measured_at) as last
    from readings where equipment_id = ${equipmentId} group by 1 order by 1`);
  const plain = (rows: { day: string; max: number; last: unknown }[]) =>
    rows.map((r) => ({ day: r.day, max: Number(r.max), last: new Date(r.last as string).toISOString() }));
  return {
    stored: plain(rowsOf<{ day: string; max: number; last: unknown }>(stored)),
    computed: plain(rowsOf<{ day: string; max: number; last: unknown }>(computed)),
  };
}

/** The partition each reading of `equipmentId` is stored in, by `measured_at`. */
async function partitionsOf(equipmentId: string): Promise<Record<string, string>> {
  const result = await t.db.execute(sql`
    select measured_at, tableoid::regclass::text as partition from readings where equipment_id = ${equipmentId}`);
  return Object.fromEntries(
    rowsOf<{ measured_at: unknown; partition: string }>(result).map((r) => [
      new Date(r.measured_at as string).toISOString(),
      r.partition,
    ]),
  );
}

beforeAll(async () => {
  t = await buildAlertsTestApp();
  spaceId = await createSpace(t.db, 'pco');
});
afterAll(() => t.close());

describe('daily aggregates of the readings', () => {
  it('follow the readings whatever the order, lateness and duplicates of the uplinks', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const [a, b] = install.stations.map((s) => s.serialNumber) as [string, string];
    // newest first, then a late uplink of older days, then one resending a reading with another value
    expect(
      await send(install, [reading(a, daysAgo(1, 23), 3), reading(a, daysAgo(1, 6), 9), reading(b, daysAgo(1), 1)]),
    ).toMatchObject({ accepted: 3, duplicates: 0 });
    expect(
      await send(install, [reading(a, daysAgo(3), 2), reading(a, daysAgo(1, 1), 4), reading(a, daysAgo(1, 6), 9)]),
    ).toMatchObject({ accepted: 2, duplicates: 1 });
    // a duplicate is not stored: its higher consumption must not reach the aggregate
    expect(await send(install, [reading(a, daysAgo(3), 50), reading(b, daysAgo(0, 0), 7)])).toMatchObject({
      accepted: 1,
      duplicates: 1,
    });

    for (const station of install.stations) {
      const { stored, computed } = await daysOf(station.id);
      expect(stored).toEqual(computed);
    }
    const { stored } = await daysOf(install.stations[0]?.id as string);
    expect(stored).toEqual([
      { day: daysAgo(3).toISOString().slice(0, 10), max: 2, last: daysAgo(3).toISOString() },
      { day: daysAgo(1).toISOString().slice(0, 10), max: 9, last: daysAgo(1, 23).toISOString() },
    ]);
  });

  it('open the colony alert on consumption rising each day, from uplinks sent out of order, and close it as before', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const [station] = install.stations as [TestInstallation['stations'][number]];
    const serial = station.serialNumber;
    // daily maxima 2, 4, 7, 12 over days 5…2 before today: the newest day comes first, the others late
    await send(install, [reading(serial, daysAgo(2), 12)]);
    expect(await openAlertKeys(t, install.siteId)).toEqual([]);
    await send(install, [reading(serial, daysAgo(4, 6), 3), reading(serial, daysAgo(5), 2)]);
    expect(await openAlertKeys(t, install.siteId)).toEqual([]);
    await send(install, [reading(serial, daysAgo(3), 7), reading(serial, daysAgo(4, 18), 4)]);
    expect(await openAlertKeys(t, install.siteId)).toEqual(['TYPE_COLONY_DETECTED']);

    // the next day stays at 12: no rise, the alert closes
    await send(install, [reading(serial, daysAgo(1), 12)]);
    expect(await openAlertKeys(t, install.siteId)).toEqual([]);
  });
});

describe('readings partitioned by month', () => {
  const old = monthStart(new Date(), -30);
  const oldReading = new Date(old.getTime() + 3 * DAY + 8 * 3_600_000);

  it("store each reading in its month's partition, others in the default one; a resent reading is a duplicate", async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const [station] = install.stations as [TestInstallation['stations'][number]];
    const recent = daysAgo(0, 0);
    const payload = [reading(station.serialNumber, recent), reading(station.serialNumber, oldReading)];
    expect(await send(install, payload)).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await partitionsOf(station.id)).toEqual({
      [recent.toISOString()]: partitionName(monthStart(recent)),
      [oldReading.toISOString()]: 'readings_default',
    });
    expect(await send(install, payload)).toMatchObject({ accepted: 0, duplicates: 2 });

    // the month gets its partition: its readings move there and are still found as duplicates
    expect(await ensureReadingPartitions(t.db, old, old)).toEqual([partitionName(old)]);
    expect(await ensureReadingPartitions(t.db, old, old)).toEqual([]);
    expect((await partitionsOf(station.id))[oldReading.toISOString()]).toBe(partitionName(old));
    expect(await send(install, payload)).toMatchObject({ accepted: 0, duplicates: 2 });
  });

  it('the partition job makes the months ahead, and drops the months past the retention with their aggregates', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const [station] = install.stations as [TestInstallation['stations'][number]];
    const before = monthStart(new Date(), -14);
    const expired = new Date(before.getTime() + 2 * DAY);
    const kept = daysAgo(2);
    await send(install, [reading(station.serialNumber, expired, 5), reading(station.serialNumber, kept, 6)]);

    // without retention: nothing dropped, the stray month and the months ahead made
    const first = await maintainReadingPartitions(t.db, null, new Date());
    expect(first.dropped).toEqual([]);
    expect(first.created).toContain(partitionName(before));
    const names = (await readingPartitions(t.db)).map((p) => p.name);
    for (let ahead = 0; ahead <= 3; ahead++) expect(names).toContain(partitionName(monthStart(new Date(), ahead)));

    // keep 12 months: the partitions of 30 and 14 months ago go, with their readings and daily aggregates
    const second = await maintainReadingPartitions(t.db, 12, new Date());
    expect(second.dropped).toEqual(expect.arrayContaining([partitionName(old), partitionName(before)]));
    expect(second.created).toEqual([]);
    expect(Object.keys(await partitionsOf(station.id))).toEqual([kept.toISOString()]);
    const { stored, computed } = await daysOf(station.id);
    expect(stored).toEqual(computed);
    expect(stored.map((d) => d.max)).toEqual([6]);
  });
});

describe('bookkeeping', () => {
  it.skipIf(testDbKind() === 'pglite')(
    "commits an uplink's readings and sync log while an evaluation holds its site",
    async () => {
      const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
      const [station] = install.stations as [TestInstallation['stations'][number]];
      let pending: Promise<UplinkResult> | undefined;
      await t.db.transaction(async (tx) => {
        // the alert engine's own lock, as an evaluation of this site holds it
        await lockSites(tx, [install.siteId]);
        pending = send(install, [reading(station.serialNumber, daysAgo(0, 0), 1)]);
        const deadline = Date.now() + 5_000;
        let logged = 0;
        while (Date.now() < deadline && logged === 0) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const result = await t.db.execute(
            sql`select count(*)::int as n from sync_logs where site_id = ${install.siteId}`,
          );
          logged = Number(rowsOf<{ n: number }>(result)[0]?.n);
        }
        expect(logged).toBe(1);
      });
      // the uplink's own evaluation ran once the site was free
      expect(await pending).toMatchObject({ accepted: 1, duplicates: 0 });
    },
  );
});
