/**
 * Issue 4 acceptance, "What must show": the permission matrix. Every route of the API × every role of every space
 * type, plus the accounts on substitution (SPEC §1: effective role = owner of the substituted space), against a table
 * written by hand from SPEC §2.2, §6 and §7 (permission-matrix.expectations.ts): a lacking action answers 403, a held
 * one passes the guard (any answer but 401/403/5xx: the probe bodies are `{}` and destructive calls aim at no
 * record). Then another tenant's records answer 404 (ARCHITECTURE §4 rule 2), a dealer cannot enter another dealer's
 * PCO, a PCO member cannot call a management endpoint, and leaving a substitution ends its rights for the very token
 * held before leaving (platform/auth/substitution-guard.ts answers 401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuardedPath } from '../src/platform/auth/access-plugin.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { as, TEST_PASSWORD } from './factories.js';
import {
  ACTOR_KEYS,
  type ActorKey,
  DUMMY_ULID,
  EFFECTIVE_SPACE,
  FIELD_ALLOWED,
  FIELD_ROUTES,
  PUBLIC_ROUTES,
  ROUTE_GROUPS,
  type RouteProbe,
  recordKindOf,
} from './permission-matrix.expectations.js';
import { buildMatrixWorld, type MatrixWorld, mergeCookies, openSession } from './permission-matrix.fixtures.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let world: MatrixWorld;

let baseUrl = '';
beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  world = await buildMatrixWorld(t);
  // streams (server-sent events) cannot be injected: their allowed probes go over real HTTP
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

/** A well-formed avatar file name of no file. */
const DUMMY_FILE = `${'0'.repeat(32)}.webp`;

/** `METHOD /url` of the route, its path parameter filled with a record of `actor`'s own space, or a dummy. */
function target(probe: RouteProbe, actor: ActorKey): { method: Method; url: string } {
  const [method, pattern = ''] = probe.route.split(' ') as [Method, string];
  const kind = recordKindOf(probe.route);
  const record = kind ? world.own[EFFECTIVE_SPACE[actor]][kind] : undefined;
  const url = pattern.replace(/:[a-zA-Z_]+/, record ?? (kind === 'file' ? DUMMY_FILE : DUMMY_ULID));
  return { method, url: probe.query ? `${url}?${probe.query}` : url };
}

/** An authenticated web request: `client-type: webapp`, a JSON body on state-changing methods (a merge patch on PATCH). */
function send(cookie: string, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: method === 'PATCH' ? as(cookie, { 'content-type': 'application/merge-patch+json' }) : as(cookie),
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
}

/** The status of a stream's answer over real HTTP (the stream itself is then closed); body empty. */
async function streamStatus(cookie: string, url: string): Promise<{ statusCode: number; body: string }> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${url}`, { headers: as(cookie), signal: controller.signal });
  controller.abort();
  return { statusCode: response.status, body: '' };
}

/** `status error-code` of an answer, for failure messages. */
function outcome(response: { statusCode: number; body: string }): string {
  let code = '';
  try {
    code = (JSON.parse(response.body) as { error?: string }).error ?? '';
  } catch {}
  return `${response.statusCode}${code ? ` ${code}` : ''}`;
}

/** What every actor must be: its effective user type, role and substitution (SPEC §1). */
const IDENTITY: Record<ActorKey, [string, string, 'dealer' | 'pco' | null]> = {
  superAdmin: ['admin', 'ROLE_ADMIN_SPACE_SUPER_ADMIN', null],
  admin: ['admin', 'ROLE_ADMIN_SPACE_ADMIN', null],
  adminUser: ['admin', 'ROLE_ADMIN_SPACE_USER', null],
  dealerOwner: ['dealer', 'ROLE_DEALER_SPACE_OWNER', null],
  dealerUser: ['dealer', 'ROLE_DEALER_SPACE_USER', null],
  pcoOwner: ['pco', 'ROLE_PCO_SPACE_OWNER', null],
  pcoManager: ['pco', 'ROLE_PCO_SPACE_MANAGER', null],
  pcoTechnician: ['pco', 'ROLE_PCO_SPACE_TECHNICIAN', null],
  pcoUser: ['pco', 'ROLE_PCO_SPACE_USER', null],
  adminInDealer: ['dealer', 'ROLE_DEALER_SPACE_OWNER', 'dealer'],
  adminInPco: ['pco', 'ROLE_PCO_SPACE_OWNER', 'pco'],
  dealerOwnerInPco: ['pco', 'ROLE_PCO_SPACE_OWNER', 'pco'],
  dealerUserInPco: ['pco', 'ROLE_PCO_SPACE_OWNER', 'pco'],
};

/** Actors whose `GET /api/me` differs from IDENTITY (or who entered another space than dealer A / PCO A1). */
async function identityMismatches(): Promise<string[]> {
  const wrong: string[] = [];
  for (const key of ACTOR_KEYS) {
    const response = await send(world.actors[key].cookie, 'GET', '/api/me');
    const me = response.json() as {
      user_type?: string;
      role?: string;
      connected_on_pco?: { ulid: string } | null;
      connected_on_dealer?: { ulid: string } | null;
    };
    const on = me.connected_on_pco
      ? `pco ${me.connected_on_pco.ulid}`
      : me.connected_on_dealer
        ? `dealer ${me.connected_on_dealer.ulid}`
        : null;
    const [userType, role, expectedOn] = IDENTITY[key];
    const entered = { pco: `pco ${world.pcoA}`, dealer: `dealer ${world.dealerA}` };
    const ok =
      response.statusCode === 200 &&
      me.user_type === userType &&
      me.role === role &&
      on === (expectedOn ? entered[expectedOn] : null);
    if (!ok) wrong.push(`${key}: ${response.statusCode} ${me.user_type} ${me.role} on ${on}`);
  }
  return wrong;
}

describe('the permission matrix', () => {
  it('signs in one actor per row, each with the effective type and role SPEC §1 and §6 give it', async () => {
    expect(await identityMismatches()).toEqual([]);
  });

  it('classifies every route of the API exactly once, and names no route that does not exist', () => {
    const registered = t.app.routeAccessTable.filter((r) => isGuardedPath(r.url) && !r.url.startsWith('/api/docs'));
    const guarded = new Set(registered.filter((r) => r.access !== 'public').map((r) => `${r.method} ${r.url}`));
    const open = new Set(registered.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`));
    const classified = [...ROUTE_GROUPS, { routes: FIELD_ROUTES }].flatMap((g) => g.routes.map((p) => p.route));
    const problems = [
      ...classified.filter((route, i) => classified.indexOf(route) !== i).map((r) => `listed twice: ${r}`),
      ...classified.filter((route) => PUBLIC_ROUTES.includes(route)).map((r) => `listed as guarded and public: ${r}`),
      ...[...guarded].filter((route) => !classified.includes(route)).map((r) => `not classified: ${r}`),
      ...classified.filter((route) => !guarded.has(route)).map((r) => `no such guarded route: ${r}`),
      ...[...open].filter((route) => !PUBLIC_ROUTES.includes(route)).map((r) => `public, not listed: ${r}`),
      ...PUBLIC_ROUTES.filter((route) => !open.has(route)).map((r) => `no such public route: ${r}`),
    ];
    expect(problems).toEqual([]);
    expect(guarded.size).toBe(classified.length);
  });

  it('answers 403 to every actor lacking the action, and lets every other actor through', async () => {
    const mismatches: string[] = [];
    let probes = 0;
    for (const group of ROUTE_GROUPS) {
      for (const probe of group.routes) {
        for (const key of ACTOR_KEYS) {
          const actor = world.actors[key];
          // leaving a substitution would end the actor's row: such probes get a session of their own
          const cookie = probe.throwaway && actor.enter ? await openSession(t, actor) : actor.cookie;
          const { method, url } = target(probe, key);
          const response =
            probe.stream && group.allowed.includes(key)
              ? await streamStatus(cookie, url)
              : await send(cookie, method, url, probe.body);
          probes++;
          const status = response.statusCode;
          if (group.allowed.includes(key)) {
            if (status === 401 || status === 403 || status >= 500) {
              mismatches.push(`${key} ${method} ${url}: expected allowed (${group.rule}), got ${outcome(response)}`);
            }
          } else if (status !== 403) {
            mismatches.push(`${key} ${method} ${url}: expected 403 (${group.rule}), got ${outcome(response)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    const routes = ROUTE_GROUPS.reduce((n, g) => n + g.routes.length, 0);
    expect(probes).toBe(routes * ACTOR_KEYS.length);
    // ~1 400 requests one after the other: a budget that scales with the route table, not the 30 s of one test
  }, 180_000);

  it('technician API: no web session opens it; a device login is for PCO technicians, owners and managers only, whose bearer passes every guard', async () => {
    const mismatches: string[] = [];
    for (const key of ACTOR_KEYS) {
      const actor = world.actors[key];
      for (const probe of FIELD_ROUTES) {
        const [method, pattern = ''] = probe.route.split(' ') as [Method, string];
        const url = `${pattern.replace(/:[a-zA-Z_]+/g, DUMMY_ULID)}${probe.query ? `?${probe.query}` : ''}`;
        const response = await send(actor.cookie, method, url, probe.body);
        if (response.statusCode !== 401) mismatches.push(`${key} cookie ${method} ${url}: ${outcome(response)}`);
      }
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/field/v1/auth/login',
        payload: { email: actor.email, password: TEST_PASSWORD, device_name: 'matrix' },
      });
      const allowed = FIELD_ALLOWED.includes(key);
      if (signIn.statusCode !== (allowed ? 200 : 403)) {
        mismatches.push(`${key} field login: expected ${allowed ? 200 : 403}, got ${outcome(signIn)}`);
      }
      if (!allowed || signIn.statusCode !== 200) continue;
      const bearer = { authorization: `Bearer ${signIn.json().access_token}` };
      for (const probe of FIELD_ROUTES) {
        const [method, pattern = ''] = probe.route.split(' ') as [Method, string];
        const url = `${pattern.replace(/:[a-zA-Z_]+/g, DUMMY_ULID)}${probe.query ? `?${probe.query}` : ''}`;
        const response = await t.app.inject({
          method,
          url,
          headers: { ...bearer, 'idempotency-key': `matrix-${key}-${probe.route}` },
          ...(method === 'GET' ? {} : { payload: probe.body ?? {} }),
        });
        const status = response.statusCode;
        if (status === 401 || status === 403 || status >= 500) {
          mismatches.push(`${key} bearer ${method} ${url}: expected allowed, got ${outcome(response)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('leaves every actor as it was: no probe changed a session, a role or a substitution', async () => {
    expect(await identityMismatches()).toEqual([]);
  });
});

describe('tenancy: another tenant’s record answers 404 to an actor allowed on the route', () => {
  /** [actors, METHOD, url pattern, record kind of the other tenant]. */
  type Case = [readonly ActorKey[], Method, string, keyof MatrixWorld['foreign']['pco']];
  const pcoSide: readonly ActorKey[] = ['pcoOwner', 'pcoManager', 'adminInPco', 'dealerOwnerInPco', 'dealerUserInPco'];
  const pcoOwnerSide: readonly ActorKey[] = ['pcoOwner', 'adminInPco', 'dealerOwnerInPco', 'dealerUserInPco'];
  const dealerSide: readonly ActorKey[] = ['dealerOwner', 'dealerUser', 'adminInDealer'];
  const PCO_CASES: Case[] = [
    [pcoSide, 'GET', '/api/clients/:id', 'client'],
    [pcoSide, 'DELETE', '/api/clients/:id', 'client'],
    [pcoSide, 'PUT', '/api/client_contacts/:id/primary', 'clientContact'],
    [pcoSide, 'PATCH', '/api/client_contacts/:id', 'clientContact'],
    [pcoSide, 'DELETE', '/api/client_contacts/:id', 'clientContact'],
    [pcoSide, 'GET', '/api/sites/:id', 'site'],
    [pcoSide, 'GET', '/api/sites/:id/light', 'site'],
    [pcoSide, 'DELETE', '/api/sites/:id', 'site'],
    [pcoSide, 'PATCH', '/api/site_contacts/:id', 'siteContact'],
    [pcoSide, 'GET', '/api/interventions/:id', 'intervention'],
    [pcoSide, 'PATCH', '/api/interventions/:id', 'intervention'],
    [pcoSide, 'DELETE', '/api/interventions/:id?send_mail=false', 'intervention'],
    [pcoSide, 'GET', '/api/user_pcos/:ulid', 'member'],
    [pcoSide, 'PATCH', '/api/user_pcos/:ulid', 'member'],
    [pcoSide, 'GET', '/api/user_pcos/:ulid/referent-sites', 'member'],
    [pcoSide, 'PUT', '/api/user_pcos/:ulid/disable', 'member'],
    [pcoSide, 'DELETE', '/api/user_pcos/:ulid', 'member'],
    [pcoSide, 'POST', '/api/invite_pcos/resend/:id', 'invite'],
    [pcoSide, 'DELETE', '/api/invite_pcos/:ulid', 'invite'],
    [pcoSide, 'GET', '/api/sites/:id/equipment', 'site'],
    [pcoSide, 'GET', '/api/sites/:id/logs', 'site'],
    [pcoSide, 'GET', '/api/sites/:id/sync_logs', 'site'],
    [pcoSide, 'GET', '/api/equipment/:ulid', 'equipment'],
    [pcoSide, 'PUT', '/api/equipment/:ulid', 'equipment'],
    [pcoSide, 'PATCH', '/api/equipment/:ulid', 'equipment'],
    [pcoSide, 'DELETE', '/api/equipment/:ulid', 'equipment'],
    [pcoSide, 'POST', '/api/equipment/:ulid/credential', 'equipment'],
    [pcoSide, 'GET', '/api/equipment/:ulid/readings', 'equipment'],
    [pcoSide, 'GET', '/api/alerts/:ulid', 'alert'],
    [pcoSide, 'POST', '/api/alerts/:ulid/acknowledge', 'alert'],
    // issue 12 (SPEC §8 "Report 404"); the probes' `{}` is a valid body on these, so the 404 is the tenancy's
    [pcoSide, 'GET', '/api/reports/:ulid', 'report'],
    [pcoSide, 'PATCH', '/api/reports/:ulid', 'report'],
    [pcoSide, 'GET', '/api/reports/:ulid/pdf', 'report'],
    [pcoSide, 'POST', '/api/reports/:ulid/resend', 'report'],
    [pcoSide, 'POST', '/api/reports/:ulid/reopen', 'report'],
    [pcoSide, 'GET', '/api/reports/:ulid/photos/01J00000000000000000000000', 'report'],
    [pcoSide, 'DELETE', '/api/reports/:ulid/photos/01J00000000000000000000000', 'report'],
    [pcoSide, 'POST', '/api/interventions/:id/report', 'intervention'],
    [pcoSide, 'GET', '/api/products/:ulid', 'product'],
    [pcoOwnerSide, 'PATCH', '/api/products/:ulid', 'product'],
    [pcoOwnerSide, 'DELETE', '/api/products/:ulid', 'product'],
    [pcoSide, 'GET', '/api/contracts/:ulid', 'contract'],
    [pcoSide, 'PATCH', '/api/contracts/:ulid', 'contract'],
    [pcoSide, 'GET', '/api/contracts/:ulid/document', 'contract'],
    [pcoSide, 'DELETE', '/api/contracts/:ulid', 'contract'],
  ];
  const DEALER_CASES: Case[] = [
    [dealerSide, 'GET', '/api/pcos/:ulid', 'pco'],
    [dealerSide, 'PATCH', '/api/pcos/:ulid', 'pco'],
    [dealerSide, 'GET', '/api/user_dealers/:ulid', 'member'],
    [dealerSide, 'PATCH', '/api/user_dealers/:ulid', 'member'],
    [dealerSide, 'PUT', '/api/user_dealers/:ulid/disable', 'member'],
    [dealerSide, 'DELETE', '/api/user_dealers/:ulid', 'member'],
    [dealerSide, 'POST', '/api/invite_dealers/resend/:id', 'invite'],
    [dealerSide, 'DELETE', '/api/invite_dealers/:ulid', 'invite'],
  ];

  it('a PCO’s clients, contacts, sites, interventions, members, invitations, reports, products and contracts; a dealer’s PCOs and members', async () => {
    const unexpected: string[] = [];
    const run = async (cases: Case[], records: MatrixWorld['foreign']['pco']) => {
      for (const [actors, method, pattern, kind] of cases) {
        const url = pattern.replace(/:[a-zA-Z_]+/, records[kind] ?? '');
        for (const key of actors) {
          const response = await send(world.actors[key].cookie, method, url);
          if (response.statusCode !== 404) unexpected.push(`${key} ${method} ${url}: ${outcome(response)}`);
        }
      }
    };
    await run(PCO_CASES, world.foreign.pco);
    await run(DEALER_CASES, world.foreign.dealer);
    expect(unexpected).toEqual([]);
  });

  it('an admin asking for a member or a space of the wrong type gets 404 too', async () => {
    const cookie = world.actors.admin.cookie;
    const cases: [Method, string][] = [
      ['GET', `/api/user_admins/${world.own.dealer.member}`],
      ['DELETE', `/api/invite_admins/${world.own.pco.invite}`],
      ['GET', `/api/dealers/${world.pcoA}`],
      ['GET', `/api/pcos/${world.dealerA}`],
    ];
    const unexpected: string[] = [];
    for (const [method, url] of cases) {
      const response = await send(cookie, method, url);
      if (response.statusCode !== 404) unexpected.push(`admin ${method} ${url}: ${outcome(response)}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('left the other tenant’s records as they were', async () => {
    const { pco, dealer } = world.foreign;
    const owner = world.foreignOwners.pco;
    for (const url of [
      `/api/clients/${pco.client}`,
      `/api/sites/${pco.site}`,
      `/api/interventions/${pco.intervention}`,
      `/api/equipment/${pco.equipment}`,
      `/api/reports/${pco.report}`,
      `/api/products/${pco.product}`,
      `/api/contracts/${pco.contract}`,
    ]) {
      expect((await send(owner, 'GET', url)).statusCode, url).toBe(200);
    }
    // the other tenant's alert is still open
    expect((await send(owner, 'GET', `/api/reports/${pco.report}`)).json()).toMatchObject({ status: 'sent' });
    expect((await send(owner, 'GET', `/api/products/${pco.product}`)).json()).toMatchObject({ archived_at: null });
    const log = await send(owner, 'GET', `/api/sites/${pco.site}/logs`);
    expect(log.json()['hydra:member']).toMatchObject([{ ulid: pco.alert, closed_at: null }]);
    const member = await send(owner, 'GET', `/api/user_pcos/${pco.member}`);
    expect(member.statusCode).toBe(200);
    expect(member.json()).toMatchObject({ status: 'active' });
    const invites = await send(owner, 'GET', '/api/invite_pcos');
    expect(JSON.stringify(invites.json())).toContain(pco.invite);
    const dealerMember = await send(world.foreignOwners.dealer, 'GET', `/api/user_dealers/${dealer.member}`);
    expect(dealerMember.json()).toMatchObject({ status: 'active' });
  });
});

describe('the cases issue 4 names', () => {
  it('a dealer cannot enter another dealer’s PCO: 404 connected_on_pco_not_found, and stays in its space', async () => {
    for (const key of ['dealerOwner', 'dealerUser', 'adminInDealer'] as const) {
      const cookie = world.actors[key].cookie;
      const response = await send(cookie, 'POST', '/api/user_dealers/connect-on-pco', {
        connected_on_pco_ulid: world.pcoB,
      });
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toMatchObject({ error: 'connected_on_pco_not_found' });
      expect((await send(cookie, 'GET', '/api/me')).json(), key).toMatchObject({
        user_type: 'dealer',
        connected_on_pco: null,
      });
    }
  });

  it('a PCO member calling a management endpoint gets 403', async () => {
    const calls: [Method, string, object?][] = [
      ['GET', '/api/dealers'],
      ['POST', '/api/dealers', {}],
      ['GET', `/api/dealers/${world.dealerA}`],
      ['GET', '/api/pcos'],
      ['POST', '/api/pcos', {}],
      ['GET', `/api/pcos/${world.pcoA}`],
      ['PUT', `/api/pcos/${world.pcoA}`, {}],
      ['POST', '/api/user_dealers/connect-on-pco', { connected_on_pco_ulid: world.pcoA }],
      ['POST', '/api/user_admins/connect-on-pco', { connected_on_pco_ulid: world.pcoA }],
    ];
    const unexpected: string[] = [];
    for (const key of ['pcoOwner', 'pcoManager', 'pcoTechnician', 'pcoUser'] as const) {
      for (const [method, url, body] of calls) {
        const response = await send(world.actors[key].cookie, method, url, body);
        if (response.statusCode !== 403 || response.json().error !== 'forbidden') {
          unexpected.push(`${key} ${method} ${url}: ${outcome(response)}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('leaving a substitution ends its rights at once: the token held before leaving answers 401', async () => {
    const cases: { key: ActorKey; leave: string; probe: string }[] = [
      { key: 'adminInPco', leave: '/api/user_admins/disconnect-on-pco', probe: '/api/clients' },
      { key: 'dealerOwnerInPco', leave: '/api/user_dealers/disconnect-on-pco', probe: '/api/clients' },
      { key: 'dealerUserInPco', leave: '/api/user_dealers/disconnect-on-pco', probe: '/api/clients' },
      { key: 'adminInDealer', leave: '/api/user_admins/disconnect-on-dealer', probe: '/api/space_parameters' },
    ];
    for (const { key, leave, probe } of cases) {
      const before = await openSession(t, world.actors[key]);
      expect((await send(before, 'GET', probe)).statusCode, `${key} before leaving`).toBe(200);
      const left = await send(before, 'POST', leave);
      expect(left.statusCode, `${key} ${leave}`).toBe(204);
      const stale = await send(before, 'GET', probe);
      expect(stale.statusCode, `${key} old token after leaving`).toBe(401);
      // the token the exit handed out is the account's own again: no PCO action / space ownership there
      expect((await send(mergeCookies(before, left), 'GET', probe)).statusCode, `${key} own token`).toBe(403);
    }
  });
});
