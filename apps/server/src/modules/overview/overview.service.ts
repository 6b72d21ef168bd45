/**
 * The overview per space (issue 15 "The overview per space"; SPEC §2.7 "Overview/home"): the map of a PCO's sites and
 * the fleet health of the PCOs a dealer or an admin looks after. A dealer actor (also an admin substituted into a
 * dealer) sees its own PCOs only; an admin every PCO; the routes refuse anyone else (403) before this runs.
 */
import {
  contextIri,
  FLEET_RESPONSE_WINDOW_DAYS,
  FLEET_SILENT_GATEWAY_HOURS,
  type FleetHealth,
  type FleetHealthCollection,
  type FleetHealthOrder,
  type FleetHealthQuery,
  iri,
  RULE_ALERT_TYPES,
  type RuleAlertType,
  SITE_MAP_LIMIT,
  type SiteMapCollection,
  type SiteMapItem,
  type SiteStatus,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { FleetHealthRow, OverviewRepository, SiteMapRow } from './overview.repository.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The default order of the fleet: the PCOs with the most sites in alert first. */
const DEFAULT_ORDER: { order: FleetHealthOrder; direction: 'asc' | 'desc' } = {
  order: 'sites_in_alert',
  direction: 'desc',
};

const isRuleAlertType = (type: string | null): type is RuleAlertType =>
  type !== null && (RULE_ALERT_TYPES as readonly string[]).includes(type);

/** The JSON of a site on the map. */
function siteMapItem(row: SiteMapRow): SiteMapItem {
  return {
    '@id': iri('sites', row.id),
    '@type': 'Site',
    ulid: row.id,
    name: row.name,
    client: { '@id': iri('clients', row.clientId), '@type': 'Client', ulid: row.clientId, name: row.clientName },
    status: row.status as SiteStatus,
    priority_sum: row.prioritySum,
    main_alert_type: isRuleAlertType(row.mainAlertType) ? row.mainAlertType : null,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The JSON of one PCO's health; the last login in the actor's time zone. */
function fleetHealthItem(row: FleetHealthRow, actor: Actor): FleetHealth {
  return {
    '@id': `/api/fleet_health/${row.id}`,
    '@type': 'FleetHealth',
    ulid: row.id,
    name: row.name,
    pco: iri('pcos', row.id),
    dealer: row.dealerId
      ? { '@id': iri('dealers', row.dealerId), '@type': 'Dealer', ulid: row.dealerId, name: row.dealerName ?? '' }
      : null,
    sites: row.sites,
    sites_in_alert: row.sitesInAlert,
    gateways: row.gateways,
    silent_gateways: row.silentGateways,
    stations: row.stations,
    low_battery_stations: row.lowBatteryStations,
    firmware_versions: row.firmware,
    median_response_seconds: row.medianResponseSeconds,
    responses: row.responses,
    last_login_at: row.lastLoginMs === null ? null : formatZoned(new Date(row.lastLoginMs), actor.timezone),
  };
}

/** The first `order[…]` of the query that names a known column, else the default. */
function orderOf(query: Pick<FleetHealthQuery, 'order'>): { order: FleetHealthOrder; direction: 'asc' | 'desc' } {
  for (const [order, direction] of Object.entries(query.order ?? {})) {
    if (direction) return { order: order as FleetHealthOrder, direction };
  }
  return DEFAULT_ORDER;
}

export interface OverviewServiceDeps {
  repository: OverviewRepository;
  now?: () => Date;
}

export function createOverviewService({ repository, now = () => new Date() }: OverviewServiceDeps) {
  return {
    /** `GET /api/sites/map`: the positioned sites of the actor's PCO space and the count of the others. */
    async siteMap(actor: Actor): Promise<SiteMapCollection> {
      const { rows, withoutPosition } = await repository.siteMap(actor.spaceId, SITE_MAP_LIMIT);
      return {
        '@context': contextIri('Site'),
        '@id': '/api/sites/map',
        '@type': 'hydra:Collection',
        'hydra:member': rows.map(siteMapItem),
        'hydra:totalItems': rows.length,
        without_position: withoutPosition,
      };
    },

    /**
     * `GET /api/fleet_health`: one page of the health of the PCOs the actor looks after (a dealer: its own; an admin:
     * all), sorted and searched as asked. Gateways silent for more than {@link FLEET_SILENT_GATEWAY_HOURS} h and the
     * alerts of the last {@link FLEET_RESPONSE_WINDOW_DAYS} days are counted from now.
     */
    async fleetHealth(actor: Actor, query: FleetHealthQuery, url: string): Promise<FleetHealthCollection> {
      const window = pageWindow(query);
      const at = now().getTime();
      const { rows, total } = await repository.fleetHealth(
        {
          dealerId: actor.spaceType === 'dealer' ? actor.spaceId : undefined,
          search: query.search?.trim() || undefined,
          ...orderOf(query),
          silentBefore: new Date(at - FLEET_SILENT_GATEWAY_HOURS * HOUR_MS),
          responsesSince: new Date(at - FLEET_RESPONSE_WINDOW_DAYS * DAY_MS),
        },
        window,
      );
      return hydraCollection(
        url,
        rows.map((row) => fleetHealthItem(row, actor)),
        total,
        window,
        'FleetHealth',
      ) as FleetHealthCollection;
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
