/**
 * Issue 2 acceptance, ARCHITECTURE §4 rule 2: on the real demo data, `owner2@demo.example` (owner of a PCO of another
 * dealer) gets 404 for every record of the first PCO — read, update and delete — and sees none of them in lists,
 * counts, filters or search.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientContacts,
  clients,
  interventions,
  memberships,
  siteContacts,
  sites,
  spaces,
} from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-people.js';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { as, login } from './factories.js';

let t: TestApp;
let headers: Record<string, string>;
/** The first PCO's records. */
const first = {
  clients: [] as string[],
  clientContacts: [] as string[],
  sites: [] as string[],
  siteContacts: [] as string[],
  interventions: [] as string[],
  members: [] as string[],
  clientNames: [] as string[],
  siteNames: [] as string[],
};
/** owner2's own PCO: references for bodies that pass validation, and the expected counts. */
const own = { client: '', site: '', member: '', clients: 0, sites: 0, interventions: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoIfEmpty(t.db);
  const [pco1] = await t.db.select().from(spaces).where(eq(spaces.name, 'Sud-Ouest Protection Termites'));
  const [pco2] = await t.db.select().from(spaces).where(eq(spaces.name, 'Kanto Termite Care'));
  if (!pco1 || !pco2) throw new Error('demo PCOs missing');
  const firstClients = await t.db.select().from(clients).where(eq(clients.spaceId, pco1.id));
  first.clients = firstClients.map((c) => c.id);
  first.clientNames = firstClients.map((c) => c.name);
  first.clientContacts = (
    await t.db
      .select({ id: clientContacts.id })
      .from(clientContacts)
      .innerJoin(clients, eq(clients.id, clientContacts.clientId))
      .where(eq(clients.spaceId, pco1.id))
  ).map((r) => r.id);
  const firstSites = await t.db.select().from(sites).where(eq(sites.spaceId, pco1.id));
  first.sites = firstSites.map((s) => s.id);
  first.siteNames = firstSites.map((s) => s.name);
  first.siteContacts = (
    await t.db
      .select({ id: siteContacts.id })
      .from(siteContacts)
      .innerJoin(sites, eq(sites.id, siteContacts.siteId))
      .where(eq(sites.spaceId, pco1.id))
  ).map((r) => r.id);
  first.interventions = (
    await t.db.select({ id: interventions.id }).from(interventions).where(eq(interventions.spaceId, pco1.id))
  ).map((r) => r.id);
  first.members = (
    await t.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.spaceId, pco1.id))
  ).map((r) => r.id);

  const [ownClient] = await t.db.select().from(clients).where(eq(clients.spaceId, pco2.id)).limit(1);
  const [ownSite] = await t.db
    .select()
    .from(sites)
    .where(and(eq(sites.spaceId, pco2.id), eq(sites.clientId, ownClient?.id ?? '')))
    .limit(1);
  const [ownMember] = await t.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.spaceId, pco2.id), ne(memberships.role, 'ROLE_PCO_SPACE_USER')))
    .limit(1);
  own.client = ownClient?.id ?? '';
  own.site = ownSite?.id ?? '';
  own.member = ownMember?.id ?? '';
  own.clients = (await t.db.select({ n: count() }).from(clients).where(eq(clients.spaceId, pco2.id)))[0]?.n ?? 0;
  own.sites = (await t.db.select({ n: count() }).from(sites).where(eq(sites.spaceId, pco2.id)))[0]?.n ?? 0;
  own.interventions =
    (await t.db.select({ n: count() }).from(interventions).where(eq(interventions.spaceId, pco2.id)))[0]?.n ?? 0;

  headers = as(await login(t.app, 'owner2@demo.example', DEMO_PASSWORD));
}, 120_000);
afterAll(() => t.close());

async function statusOf(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<number> {
  return (await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
}

/** Every page of a hydra collection. */
async function allMembers(url: string): Promise<{ ulid: string }[]> {
  const members: { ulid: string }[] = [];
  for (let page = 1; ; page++) {
    const body = (
      await t.app.inject({
        method: 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}itemsPerPage=100&page=${page}`,
        headers,
      })
    ).json();
    members.push(...body['hydra:member']);
    if (members.length >= body['hydra:totalItems'] || body['hydra:member'].length === 0) return members;
  }
}

describe('owner2 against the first PCO of the demo data', () => {
  it('has a populated first PCO to attack', () => {
    expect(first.clients.length).toBeGreaterThanOrEqual(40);
    expect(first.sites.length).toBeGreaterThanOrEqual(40);
    expect(first.interventions.length).toBeGreaterThanOrEqual(100);
    expect(own.clients).toBeGreaterThan(0);
  });

  it('gets 404 for every client, contact link, site, site contact and intervention — read, update, delete', async () => {
    const contact = {
      lastname: 'Sato',
      firstname: 'Ken',
      phone: '+81 90 1234 5678',
      email: 'ken.sato@example.jp',
      title: '代表',
    };
    const site = {
      client: `/api/clients/${own.client}`,
      name: 'Probe',
      address: { label: 'Tokyo', latitude: '35.6', longitude: '139.7' },
      area: 100,
      referent: `/api/user_pcos/${own.member}`,
    };
    const visit = {
      client: `/api/clients/${own.client}`,
      site: `/api/sites/${own.site}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [`/api/user_pcos/${own.member}`],
      start_at: '2099-01-05 09:00:00',
      end_at: '2099-01-05 10:00:00',
    };
    const unexpected: string[] = [];
    const expect404 = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const status = await statusOf(method, url, payload);
      if (status !== 404) unexpected.push(`${method} ${url} → ${status}`);
    };
    for (const id of first.clients) {
      await expect404('GET', `/api/clients/${id}`);
      await expect404('DELETE', `/api/clients/${id}`);
    }
    for (const id of first.clientContacts) {
      await expect404('PUT', `/api/client_contacts/${id}`, { client: { name: 'Probe', company: true }, contact });
      await expect404('PUT', `/api/client_contacts/${id}/primary`, {});
      await expect404('DELETE', `/api/client_contacts/${id}`);
    }
    for (const id of first.sites) {
      await expect404('GET', `/api/sites/${id}`);
      await expect404('GET', `/api/sites/${id}/light`);
      await expect404('DELETE', `/api/sites/${id}`);
    }
    for (const id of first.siteContacts) {
      await expect404('PUT', `/api/site_contacts/${id}`, { site, contact });
    }
    for (const id of first.interventions) {
      await expect404('GET', `/api/interventions/${id}`);
      await expect404('PUT', `/api/interventions/${id}`, visit);
      await expect404('DELETE', `/api/interventions/${id}?send_mail=false`);
    }
    expect(unexpected).toEqual([]);
    // nothing was changed or deleted on the way
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(clients)
          .where(eq(clients.id, first.clients[0] as string))
      )[0]?.n,
    ).toBe(1);
    const remaining = await t.db.select({ n: count() }).from(interventions);
    expect(remaining[0]?.n).toBeGreaterThanOrEqual(first.interventions.length + own.interventions);
  });

  it('sees none of them in lists, and its own counts only', async () => {
    const clientIds = (await allMembers('/api/clients')).map((m) => m.ulid);
    expect(clientIds).toHaveLength(own.clients);
    expect(clientIds.filter((id) => first.clients.includes(id))).toEqual([]);

    const visitIds = (await allMembers('/api/interventions')).map((m) => m.ulid);
    expect(visitIds).toHaveLength(own.interventions);
    expect(visitIds.filter((id) => first.interventions.includes(id))).toEqual([]);

    const siteList = (await t.app.inject({ method: 'GET', url: '/api/sites?page=1', headers })).json();
    expect(siteList.in_alert_site_number + siteList.other_site_number).toBe(own.sites);
    const listed = [...siteList.in_alert_sites, ...siteList.other_sites].map((s: { ulid: string }) => s.ulid);
    expect(listed.filter((id) => first.sites.includes(id))).toEqual([]);
  });

  it('gets nothing when filtering by the first PCO’s clients or people', async () => {
    const clientFilter = first.clients
      .slice(0, 5)
      .map((id) => `clients[]=${id}`)
      .join('&');
    const userFilter = first.members.map((id) => `users[]=${id}`).join('&');
    const sitesByClient = (await t.app.inject({ method: 'GET', url: `/api/sites?${clientFilter}`, headers })).json();
    expect(sitesByClient.in_alert_site_number + sitesByClient.other_site_number).toBe(0);
    const sitesByReferent = (await t.app.inject({ method: 'GET', url: `/api/sites?${userFilter}`, headers })).json();
    expect(sitesByReferent.in_alert_site_number + sitesByReferent.other_site_number).toBe(0);
    const visitsByClient = (
      await t.app.inject({ method: 'GET', url: `/api/interventions?${clientFilter}`, headers })
    ).json();
    expect(visitsByClient['hydra:totalItems']).toBe(0);
    const visitsByUser = (
      await t.app.inject({ method: 'GET', url: `/api/interventions?${userFilter}`, headers })
    ).json();
    expect(visitsByUser['hydra:totalItems']).toBe(0);
    const allOfClient = (
      await t.app.inject({ method: 'GET', url: `/api/sites?pagination=false&client.ulid=${first.clients[0]}`, headers })
    ).json();
    expect(allOfClient['hydra:totalItems']).toBe(0);
  });

  it('finds none of them through search: clients, sites and people', async () => {
    for (const name of first.clientNames.slice(0, 20)) {
      const body = (
        await t.app.inject({ method: 'GET', url: `/api/clients/search?name=${encodeURIComponent(name)}`, headers })
      ).json();
      expect(body.list.filter((c: { ulid: string }) => first.clients.includes(c.ulid))).toEqual([]);
    }
    for (const name of first.siteNames.slice(0, 20)) {
      const body = (
        await t.app.inject({ method: 'GET', url: `/api/sites/search?name=${encodeURIComponent(name)}`, headers })
      ).json();
      expect(body.list.filter((s: { ulid: string }) => first.sites.includes(s.ulid))).toEqual([]);
    }
    const people = (
      await t.app.inject({ method: 'GET', url: '/api/user_pcos/search?itemsPerPage=100', headers })
    ).json();
    expect(people.list.filter((p: { ulid: string }) => first.members.includes(p.ulid))).toEqual([]);
    const byName = (await t.app.inject({ method: 'GET', url: '/api/user_pcos/search?search=Moreau', headers })).json();
    expect(byName.total).toBe(0);
  });
});
