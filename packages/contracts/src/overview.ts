/**
 * The overview per space (issue 15 "The overview per space"; SPEC §2.7 "Overview/home"): the map of a PCO's sites on
 * its Home, and the fleet health of the PCOs a dealer or an admin looks after. Times are ISO 8601 with the offset of
 * the actor's time zone; durations are whole seconds.
 */
import { z } from 'zod';
import { orderDirection, pageQuery } from './common.js';
import { SITE_STATUSES } from './enums.js';
import { RULE_ALERT_TYPES } from './equipment.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';

// ─── PCO Home: the map of the sites ────────────────────────────────────────────────────────────────────────────────

/** The most sites `GET /api/sites/map` answers (the positioned ones in alert first): a map shows no more usefully. */
export const SITE_MAP_LIMIT = 5000;

/** A site on the PCO's map: where it is, its status and its worst open alert (`/api/sites/{ulid}`). */
export const siteMapItem = z
  .object({
    ...jsonLdKeys('Site'),
    ulid: z.string(),
    name: z.string(),
    client: z.object({ ...jsonLdKeys('Client'), ulid: z.string(), name: z.string() }),
    status: z.enum(SITE_STATUSES),
    priority_sum: z.number().int().describe('Sum of the priorities of the open alerts; > 0: the site is in alert'),
    main_alert_type: z.enum(RULE_ALERT_TYPES).nullable().describe('Type of the highest-priority open alert'),
    latitude: z.number().min(-90).max(90).describe('Decimal degrees'),
    longitude: z.number().min(-180).max(180).describe('Decimal degrees'),
  })
  .meta({ id: 'SiteMapItem' });
export type SiteMapItem = z.output<typeof siteMapItem>;

/**
 * `GET /api/sites/map` (PCO action): every site of the space with a position (at most {@link SITE_MAP_LIMIT}, the
 * sites in alert first), not paged, and how many sites have no position.
 */
export const siteMapCollection = hydraCollectionOf(siteMapItem)
  .extend({
    without_position: z.number().int().min(0).describe('Sites of the space without a position (not on the map)'),
  })
  .meta({ id: 'SiteMapCollection' });
export type SiteMapCollection = z.output<typeof siteMapCollection>;

// ─── Dealer and admin: fleet health ────────────────────────────────────────────────────────────────────────────────

/** A gateway whose last uplink (or, before any, its registration) is older than this many hours is "silent". */
export const FLEET_SILENT_GATEWAY_HOURS = 24;
/** The median response time covers the alerts opened in the last this-many days. */
export const FLEET_RESPONSE_WINDOW_DAYS = 30;

/** The columns `GET /api/fleet_health` sorts by (`order[<column>]=asc|desc`). */
export const FLEET_HEALTH_ORDERS = [
  'name',
  'sites_in_alert',
  'silent_gateways',
  'low_battery_stations',
  'firmware_versions',
  'median_response_seconds',
  'last_login_at',
] as const;
export type FleetHealthOrder = (typeof FLEET_HEALTH_ORDERS)[number];

/**
 * `GET /api/fleet_health?page&itemsPerPage&search&order[<column>]=asc|desc`: `search` matches the PCO's name
 * (ignoring case and accents); one `order[…]` (the first given) among {@link FLEET_HEALTH_ORDERS}, default
 * `order[sites_in_alert]=desc`; ties by name. Missing values (no response, no login) sort last either way.
 */
export const fleetHealthQuery = z.object({
  ...pageQuery,
  search: z.string().trim().max(255).optional(),
  order: z
    .object(
      Object.fromEntries(FLEET_HEALTH_ORDERS.map((key) => [key, orderDirection.optional()])) as {
        [K in FleetHealthOrder]: z.ZodOptional<typeof orderDirection>;
      },
    )
    .optional(),
});
export type FleetHealthQuery = z.output<typeof fleetHealthQuery>;
export type FleetHealthQueryInput = z.input<typeof fleetHealthQuery>;

/** One firmware version in use in a PCO, with the number of devices (gateways and stations) running it. */
export const firmwareCount = z.object({ version: z.string(), count: z.number().int().min(1) });

/**
 * The health of one PCO (`/api/fleet_health/{ulid}`, the PCO's ULID): its sites in alert, silent gateways, stations
 * with a low battery (level `Low`, what opens TYPE_LOW_BATTERY), the firmware versions of its devices, the median
 * response time of its alerts over {@link FLEET_RESPONSE_WINDOW_DAYS} days and the last login of any of its members.
 */
export const fleetHealthItem = z
  .object({
    ...jsonLdKeys('FleetHealth'),
    ulid: z.string().describe('ULID of the PCO (what `connect-on-pco` takes to enter it)'),
    name: z.string(),
    pco: z.string().describe('IRI of the PCO (`/api/pcos/{ulid}`)'),
    dealer: z
      .object({ ...jsonLdKeys('Dealer'), ulid: z.string(), name: z.string() })
      .nullable()
      .describe('Its dealer'),
    sites: z.number().int().min(0).describe('Sites of the PCO'),
    sites_in_alert: z.number().int().min(0).describe('Sites with at least one open alert'),
    gateways: z.number().int().min(0),
    silent_gateways: z
      .number()
      .int()
      .min(0)
      .describe(
        `Gateways without an uplink for more than ${FLEET_SILENT_GATEWAY_HOURS} h (or never, registered before)`,
      ),
    stations: z.number().int().min(0),
    low_battery_stations: z.number().int().min(0).describe('Stations whose battery level is `Low`'),
    firmware_versions: z
      .array(firmwareCount)
      .describe('Firmware versions in use (devices that report one), most used first, then by version'),
    median_response_seconds: z
      .number()
      .int()
      .nullable()
      .describe(
        `Median time from an alert's opening to the first visit check-in on its site or to its acknowledgement, ` +
          `whichever came first, over the alerts opened in the last ${FLEET_RESPONSE_WINDOW_DAYS} days that got a ` +
          'response; null when none did',
      ),
    responses: z.number().int().min(0).describe('How many alerts the median covers'),
    last_login_at: isoDateTime.nullable().describe('Last login of any member of the PCO, or null'),
  })
  .meta({ id: 'FleetHealth' });
export type FleetHealth = z.output<typeof fleetHealthItem>;

export const fleetHealthCollection = hydraCollectionOf(fleetHealthItem).meta({ id: 'FleetHealthCollection' });
export type FleetHealthCollection = z.output<typeof fleetHealthCollection>;
