/**
 * The endpoints of the overview per space (issue 15; SPEC §2.7 "Overview/home", §7 style): the map of the PCO's sites
 * (`GET /api/sites/map`, PCO action) and the fleet health of the PCOs a dealer or an admin looks after
 * (`GET /api/fleet_health`, admin action: every PCO; dealer action: its own PCOs).
 */
import { defineEndpoint } from './endpoint.js';
import { fleetHealthCollection, fleetHealthQuery, SITE_MAP_LIMIT, siteMapCollection } from './overview.js';
import { ACTIONS } from './roles.js';

export const overviewEndpoints = {
  siteMap: defineEndpoint({
    operationId: 'siteMap',
    method: 'GET',
    path: '/api/sites/map',
    tags: ['Sites'],
    access: { anyOf: [ACTIONS.PCO_ACTION] },
    summary: 'The sites of the space with a position, for the Home map (not paged)',
    description:
      `PCO action. Every site with a latitude and a longitude (at most ${SITE_MAP_LIMIT}, the sites in alert first, ` +
      'then by name), with its status and worst open alert; `without_position` counts the sites left off the map ' +
      'for want of a position.',
    responses: { 200: siteMapCollection },
  }),
  fleetHealth: defineEndpoint({
    operationId: 'listFleetHealth',
    method: 'GET',
    path: '/api/fleet_health',
    tags: ['Spaces'],
    access: { anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION] },
    summary: 'The health of each PCO: alerts, silent gateways, batteries, firmware, response time, last login',
    description:
      'Admin action (every open PCO) or dealer action (the open PCOs of its own dealer). A hydra collection, 30 a ' +
      'page (`itemsPerPage` ≤ 100); `search` matches the name ignoring case and accents; `order[name|sites_in_alert|' +
      'silent_gateways|low_battery_stations|firmware_versions|median_response_seconds|last_login_at]=asc|desc` (the ' +
      'first given; default `order[sites_in_alert]=desc`, ties by name; `firmware_versions` sorts by the number of ' +
      'versions in use; missing values last). Enter a PCO with `connect-on-pco` and its `ulid`.',
    query: fleetHealthQuery,
    responses: { 200: fleetHealthCollection },
  }),
};
