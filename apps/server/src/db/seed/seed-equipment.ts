/**
 * Demo equipment and telemetry (issue 5 "Simulation and demo data"): the installations of seed-equipment-plan.ts
 * written straight to the tables in a few multi-row statements (the demo gateways need their deterministic device
 * credentials, and `npm start` must stay quick), with 60 days of readings and of synchronisation log per gateway.
 * The alerts are not written: the alert engine derives them from the readings, as it does for real uplinks — first
 * at each moment a story station crosses a threshold (so alerts open when the readings turned, and the past episode
 * leaves alerts opened and cleared a month ago in the log), then for every device now. Demo e-mails for these alerts are not sent.
 */
import { inArray, sql } from 'drizzle-orm';
import { type AlertEngine, createAlertEngine } from '../../modules/alerts/alert-engine.js';
import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import { newUlid } from '../../platform/ids.js';
import type { MailQueue } from '../../platform/mail/mail.js';
import { refreshReadingDays } from '../readings-store.js';
import { equipment, sites } from '../schema/index.js';
import { demoDeviceCredentialHash } from './demo-devices.js';
import {
  alertCheckpoints,
  type GeneratedReading,
  type PlannedInstallation,
  planSeedEquipment,
  readingSlots,
  stationReadings,
} from './seed-equipment-plan.js';
import type { SeededSite } from './seed-types.js';

/** Rows per `insert … select from json_to_recordset(…)` statement. */
const BATCH_ROWS = 5_000;

/** Base of the links of alert e-mails (none is sent by the seed). */
const DEMO_APP_URL = 'http://localhost:3000';

/** The seed's alert e-mails go nowhere: nobody is to be told about demo history. */
const noMail: MailQueue = { enqueue: async () => {} };

interface ReadingRecord extends GeneratedReading {
  equipmentId: string;
}

/**
 * Inserts readings in batches of {@link BATCH_ROWS} rows, one JSON parameter per statement (same on both drivers),
 * then the daily aggregates of their stations (`reading_days`), as ingestion keeps them.
 */
async function insertReadings(db: Db, rows: readonly ReadingRecord[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS).map((r) => ({
      e: r.equipmentId,
      m: r.measuredAt.toISOString(),
      a: r.termiteActivity,
      b: r.baitConsumption,
      l: r.batteryLevel,
      p: r.batteryPercent,
      s: r.signalLevel,
      t: r.state,
    }));
    await db.execute(sql`
      insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
        battery_percent, signal_level, state, received_at)
      select e, m, a, b, l, p, s, t, m + interval '20 seconds'
      from json_to_recordset(${JSON.stringify(batch)}::json)
        as x(e text, m timestamptz, a smallint, b smallint, l text, p smallint, s smallint, t smallint)`);
  }
  await refreshReadingDays(db, [...new Set(rows.map((r) => r.equipmentId))]);
}

/** One synchronisation-log entry per gateway and reading slot (the gateways uplink over MQTT, some over HTTP). */
async function insertSyncLogs(db: Db, installations: readonly PlannedInstallation[], slots: readonly Date[]) {
  const rows = installations.flatMap((installation, n) =>
    slots.map((slot) => ({
      s: installation.site.spaceId,
      i: installation.site.id,
      g: installation.gateway.id,
      t: n % 4 === 3 ? 'http' : 'mqtt',
      r: new Date(slot.getTime() + 20_000).toISOString(),
      a: installation.stations.length,
    })),
  );
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await db.execute(sql`
      insert into sync_logs (space_id, site_id, gateway_id, transport, received_at, accepted, duplicates, rejected,
        errors)
      select s, i, g, t, r, a, 0, 0, '[]'::jsonb
      from json_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH_ROWS))}::json)
        as x(s text, i text, g text, t text, r timestamptz, a integer)
      order by r`);
  }
}

/** The equipment rows: each device shows its latest reading (battery, signal, state, last update). */
function equipmentRows(installations: readonly PlannedInstallation[], latest: Map<string, GeneratedReading>) {
  return installations.flatMap(({ site, gateway, stations }) => {
    const lastUpdateAt = stations
      .map((s) => latest.get(s.id)?.measuredAt.getTime() ?? 0)
      .reduce((a, b) => Math.max(a, b), 0);
    const common = { spaceId: site.spaceId, siteId: site.id };
    return [
      {
        ...gateway,
        ...common,
        state: 1,
        signalLevel: -78,
        batteryLevel: 'Operational',
        batteryPercent: 100,
        lastUpdateAt: new Date(lastUpdateAt),
        credentialHash: demoDeviceCredentialHash(gateway.serialNumber),
      },
      ...stations.map(({ profile: _profile, ...station }) => {
        const reading = latest.get(station.id);
        return {
          ...station,
          ...common,
          gatewayId: gateway.id,
          state: reading?.state ?? 0,
          signalLevel: reading?.signalLevel ?? null,
          batteryLevel: reading?.batteryLevel ?? null,
          batteryPercent: reading?.batteryPercent ?? null,
          lastUpdateAt: reading?.measuredAt ?? null,
        };
      }),
    ];
  });
}

/** What the demo equipment seed made. */
export interface SeededEquipment {
  installations: PlannedInstallation[];
  readings: number;
}

/**
 * Seeds the demo installations of `seeded` (sites in operation and some to check, see seed-equipment-plan.ts) with
 * 60 days of readings and sync log up to `now`, then lets the alert engine open (and for the past episode close) the
 * alerts and recompute the equipped sites' `priority_sum`. `engine` replaces the real one (tests).
 */
export async function seedEquipment(
  db: Db,
  seeded: readonly SeededSite[],
  now: Date,
  engine: AlertEngine = createAlertEngine({ db, mail: noMail, events: createEventBus(), appUrl: DEMO_APP_URL }),
): Promise<SeededEquipment> {
  if (seeded.length === 0) return { installations: [], readings: 0 };
  const spaceKeyOf = new Map(seeded.map((s) => [s.id, s.spaceKey]));
  const rows = await db
    .select({
      id: sites.id,
      spaceId: sites.spaceId,
      status: sites.status,
      latitude: sites.latitude,
      longitude: sites.longitude,
      treatmentType: sites.treatmentType,
    })
    .from(sites)
    .where(inArray(sites.id, [...spaceKeyOf.keys()]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = seeded.flatMap((s) => {
    const row = byId.get(s.id);
    return row ? [{ ...row, spaceKey: s.spaceKey }] : [];
  });
  const installations = planSeedEquipment(ordered, now, newUlid);
  if (installations.length === 0) return { installations, readings: 0 };

  const slots = readingSlots(now);
  const readings: ReadingRecord[] = [];
  const latest = new Map<string, GeneratedReading>();
  const series = new Map<string, GeneratedReading[]>();
  for (const { stations } of installations) {
    for (const station of stations) {
      const generated = stationReadings(station.profile, slots);
      series.set(station.id, generated);
      for (const reading of generated) readings.push({ ...reading, equipmentId: station.id });
      const last = generated.at(-1);
      if (last) latest.set(station.id, last);
    }
  }
  await db.insert(equipment).values(equipmentRows(installations, latest));
  await insertSyncLogs(db, installations, slots);

  // In time order, stopping at each moment a story station crosses a threshold to let the engine look at it then.
  readings.sort((a, b) => a.measuredAt.getTime() - b.measuredAt.getTime());
  let inserted = 0;
  for (const checkpoint of alertCheckpoints(installations, series)) {
    const after = readings.findIndex((r) => r.measuredAt > checkpoint.at);
    const upTo = after < 0 ? readings.length : after;
    await insertReadings(db, readings.slice(inserted, upTo));
    inserted = Math.max(inserted, upTo);
    await engine.evaluate({ spaceId: checkpoint.spaceId, equipmentIds: checkpoint.equipmentIds, at: checkpoint.at });
  }
  await insertReadings(db, readings.slice(inserted));

  const bySpace = new Map<string, string[]>();
  for (const { site, gateway, stations } of installations) {
    const ids = bySpace.get(site.spaceId) ?? [];
    ids.push(gateway.id, ...stations.map((s) => s.id));
    bySpace.set(site.spaceId, ids);
  }
  for (const [spaceId, equipmentIds] of bySpace) await engine.evaluate({ spaceId, equipmentIds, at: now });
  // an equipped site's priority is its real alerts' only, whatever it held before (a database seeded by an older seed)
  await engine.refreshSites(installations.map((i) => i.site.id));
  return { installations, readings: readings.length };
}
