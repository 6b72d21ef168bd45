/**
 * The overview's queries (issue 15 "The overview per space"): the positioned sites of one PCO space for its Home map,
 * and the fleet health of many PCOs in one statement — one row per PCO, each figure an aggregate grouped by space
 * (no query per PCO); an alert's response is the response clock's (alerts/response-clock.ts, ADR 019). The only file of the module that talks to the database. Scopes: the map takes the actor's
 * space; the fleet takes the dealer whose PCOs it covers (none: every PCO, the admin's view).
 */
import type { FleetHealthOrder } from '@isoptera/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { clients, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { escapeLike } from '../../platform/db/text-search.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';
import { respondedAtSql } from '../alerts/response-clock.js';

/** A positioned site as the map needs it. */
export interface SiteMapRow {
  id: string;
  name: string;
  status: string;
  prioritySum: number;
  mainAlertType: string | null;
  latitude: number;
  longitude: number;
  clientId: string;
  clientName: string;
}

/** The figures of one PCO (see `fleetHealthItem` of the contract). */
export interface FleetHealthRow {
  id: string;
  name: string;
  dealerId: string | null;
  dealerName: string | null;
  sites: number;
  sitesInAlert: number;
  gateways: number;
  silentGateways: number;
  stations: number;
  lowBatteryStations: number;
  firmware: { version: string; count: number }[];
  medianResponseSeconds: number | null;
  responses: number;
  /** Milliseconds since the epoch, or null. */
  lastLoginMs: number | null;
}

export interface FleetHealthFilters {
  /** Only the PCOs of this dealer; undefined: every PCO. */
  dealerId: string | undefined;
  search: string | undefined;
  order: FleetHealthOrder;
  direction: 'asc' | 'desc';
  /** Gateways silent since before this instant count as silent. */
  silentBefore: Date;
  /** Alerts opened since this instant count in the median response time. */
  responsesSince: Date;
}

/** The SQL expression each order sorts by (over the columns of the final select). */
const ORDER_EXPRESSIONS: Record<FleetHealthOrder, string> = {
  name: 'lower(pco.name)',
  sites_in_alert: 'sites_in_alert',
  silent_gateways: 'silent_gateways',
  low_battery_stations: 'low_battery_stations',
  firmware_versions: 'firmware_version_count',
  median_response_seconds: 'median_response_seconds',
  last_login_at: 'last_login_ms',
};

type RawFleetRow = {
  id: string;
  name: string;
  dealer_id: string | null;
  dealer_name: string | null;
  sites: number | string;
  sites_in_alert: number | string;
  gateways: number | string;
  silent_gateways: number | string;
  stations: number | string;
  low_battery_stations: number | string;
  firmware: unknown;
  median_response_seconds: number | string | null;
  responses: number | string;
  last_login_ms: number | string | null;
  total: number | string;
};

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The firmware column: a JSON array (a string on a driver that does not parse `json`). */
function firmwareOf(value: unknown): { version: string; count: number }[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((entry: { version: string; count: number | string }) => ({
    version: String(entry.version),
    count: Number(entry.count),
  }));
}

/** The open PCOs in scope (their dealer's, when given) whose name contains `search`. */
function pcoScope(filters: Pick<FleetHealthFilters, 'dealerId' | 'search'>): SQL {
  const conditions = [sql`s.type = 'pco'`, sql`s.closed_at is null`];
  if (filters.dealerId) conditions.push(sql`s.dealer_id = ${filters.dealerId}`);
  if (filters.search) {
    conditions.push(sql`fold_name(s.name) like '%' || fold_name(${escapeLike(filters.search)}) || '%'`);
  }
  return sql.join(conditions, sql` and `);
}

export function createOverviewRepository(db: Db) {
  return {
    /**
     * The sites of `spaceId` with both coordinates, at most `limit`, in alert first (by `priority_sum`), then by
     * name; and the number of its sites without a position.
     */
    async siteMap(spaceId: string, limit: number): Promise<{ rows: SiteMapRow[]; withoutPosition: number }> {
      const positioned = and(isNotNull(sites.latitude), isNotNull(sites.longitude));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: sites.id,
            name: sites.name,
            status: sites.status,
            prioritySum: sites.prioritySum,
            mainAlertType: sites.mainAlertType,
            latitude: sql<number>`${sites.latitude}::float8`.mapWith(Number),
            longitude: sql<number>`${sites.longitude}::float8`.mapWith(Number),
            clientId: clients.id,
            clientName: clients.name,
          })
          .from(sites)
          .innerJoin(clients, eq(clients.id, sites.clientId))
          .where(and(eq(sites.spaceId, spaceId), positioned))
          .orderBy(desc(sites.prioritySum), sql`lower(${sites.name})`, asc(sites.id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(sites)
          .where(and(eq(sites.spaceId, spaceId), or(isNull(sites.latitude), isNull(sites.longitude)))),
      ]);
      return { rows, withoutPosition: counted?.n ?? 0 };
    },

    /**
     * One page of the fleet health of the PCOs in scope, sorted by `order` (missing values last, then by name and
     * id), with the number of PCOs in scope. One statement: each figure is an aggregate over the scoped PCOs' rows,
     * grouped by space; a median response is `percentile_cont(0.5)` of the alerts' response seconds.
     */
    async fleetHealth(
      filters: FleetHealthFilters,
      window: PageWindow,
    ): Promise<{ rows: FleetHealthRow[]; total: number }> {
      const direction = filters.direction === 'desc' ? 'desc' : 'asc';
      const orderBy = sql.raw(`${ORDER_EXPRESSIONS[filters.order]} ${direction} nulls last, lower(pco.name), pco.id`);
      const result = (await db.execute(sql`
        with pco as (
          select s.id, s.name, s.dealer_id, d.name as dealer_name
          from spaces s left join spaces d on d.id = s.dealer_id
          where ${pcoScope(filters)}
        ),
        site_figures as (
          select space_id, count(*)::int as sites, count(*) filter (where priority_sum > 0)::int as sites_in_alert
          from sites where space_id in (select id from pco) group by space_id
        ),
        device_figures as (
          select space_id,
            count(*) filter (where kind = 'gateway')::int as gateways,
            count(*) filter (
              where kind = 'gateway'
                and coalesce(last_update_at, installed_at, created_at) < ${filters.silentBefore.toISOString()}::timestamptz
            )::int as silent_gateways,
            count(*) filter (where kind <> 'gateway')::int as stations,
            count(*) filter (where kind <> 'gateway' and battery_level = 'Low')::int as low_battery_stations
          from equipment where space_id in (select id from pco) group by space_id
        ),
        firmware_figures as (
          select space_id,
            json_agg(json_build_object('version', version, 'count', devices) order by devices desc, version) as firmware,
            count(*)::int as firmware_version_count
          from (
            select space_id, firmware_version as version, count(*)::int as devices
            from equipment where space_id in (select id from pco) and firmware_version is not null
            group by space_id, firmware_version
          ) versions
          group by space_id
        ),
        responses as (
          select alerts.space_id, extract(epoch from (${respondedAtSql} - alerts.opened_at)) as seconds
          from alerts
          where alerts.space_id in (select id from pco)
            and alerts.opened_at >= ${filters.responsesSince.toISOString()}::timestamptz
        ),
        response_figures as (
          select space_id, round(percentile_cont(0.5) within group (order by seconds))::int as median_response_seconds,
            count(*)::int as responses
          from responses where seconds is not null group by space_id
        ),
        login_figures as (
          select m.space_id, (extract(epoch from max(ac.last_login_at)) * 1000)::float8 as last_login_ms
          from memberships m inner join accounts ac on ac.id = m.account_id
          where m.space_id in (select id from pco) group by m.space_id
        )
        select pco.id, pco.name, pco.dealer_id, pco.dealer_name,
          coalesce(sf.sites, 0) as sites, coalesce(sf.sites_in_alert, 0) as sites_in_alert,
          coalesce(df.gateways, 0) as gateways, coalesce(df.silent_gateways, 0) as silent_gateways,
          coalesce(df.stations, 0) as stations, coalesce(df.low_battery_stations, 0) as low_battery_stations,
          coalesce(ff.firmware, '[]'::json) as firmware, coalesce(ff.firmware_version_count, 0) as firmware_version_count,
          rf.median_response_seconds, coalesce(rf.responses, 0) as responses, lf.last_login_ms,
          count(*) over () as total
        from pco
          left join site_figures sf on sf.space_id = pco.id
          left join device_figures df on df.space_id = pco.id
          left join firmware_figures ff on ff.space_id = pco.id
          left join response_figures rf on rf.space_id = pco.id
          left join login_figures lf on lf.space_id = pco.id
        order by ${orderBy}
        limit ${window.limit} offset ${window.offset}`)) as unknown as { rows: RawFleetRow[] };
      const rows = result.rows.map(
        (row): FleetHealthRow => ({
          id: row.id,
          name: row.name,
          dealerId: row.dealer_id,
          dealerName: row.dealer_name,
          sites: Number(row.sites),
          sitesInAlert: Number(row.sites_in_alert),
          gateways: Number(row.gateways),
          silentGateways: Number(row.silent_gateways),
          stations: Number(row.stations),
          lowBatteryStations: Number(row.low_battery_stations),
          firmware: firmwareOf(row.firmware),
          medianResponseSeconds: numberOrNull(row.median_response_seconds),
          responses: Number(row.responses),
          lastLoginMs: numberOrNull(row.last_login_ms),
        }),
      );
      const first = result.rows[0];
      if (first) return { rows, total: Number(first.total) };
      // a page past the last one carries no total: count the PCOs in scope alone
      const counted = (await db.execute(
        sql`select count(*)::int as n from spaces s where ${pcoScope(filters)}`,
      )) as unknown as {
        rows: { n: number | string }[];
      };
      return { rows, total: Number(counted.rows[0]?.n ?? 0) };
    },
  };
}
export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
