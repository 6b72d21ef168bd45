/**
 * Queries of telemetry ingestion (issue 5 "Telemetry ingestion"): the gateway a device credential names, the stations
 * of its site, the batch insert of readings, the equipment status updates, and the site's synchronisation log.
 * Batches travel as one JSON parameter (`json_to_recordset`): one round trip per statement, whatever the number of
 * readings. Every query is scoped to a space id.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { equipment, sites, syncLogs } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';

/** A gateway as its device credential names it. */
export interface GatewayRecord {
  id: string;
  spaceId: string;
  siteId: string;
  serialNumber: string;
  /** SHA-256 (hex) of the credential's secret; null once revoked. */
  credentialHash: string | null;
}

/** One reading ready for storage (its station resolved, its time parsed). */
export interface ReadingValues {
  equipmentId: string;
  measuredAt: Date;
  termiteActivity: number;
  baitConsumption: number;
  batteryLevel: string;
  batteryPercent: number | null;
  signalLevel: number;
  state: number;
}

/** A station's status taken from its newest reading of an uplink. */
export interface StationStatus {
  equipmentId: string;
  measuredAt: Date;
  batteryLevel: string;
  batteryPercent: number | null;
  signalLevel: number;
  state: number;
}

/** The status a gateway reports about itself; absent fields keep their stored value. */
export interface GatewayStatus {
  firmwareVersion?: string | undefined;
  batteryLevel?: string | undefined;
  batteryPercent?: number | undefined;
  signalLevel?: number | undefined;
  state?: number | undefined;
  latitude?: string | undefined;
  longitude?: string | undefined;
  /** Time of this uplink (never later than its reception). */
  lastUpdateAt: Date;
}

/** One row of the synchronisation log. */
export interface SyncLogValues {
  spaceId: string;
  siteId: string;
  gatewayId: string;
  transport: 'http' | 'mqtt';
  receivedAt: Date;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: { serial_number?: string; code: string }[];
}

const iso = (value: Date) => value.toISOString();

function createTelemetryQueries(db: Db) {
  return {
    /** The gateway `gatewayId` (kind gateway), or undefined. Not scoped: the credential is what names the space. */
    async findGateway(gatewayId: string): Promise<GatewayRecord | undefined> {
      const [row] = await db
        .select({
          id: equipment.id,
          spaceId: equipment.spaceId,
          siteId: equipment.siteId,
          serialNumber: equipment.serialNumber,
          credentialHash: equipment.credentialHash,
        })
        .from(equipment)
        .where(and(eq(equipment.id, gatewayId), eq(equipment.kind, 'gateway')))
        .limit(1);
      return row;
    },

    /**
     * The stations (igs, ags) of site `siteId` of space `spaceId` among `serials`, locked in id order so that
     * concurrent uplinks touching the same stations queue instead of deadlocking. `FOR NO KEY UPDATE`: rows that only
     * reference a station (an alert the engine opens, another writer's reading) do not wait for the uplink
     * (docs/decisions/025). Use inside a transaction.
     */
    async lockStations(spaceId: string, siteId: string, serials: string[]) {
      if (serials.length === 0) return [];
      return db
        .select({ id: equipment.id, serialNumber: equipment.serialNumber })
        .from(equipment)
        .where(
          and(
            eq(equipment.spaceId, spaceId),
            eq(equipment.siteId, siteId),
            inArray(equipment.kind, ['igs', 'ags']),
            inArray(equipment.serialNumber, serials),
          ),
        )
        .orderBy(asc(equipment.id))
        .for('no key update');
    },

    /**
     * Writes what an uplink brings, in one statement (one round trip, docs/decisions/025):
     * - inserts `rows`; a reading already stored for the same (station, measured_at) — or repeated in `rows` — is
     *   skipped. The inserted readings are folded into their stations' daily aggregates (`reading_days`, UTC day:
     *   highest bait consumption, latest time), whatever their order or lateness, so the alert engine reads one row a
     *   station and day;
     * - sets each station's battery, signal, state and `last_update_at` from `statuses` (one per station), unless the
     *   station already holds a newer reading (a late, buffered uplink does not roll its status back);
     * - writes the gateway's own status (absent fields keep their value; `last_update_at` only moves forward);
     * - appends the sync log row, with the counts of accepted and duplicate readings.
     * Answers how many readings were inserted.
     */
    async recordUplink(uplink: {
      spaceId: string;
      gatewayId: string;
      rows: ReadingValues[];
      statuses: StationStatus[];
      gateway: GatewayStatus;
      syncLog: Omit<SyncLogValues, 'accepted' | 'duplicates'>;
    }): Promise<number> {
      const { spaceId, gatewayId, rows, statuses, gateway: g, syncLog: log } = uplink;
      const readingsBatch = JSON.stringify(
        rows.map((r) => ({
          equipment_id: r.equipmentId,
          measured_at: iso(r.measuredAt),
          termite_activity: r.termiteActivity,
          bait_consumption: r.baitConsumption,
          battery_level: r.batteryLevel,
          battery_percent: r.batteryPercent,
          signal_level: r.signalLevel,
          state: r.state,
        })),
      );
      const statusBatch = JSON.stringify(
        statuses.map((s) => ({
          id: s.equipmentId,
          measured_at: iso(s.measuredAt),
          battery_level: s.batteryLevel,
          battery_percent: s.batteryPercent,
          signal_level: s.signalLevel,
          state: s.state,
        })),
      );
      const located = g.latitude !== undefined && g.longitude !== undefined;
      const result = await db.execute(sql`
        with inserted as (
          insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
                                battery_percent, signal_level, state, received_at)
          select r.equipment_id, r.measured_at, r.termite_activity, r.bait_consumption, r.battery_level,
                 r.battery_percent, r.signal_level, r.state, ${iso(log.receivedAt)}::timestamptz
          from json_to_recordset(${readingsBatch}::json) as r(
            equipment_id char(26), measured_at timestamptz, termite_activity smallint, bait_consumption smallint,
            battery_level text, battery_percent smallint, signal_level smallint, state smallint)
          on conflict (equipment_id, measured_at) do nothing
          returning equipment_id, measured_at, bait_consumption
        ),
        days as (
          insert into reading_days (equipment_id, day, max_consumption, last_measured_at)
          select equipment_id, (measured_at at time zone 'UTC')::date, max(bait_consumption), max(measured_at)
          from inserted
          group by 1, 2
          on conflict (equipment_id, day) do update
            set max_consumption = greatest(reading_days.max_consumption, excluded.max_consumption),
                last_measured_at = greatest(reading_days.last_measured_at, excluded.last_measured_at)
        ),
        stations as (
          update equipment as e
          set battery_level = s.battery_level,
              battery_percent = coalesce(s.battery_percent, e.battery_percent),
              signal_level = s.signal_level,
              state = s.state,
              last_update_at = s.measured_at
          from json_to_recordset(${statusBatch}::json) as s(
            id char(26), measured_at timestamptz, battery_level text, battery_percent smallint, signal_level smallint,
            state smallint)
          where e.id = s.id and e.space_id = ${spaceId}
            and (e.last_update_at is null or e.last_update_at <= s.measured_at)
        ),
        gateway as (
          update equipment
          set firmware_version = coalesce(${g.firmwareVersion ?? null}::text, firmware_version),
              battery_level = coalesce(${g.batteryLevel ?? null}::text, battery_level),
              battery_percent = coalesce(${g.batteryPercent ?? null}::smallint, battery_percent),
              signal_level = coalesce(${g.signalLevel ?? null}::smallint, signal_level),
              state = coalesce(${g.state ?? null}::smallint, state),
              latitude = case when ${located} then ${g.latitude ?? null}::numeric else latitude end,
              longitude = case when ${located} then ${g.longitude ?? null}::numeric else longitude end,
              last_update_at = greatest(last_update_at, ${iso(g.lastUpdateAt)}::timestamptz)
          where id = ${gatewayId} and space_id = ${spaceId}
        ),
        logged as (
          insert into sync_logs (space_id, site_id, gateway_id, transport, received_at, accepted, duplicates, rejected,
                                 errors)
          select ${log.spaceId}, ${log.siteId}, ${log.gatewayId}, ${log.transport}, ${iso(log.receivedAt)}::timestamptz,
                 n.accepted, ${rows.length}::int - n.accepted, ${log.rejected}::int, ${JSON.stringify(log.errors)}::jsonb
          from (select count(*)::int as accepted from inserted) n
        )
        select count(*)::int as accepted from inserted`);
      // Both drivers answer `{rows}`.
      const { rows: counted } = result as unknown as { rows: { accepted: number | string }[] };
      return Number(counted[0]?.accepted ?? 0);
    },

    /** True when site `siteId` belongs to space `spaceId`. */
    async siteExists(spaceId: string, siteId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.spaceId, spaceId)))
        .limit(1);
      return row !== undefined;
    },

    /** One page of the site's synchronisation log, newest first, with its gateway (null once removed). */
    async syncLogPage(spaceId: string, siteId: string, window: PageWindow) {
      const gateway = alias(equipment, 'gateway');
      const scope = and(eq(syncLogs.spaceId, spaceId), eq(syncLogs.siteId, siteId));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: syncLogs.id,
            transport: syncLogs.transport,
            receivedAt: syncLogs.receivedAt,
            accepted: syncLogs.accepted,
            duplicates: syncLogs.duplicates,
            rejected: syncLogs.rejected,
            errors: syncLogs.errors,
            gatewayId: gateway.id,
            gatewaySerialNumber: gateway.serialNumber,
            gatewayReference: gateway.reference,
          })
          .from(syncLogs)
          .leftJoin(gateway, eq(gateway.id, syncLogs.gatewayId))
          .where(scope)
          .orderBy(desc(syncLogs.receivedAt), desc(syncLogs.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(syncLogs).where(scope),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type TelemetryQueries = ReturnType<typeof createTelemetryQueries>;
export type SyncLogRow = Awaited<ReturnType<TelemetryQueries['syncLogPage']>>['rows'][number];

/** The repository: its queries, plus `transaction(work)` running `work` on queries bound to one transaction. */
export function createTelemetryRepository(db: Db) {
  return {
    ...createTelemetryQueries(db),
    /** Runs `work` in one transaction; inside it, use only the queries it is given. */
    transaction<T>(work: (tx: TelemetryQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createTelemetryQueries(tx as unknown as Db)));
    },
  };
}
export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
