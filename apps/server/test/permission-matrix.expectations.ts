/**
 * The expectation table of the permission matrix (issue 4, SPEC §2.2, §6, §7, §1): for every route of the API, which
 * actors may call it. Written by hand from the SPEC — never computed from the routes' `config.access` nor from the
 * contracts' `ACTION_GRANTS` — so that the matrix fails when a route's declaration drifts from what the SPEC says.
 */

/** One row of the matrix: a role of a space type, or an account on substitution (SPEC §1: effective role = owner). */
export const ACTOR_KEYS = [
  'superAdmin',
  'admin',
  'adminUser',
  'dealerOwner',
  'dealerUser',
  'pcoOwner',
  'pcoManager',
  'pcoTechnician',
  'pcoUser',
  'adminInDealer',
  'adminInPco',
  'dealerOwnerInPco',
  'dealerUserInPco',
] as const;
export type ActorKey = (typeof ACTOR_KEYS)[number];

/** The space an actor acts in: the admin space, dealer A, or PCO A1 (a PCO of dealer A). */
export type SpaceKey = 'admin' | 'dealer' | 'pco';

/** Each actor's effective space (substituted actors act in the space they entered). */
export const EFFECTIVE_SPACE: Record<ActorKey, SpaceKey> = {
  superAdmin: 'admin',
  admin: 'admin',
  adminUser: 'admin',
  dealerOwner: 'dealer',
  dealerUser: 'dealer',
  pcoOwner: 'pco',
  pcoManager: 'pco',
  pcoTechnician: 'pco',
  pcoUser: 'pco',
  adminInDealer: 'dealer',
  adminInPco: 'pco',
  dealerOwnerInPco: 'pco',
  dealerUserInPco: 'pco',
};

// SPEC §6 named actions, spelled out per actor. "Only roles valid for the current user type count": an admin on
// substitution in a dealer holds the dealer owner's actions and no admin action any more.
const EVERYONE: readonly ActorKey[] = ACTOR_KEYS;
/** Admin action: super admin, admin. */
const ADMIN_ACTION: readonly ActorKey[] = ['superAdmin', 'admin'];
/** Dealer action: dealer owner, dealer user (an admin on substitution in a dealer is its owner). */
const DEALER_ACTION: readonly ActorKey[] = ['dealerOwner', 'dealerUser', 'adminInDealer'];
/** Dealer owner only. */
const DEALER_OWNER: readonly ActorKey[] = ['dealerOwner', 'adminInDealer'];
/** PCO action: PCO owner, PCO manager (anyone on substitution in a PCO is its owner). */
const PCO_ACTION: readonly ActorKey[] = ['pcoOwner', 'pcoManager', 'adminInPco', 'dealerOwnerInPco', 'dealerUserInPco'];
/** PCO owner only. */
const PCO_OWNER: readonly ActorKey[] = ['pcoOwner', 'adminInPco', 'dealerOwnerInPco', 'dealerUserInPco'];

/**
 * A probe of a route: `METHOD /url` as registered. `body` replaces the default `{}`; `query` is appended;
 * `throwaway` gives the probe a fresh session of the actor, because a probe that passes the guard changes the session
 * (leaving a substitution).
 */
export interface RouteProbe {
  route: string;
  body?: Record<string, unknown>;
  query?: string;
  throwaway?: boolean;
  /** A server-sent-events stream: an allowed actor's probe reads the status over real HTTP, then hangs up. */
  stream?: boolean;
}

export interface RouteGroup {
  /** The rule in a few words (failure messages). */
  rule: string;
  /** Where the SPEC says so. */
  spec: string;
  allowed: readonly ActorKey[];
  routes: readonly RouteProbe[];
}

/** A well-formed ULID of no record. */
export const DUMMY_ULID = '01J00000000000000000000000';

const r = (route: string, extra: Omit<RouteProbe, 'route'> = {}): RouteProbe => ({ route, ...extra });

/** The member routes of one user type (SPEC §7 "Users, per type"; `/users*` screens of §2.2). */
const memberRoutes = (base: string): RouteProbe[] => [
  r(`GET ${base}`),
  r(`GET ${base}/:ulid`),
  r(`PUT ${base}/:ulid`),
  r(`PATCH ${base}/:ulid`),
  r(`PUT ${base}/:ulid/role`),
  r(`PUT ${base}/:ulid/disable`),
  r(`PUT ${base}/:ulid/enable`),
  r(`DELETE ${base}/:ulid`),
  r(`GET ${base}/:ulid/referent-sites`),
  r(`PUT ${base}/:ulid/referent-sites`),
  r(`POST ${base}/:ulid/avatar`),
];

/** The invitation management routes of one user type (SPEC §7 "Invites, per type"). */
const inviteRoutes = (base: string): RouteProbe[] => [
  r(`GET ${base}`),
  r(`POST ${base}/send`),
  r(`POST ${base}/resend/:id`),
  r(`DELETE ${base}/:ulid`),
  r(`PUT ${base}/:ulid/role`),
];

/** The management routes of dealers or PCOs (issue 4 "Management", in the style of SPEC §7). */
const managedSpaceRoutes = (base: string): RouteProbe[] => [
  r(`GET ${base}`),
  r(`POST ${base}`),
  r(`GET ${base}/:ulid`),
  r(`PUT ${base}/:ulid`),
  r(`PATCH ${base}/:ulid`),
  r(`POST ${base}/:ulid/logo`),
];

/** Every guarded, non-public route of the API, grouped by who may call it. */
export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    rule: 'any session',
    spec: 'SPEC §7 "Self", §2.6 profile panel; avatars are shown wherever members are',
    allowed: EVERYONE,
    routes: [
      r('GET /api/me'),
      r('PUT /api/me/edit-name'),
      r('PUT /api/me/edit-email'),
      r('POST /api/me/edit-password'),
      r('PUT /api/me/edit-password'),
      r('PUT /api/me/edit-language'),
      r('PUT /api/me/edit-timezone'),
      r('PUT /api/me/change-space'),
      r('GET /api/avatars/:file'),
      // SPEC §6 "has right to execute action" (issue 14): anyone may ask what they may do
      r('GET /api/me/rights'),
    ],
  },
  {
    // During substitution the actor is the substituted space's owner, so leaving cannot require an admin or dealer
    // action; for an account not on substitution leaving changes nothing.
    rule: 'any session (leaving a substitution)',
    spec: 'SPEC §1, §4 "Substitution exit", §7 "Users"',
    allowed: EVERYONE,
    routes: [
      r('POST /api/user_admins/disconnect-on-dealer', { throwaway: true }),
      r('POST /api/user_admins/disconnect-on-pco', { throwaway: true }),
      r('POST /api/user_dealers/disconnect-on-pco', { throwaway: true }),
    ],
  },
  {
    rule: 'admin action',
    spec: 'SPEC §6: admins manage dealers and PCOs, substitute into them; §2.2 /dealers, /users',
    allowed: ADMIN_ACTION,
    routes: [
      r('POST /api/user_admins/connect-on-dealer', { body: { connected_on_dealer_ulid: DUMMY_ULID } }),
      r('POST /api/user_admins/connect-on-pco', { body: { connected_on_pco_ulid: DUMMY_ULID } }),
      ...memberRoutes('/api/user_admins'),
      ...inviteRoutes('/api/invite_admins'),
      ...managedSpaceRoutes('/api/dealers'),
    ],
  },
  {
    rule: 'admin action: the translation tool',
    spec: 'SPEC §2.2 /translations (admin action), §2.7 "Translation tool"; issue 14',
    allowed: ADMIN_ACTION,
    routes: [
      r('GET /api/translations/keys'),
      r('GET /api/translations/languages'),
      r('POST /api/translations/languages'),
      r('DELETE /api/translations/languages/:language'),
      r('PUT /api/translations/overrides/:language/:namespace/:key'),
      r('DELETE /api/translations/overrides/:language/:namespace/:key'),
      r('POST /api/translations/publish'),
      r('POST /api/translations/import'),
      r('GET /api/translations/export'),
    ],
  },
  {
    rule: 'admin or dealer action',
    spec: 'SPEC §2.2 /pcos: admin or dealer',
    allowed: [...ADMIN_ACTION, ...DEALER_ACTION],
    // the fleet health of the PCOs (issue 15 "The overview per space")
    routes: [...managedSpaceRoutes('/api/pcos'), r('GET /api/fleet_health')],
  },
  {
    rule: 'dealer action',
    spec: 'SPEC §1, §6: dealers see and substitute into their PCOs; §2.2 /users',
    allowed: DEALER_ACTION,
    routes: [
      r('POST /api/user_dealers/connect-on-pco', { body: { connected_on_pco_ulid: DUMMY_ULID } }),
      ...memberRoutes('/api/user_dealers'),
      ...inviteRoutes('/api/invite_dealers'),
    ],
  },
  {
    rule: 'PCO action',
    spec: 'SPEC §2.2 /clients, /sites, /planning, /users; §7 Clients, Sites, Interventions, Users',
    allowed: PCO_ACTION,
    routes: [
      r('GET /api/clients'),
      r('GET /api/clients/search'),
      r('GET /api/clients/:id'),
      r('DELETE /api/clients/:id'),
      r('POST /api/client_contacts'),
      r('PUT /api/client_contacts/:id'),
      r('PATCH /api/client_contacts/:id'),
      r('PUT /api/client_contacts/:id/primary'),
      r('DELETE /api/client_contacts/:id'),
      // client import (issue 13; docs/decisions/012)
      r('POST /api/clients/imports'),
      r('GET /api/clients/imports'),
      r('GET /api/clients/imports/:ulid'),
      r('PATCH /api/clients/imports/:ulid'),
      r('POST /api/clients/imports/:ulid/start'),
      r('GET /api/clients/imports/:ulid/refused.csv'),
      r('POST /api/clients/imports/:ulid/undo'),
      r('GET /api/clients/import-template'),
      r('GET /api/interventions'),
      r('GET /api/interventions/:id'),
      r('POST /api/interventions'),
      r('PUT /api/interventions/:id'),
      r('PATCH /api/interventions/:id'),
      r('DELETE /api/interventions/:id', { query: 'send_mail=false' }),
      r('GET /api/sites'),
      r('GET /api/sites/search'),
      // the Home map of the sites (issue 15 "The overview per space")
      r('GET /api/sites/map'),
      r('GET /api/sites/:id'),
      r('GET /api/sites/:id/light'),
      r('DELETE /api/sites/:id'),
      r('POST /api/site_contacts'),
      r('PUT /api/site_contacts/:id'),
      r('PATCH /api/site_contacts/:id'),
      r('GET /api/user_pcos/search'),
      ...memberRoutes('/api/user_pcos'),
      ...inviteRoutes('/api/invite_pcos'),
      // equipment, telemetry and alerts (issue 5: the site detail's equipment, logs and chart; live events)
      r('GET /api/equipment'),
      r('GET /api/alerts'),
      r('GET /api/alerts/:ulid'),
      r('GET /api/sites/:id/equipment'),
      r('POST /api/sites/:id/equipment'),
      r('GET /api/equipment/:ulid'),
      r('PUT /api/equipment/:ulid'),
      r('PATCH /api/equipment/:ulid'),
      r('DELETE /api/equipment/:ulid'),
      r('POST /api/equipment/:ulid/credential'),
      r('GET /api/equipment/:ulid/readings'),
      r('POST /api/equipment/:ulid/pictures'),
      r('DELETE /api/equipment/:ulid/pictures/:pictureUlid'),
      r('GET /api/equipment_pictures/:file'),
      r('GET /api/sites/:id/logs'),
      r('GET /api/sites/:id/sync_logs'),
      r('POST /api/alerts/:ulid/acknowledge'),
      r('GET /api/alert_settings'),
      r('GET /api/events', { stream: true }),
      // the response clock (issue 15: Home's running clocks, the proposed visit of an alert, the targets)
      r('GET /api/alert_clocks'),
      r('GET /api/alert_response_targets'),
      r('GET /api/alerts/:ulid/visit_proposal'),
      r('POST /api/alerts/:ulid/visit_proposal/accept'),
      r('POST /api/alerts/:ulid/visit_proposal/dismiss'),
      // visit reports and the product catalogue (issue 12: SPEC §2.2 /reports, §2.7 "Reports")
      r('GET /api/reports'),
      r('GET /api/reports/:ulid'),
      r('PUT /api/reports/:ulid'),
      r('PATCH /api/reports/:ulid'),
      r('GET /api/reports/:ulid/pdf'),
      r('POST /api/reports/:ulid/photos'),
      r('GET /api/reports/:ulid/photos/:photoUlid'),
      r('DELETE /api/reports/:ulid/photos/:photoUlid'),
      r('POST /api/reports/:ulid/send'),
      r('POST /api/reports/:ulid/resend'),
      r('POST /api/reports/:ulid/discard'),
      r('POST /api/reports/:ulid/reopen'),
      r('POST /api/interventions/:id/report'),
      r('GET /api/products'),
      r('GET /api/products/:ulid'),
      // service contracts (issue 13; docs/decisions/013)
      r('GET /api/contracts'),
      r('POST /api/contracts'),
      r('GET /api/contracts/:ulid'),
      r('PUT /api/contracts/:ulid'),
      r('PATCH /api/contracts/:ulid'),
      r('DELETE /api/contracts/:ulid'),
      r('POST /api/contracts/:ulid/end'),
      r('POST /api/contracts/:ulid/document'),
      r('GET /api/contracts/:ulid/document'),
      r('DELETE /api/contracts/:ulid/document'),
      r('GET /api/contract_due_visits'),
      // automatic reports (issue 15; docs/decisions/018): the schedule, and a site's own
      r('GET /api/automatic_report_settings'),
      r('GET /api/sites/:id/automatic_report_settings'),
      r('PUT /api/sites/:id/automatic_report_settings'),
    ],
  },
  {
    rule: 'dealer owner or PCO owner',
    spec: 'SPEC §2.2 /space-parameters: dealer owner or PCO owner only; §2.3: anyone on substitution',
    allowed: [...DEALER_OWNER, ...PCO_OWNER],
    routes: [
      r('GET /api/space_parameters'),
      r('PUT /api/space_parameters'),
      r('PATCH /api/space_parameters'),
      r('POST /api/space_parameters/logo'),
      r('POST /api/space_parameters/transfer'),
      r('POST /api/space_parameters/delete'),
      r('GET /api/space_parameters/audit'),
    ],
  },
  {
    rule: 'PCO owner only',
    spec: 'issue 5: alert thresholds are PCO settings; issue 12: the product catalogue is under the space settings; SPEC §6 "PCO owner only"',
    allowed: PCO_OWNER,
    routes: [
      r('PUT /api/alert_settings'),
      r('PATCH /api/alert_settings'),
      r('PUT /api/automatic_report_settings'),
      r('PATCH /api/automatic_report_settings'),
      // issue 15: the response targets are PCO settings too
      r('PUT /api/alert_response_targets'),
      r('PATCH /api/alert_response_targets'),
      r('POST /api/products'),
      r('PUT /api/products/:ulid'),
      r('PATCH /api/products/:ulid'),
      r('DELETE /api/products/:ulid'),
      // issue 14: an owner sends a member a one-time sign-in link
      r('POST /api/user_pcos/:ulid/easy-connect'),
    ],
  },
  {
    rule: 'dealer owner only (one-time sign-in links)',
    spec: 'issue 14 "/easy-connect": sent by an owner to a member; SPEC §6 "dealer owner only"',
    allowed: DEALER_OWNER,
    routes: [r('POST /api/user_dealers/:ulid/easy-connect')],
  },
  {
    rule: 'admin, dealer or PCO action (generic users)',
    spec: 'SPEC §7 "Generic /api/users", §2.2 "/users": admin, dealer or PCO action',
    allowed: [...ADMIN_ACTION, ...DEALER_ACTION, ...PCO_ACTION],
    routes: [r('POST /api/users'), r('GET /api/users/:ulid'), r('PUT /api/users/:ulid'), r('DELETE /api/users/:ulid')],
  },
];

/**
 * The technician API (issue 12 "The technician API"; docs/decisions/011): bearer-only routes. No web session opens
 * them (every actor's cookie answers 401); a device login is allowed to a PCO technician, owner or manager only (SPEC
 * §6: the technician's mobile app, plus the office roles that go on visits), which the matrix checks at the login;
 * the bearer of an allowed actor then passes every route's guard. Substituted actors sign in as themselves (an admin
 * or a dealer member): refused.
 */
export const FIELD_ALLOWED: readonly ActorKey[] = ['pcoOwner', 'pcoManager', 'pcoTechnician'];
export const FIELD_ROUTES: readonly RouteProbe[] = [
  r('GET /api/field/v1/agenda', { query: 'from=2026-11-01&to=2026-11-30' }),
  r('GET /api/field/v1/sites/:ulid'),
  r('GET /api/field/v1/products'),
  r('GET /api/field/v1/changes'),
  r('POST /api/field/v1/interventions/:ulid/check-in'),
  r('POST /api/field/v1/interventions/:ulid/check-out'),
  r('PUT /api/field/v1/interventions/:ulid/station-checks/:stationUlid', {
    body: { result: 'no_activity', action: 'inspected' },
  }),
  r('POST /api/field/v1/interventions/:ulid/stations'),
  r('POST /api/field/v1/interventions/:ulid/stations/:stationUlid/replace'),
  r('POST /api/field/v1/interventions/:ulid/stations/:stationUlid/remove'),
  r('POST /api/field/v1/interventions/:ulid/photos'),
  r('PUT /api/field/v1/interventions/:ulid/product-uses/:clientId', { body: { product: DUMMY_ULID, quantity: 1 } }),
  r('POST /api/field/v1/interventions/:ulid/complete', { body: { customer_absent: true } }),
];

/**
 * The public routes under `/api` and `/security` (SPEC §2.1 public pages, §7 "Authentication", invitation links):
 * listed so that a route turning public, or a new public route, is noticed too. `/api/docs*` (the API reference)
 * is public by the access plugin.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  // the Hydra description of the API (ADR 009), public like the OpenAPI document
  'GET /api',
  'GET /api/contexts/:type',
  'POST /security/token/request',
  'POST /security/token/2fa',
  'POST /security/token/2fa-resend',
  'POST /security/token/refresh',
  'GET /security/logout',
  'POST /security/forgot-password',
  'POST /security/reset-password',
  'POST /security/validate-password',
  // issue 14: the one-time sign-in link is the credential
  'POST /security/easy-connect',
  'PUT /api/me/validate-email/:token',
  'GET /api/timezones',
  'GET /api/invite_admins/get-admin/:token',
  'POST /api/invite_admins/new-user/:token',
  'POST /api/invite_admins/join-space/:token',
  'GET /api/invite_dealers/get-dealer/:token',
  'POST /api/invite_dealers/new-user/:token',
  'POST /api/invite_dealers/join-space/:token',
  'GET /api/invite_pcos/get-pco/:token',
  'POST /api/invite_pcos/new-user/:token',
  'POST /api/invite_pcos/join-space/:token',
  'GET /api/logos/:file',
  // the published translations every browser lays on its bundled texts (issue 14)
  'GET /api/translations/version',
  'GET /api/translations/published/:language/:namespace',
  // a gateway's uplink: no user session, the device credential authenticates it (issue 5)
  'POST /api/uplinks',
  // the technician API's device login, refresh and logout (issue 12; their body authenticates)
  'POST /api/field/v1/auth/login',
  'POST /api/field/v1/auth/refresh',
  'POST /api/field/v1/auth/logout',
];

/** The kind of record a route's path parameter names. */
export type RecordKind =
  | 'client'
  | 'clientContact'
  | 'site'
  | 'siteContact'
  | 'intervention'
  | 'member'
  | 'invite'
  | 'dealer'
  | 'pco'
  | 'equipment'
  | 'alert'
  | 'report'
  | 'product'
  | 'contract'
  | 'file';

/**
 * The record a route's path parameter names, read from its path: `/api/clients/:id` → client, … Deleting, disabling,
 * enabling, resending and a report's moves (send, resend, discard, reopen) are probed on a dummy id (`undefined`):
 * passing the guard then answers 404 and changes nothing, so one probe cannot spoil the next.
 */
export function recordKindOf(route: string): RecordKind | undefined {
  const [method = '', url = ''] = route.split(' ');
  if (!url.includes('/:')) return undefined;
  if (method === 'DELETE' || /\/(disable|enable)$/.test(url) || url.includes('/resend/')) return undefined;
  if (/^\/api\/reports\/:ulid\/(send|resend|discard|reopen)$/.test(url)) return undefined;
  const resource = url.split('/')[2] ?? '';
  const kinds: Record<string, RecordKind> = {
    clients: 'client',
    client_contacts: 'clientContact',
    sites: 'site',
    site_contacts: 'siteContact',
    interventions: 'intervention',
    user_admins: 'member',
    user_dealers: 'member',
    user_pcos: 'member',
    invite_admins: 'invite',
    invite_dealers: 'invite',
    invite_pcos: 'invite',
    dealers: 'dealer',
    pcos: 'pco',
    avatars: 'file',
    equipment: 'equipment',
    equipment_pictures: 'file',
    alerts: 'alert',
    reports: 'report',
    products: 'product',
    contracts: 'contract',
  };
  return kinds[resource];
}
