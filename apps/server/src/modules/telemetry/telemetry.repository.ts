/**
 * Queries of telemetry ingestion (issue 5 "Telemetry ingestion"): the gateway a device credential names, the stations
 * of its site, the batch insert of readings, the equipment status updates, and the site's synchronisation log.
 * Batches travel as one JSON parameter (`json_to_recordset`): one round trip per statement, whatever the number of
 * readings. Every query is scoped to a space id.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
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

/** One reading ready for storage (its time parsed), by its station's serial and its index in the uplink. */
export interface ReadingValues {
  /** Position in the uplink's `readings` (for the rejections). */
  index: number;
  serialNumber: string;
  measuredAt: Date;
  termiteActivity: number;
  baitConsumption: number;
  batteryLevel: string;
  batteryPercent: number | null;
  signalLevel: number;
  state: number;
}

/** A station's status taken from its newest reading of an uplink, by its serial. */
export interface StationStatus {
  serialNumber: string;
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
     * Writes what an uplink brings, in **one statement** — one round trip, atomic without a transaction around it
     * (docs/decisions/025):
     * - resolves the serials of `rows` to the stations (igs, ags) of site `siteId` of space `spaceId` and locks those
     *   stations in id order (`FOR NO KEY UPDATE`), so that concurrent uplinks touching the same stations queue
     *   instead of deadlocking, while rows that only reference a station (an alert, a sync log) do not wait; a
     *   reading of any other serial is rejected `unknown_station`;
     * - inserts the readings; one already stored for the same (station, measured_at) — or repeated in `rows` — is
     *   skipped. The inserted readings are folded into their stations' daily aggregates (`reading_days`, UTC day:
     *   highest bait consumption, latest time), whatever their order or lateness, so the alert engine reads one row a
     *   station and day;
     * - sets each station's battery, signal, state and `last_update_at` from `statuses` (one per serial), unless the
     *   station already holds a newer reading (a late, buffered uplink does not roll its status back);
     * - writes the gateway's own status (absent fields keep their value; `last_update_at` only moves forward);
     * - appends the sync log row: accepted and duplicate readings, and the rejections — `future` (already rejected
     *   `measured_at_in_future` by the caller) plus the unknown stations — as distinct (serial, code) pairs in the
     *   order of their first reading.
     * Answers how many readings were inserted, the ids of the stations that reported, and the unknown-station
     * rejections (index in the uplink, serial).
     */
    async recordUplink(uplink: {
      spaceId: string;
      siteId: string;
      gatewayId: string;
      rows: ReadingValues[];
      statuses: StationStatus[];
      gateway: GatewayStatus;
      /** The readings rejected `measured_at_in_future` before the call. */
      future: { index: number; serialNumber: string }[];
      syncLog: Pick<SyncLogValues, 'transport' | 'receivedAt'>;
    }): Promise<{ accepted: number; stationIds: string[]; unknown: { index: number; serialNumber: string }[] }> {
      const { spaceId, siteId, gatewayId, rows, statuses, gateway: g, future, syncLog: log } = uplink;
      const serials = [...new Set(rows.map((r) => r.serialNumber))];
      const readingsBatch = JSON.stringify(
        rows.map((r) => ({
          i: r.index,
          serial_number: r.serialNumber,
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
          serial_number: s.serialNumber,
          measured_at: iso(s.measuredAt),
          battery_level: s.batteryLevel,
          battery_percent: s.batteryPercent,
          signal_level: s.signalLevel,
          state: s.state,
        })),
      );
      const futureBatch = JSON.stringify(future.map((f) => ({ i: f.index, serial_number: f.serialNumber })));
      const located = g.latitude !== undefined && g.longitude !== undefined;
      const result = await db.execute(sql`
        with stations as (
          select id, serial_number from equipment
          where space_id = ${spaceId} and site_id = ${siteId} and kind in ('igs', 'ags')
            and serial_number = any(${sql.param(serials)}::text[])
          order by id
          for no key update
        ),
        batch as (
          select r.*, s.id as equipment_id
          from json_to_recordset(${readingsBatch}::json) as r(
            i int, serial_number text, measured_at timestamptz, termite_activity smallint, bait_consumption smallint,
            battery_level text, battery_percent smallint, signal_level smallint, state smallint)
          left join stations s on s.serial_number = r.serial_number
        ),
        inserted as (
          insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
                                battery_percent, signal_level, state, received_at)
          select equipment_id, measured_at, termite_activity, bait_consumption, battery_level, battery_percent,
                 signal_level, state, ${iso(log.receivedAt)}::timestamptz
          from batch where equipment_id is not null
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
        status as (
          update equipment as e
          set battery_level = s.battery_level,
              battery_percent = coalesce(s.battery_percent, e.battery_percent),
              signal_level = s.signal_level,
              state = s.state,
              last_update_at = s.measured_at
          from json_to_recordset(${statusBatch}::json) as s(
            serial_number text, measured_at timestamptz, battery_level text, battery_percent smallint,
            signal_level smallint, state smallint)
          join stations st on st.serial_number = s.serial_number
          where e.id = st.id and (e.last_update_at is null or e.last_update_at <= s.measured_at)
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
        rejections as (
          select i, serial_number, 'measured_at_in_future' as code
          from json_to_recordset(${futureBatch}::json) as f(i int, serial_number text)
          union all
          select i, serial_number, 'unknown_station' from batch where equipment_id is null
        ),
        counts as (
          select (select count(*)::int from inserted) as accepted, (select count(*)::int from rejections) as rejected
        ),
        logged as (
          insert into sync_logs (space_id, site_id, gateway_id, transport, received_at, accepted, duplicates, rejected,
                                 errors)
          select ${spaceId}, ${siteId}, ${gatewayId}, ${log.transport}, ${iso(log.receivedAt)}::timestamptz,
                 c.accepted, (select count(*)::int from batch where equipment_id is not null) - c.accepted, c.rejected,
                 coalesce((
                   select jsonb_agg(jsonb_build_object('serial_number', serial_number, 'code', code) order by first)
                   from (select serial_number, code, min(i) as first from rejections group by serial_number, code) d
                 ), '[]'::jsonb)
          from counts c
        )
        select c.accepted,
          (select json_agg(id) from stations) as station_ids,
          (select json_agg(json_build_array(i, serial_number) order by i) from batch where equipment_id is null)
            as unknown
        from counts c`);
      // Both drivers answer `{rows}`; json columns come back parsed.
      const [row] = (
        result as unknown as { rows: { accepted: number | string; station_ids: unknown; unknown: unknown }[] }
      ).rows;
      const unknown = Array.isArray(row?.unknown) ? (row.unknown as [number, string][]) : [];
      return {
        accepted: Number(row?.accepted ?? 0),
        stationIds: Array.isArray(row?.station_ids) ? (row.station_ids as string[]) : [],
        unknown: unknown.map(([index, serialNumber]) => ({ index, serialNumber })),
      };
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

/** The repository of telemetry ingestion: every write of an uplink is one statement, so no transaction is handed out. */
export const createTelemetryRepository = createTelemetryQueries;
export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;
