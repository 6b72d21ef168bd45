/** SPEC §3 "Site" list and search, §7 "Sites": alert/other split, filters kept while browsing, order, paging. */
import type {
  HydraCollection,
  SiteContactAnswer,
  SiteListAnswer,
  SiteListItem,
  SiteSearchResult,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, type TestMember } from '../../../test/factories.js';
import { setSiteAlert } from '../../db/seed/seed-sites.js';
import { insertClient, siteForm, type TestClient } from './sites.test-data.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let vineyard: TestClient;
let bakery: TestClient;
let emma: TestMember;
let hugo: TestMember;
const ids: Record<string, string> = {};

const list = async (query = ''): Promise<SiteListAnswer> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/sites${query}`, headers: as(team.owner.cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const names = (items: SiteListItem[]) => items.map((s) => s.name);

async function createSite(
  client: TestClient,
  referent: TestMember,
  name: string,
  site: Parameters<typeof siteForm>[2] = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/site_contacts',
    headers: as(team.owner.cookie),
    payload: siteForm(client, referent.iri, { name, ...site }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as SiteContactAnswer).site.ulid;
  ids[name] = id;
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  emma = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', {
    firstname: 'Emma',
    lastname: 'Petit',
    color: '#15803d',
  });
  hugo = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname: 'Hugo', lastname: 'Roux' });
  vineyard = await insertClient(t.db, team.spaceId, 'Château Margaux SARL');
  bakery = await insertClient(t.db, team.spaceId, 'Boulangerie Dupont');
  await createSite(vineyard, emma, 'Chai principal', {
    status: 'STATUS_IN_OPERATION',
    treatment_type: 'TYPE_PREVENTION',
  });
  await createSite(vineyard, emma, 'Bureaux', { status: 'STATUS_TO_CHECK', treatment_type: 'TYPE_ELIMINATION' });
  await createSite(vineyard, hugo, 'Atelier', { status: 'STATUS_IN_OPERATION', treatment_type: 'TYPE_ELIMINATION' });
  await createSite(bakery, hugo, 'Fournil', { status: 'STATUS_TO_ESTIMATE', treatment_type: 'TYPE_PREVENTION' });
  await createSite(bakery, emma, 'entrepôt du port', {
    status: 'STATUS_PLANNED_INSTALL',
    treatment_type: 'TYPE_PREVENTION',
  });
  await setSiteAlert(t.db, ids.Bureaux as string, 3, 'TYPE_LOW_BATTERY');
  await setSiteAlert(t.db, ids.Atelier as string, 9, 'TYPE_TERMITE_ALERT');
  await setSiteAlert(t.db, ids.Fournil as string, 3, 'TYPE_COMMUNICATION_ERROR');
  // a client with many sites, for paging and pagination=false
  const many = await insertClient(t.db, team.spaceId, 'Mairie de Pessac', 1);
  for (let i = 1; i <= 32; i++)
    await createSite(many, hugo, `Pessac école ${String(i).padStart(2, '0')}`, { treatment_type: 'TYPE_PREVENTION' });
  ids.many = many.id;
});
afterAll(() => t.close());

describe('GET /api/sites', () => {
  it('splits alert sites (priority_sum desc, then name) from other sites (name asc), with their counts', async () => {
    const answer = await list(`?clients[]=${vineyard.id}&clients[]=${bakery.id}`);
    expect(names(answer.in_alert_sites)).toEqual(['Atelier', 'Bureaux', 'Fournil']);
    expect(names(answer.other_sites)).toEqual(['Chai principal', 'entrepôt du port']);
    expect(answer.in_alert_site_number).toBe(3);
    expect(answer.other_site_number).toBe(2);
    expect(answer.in_alert_sites[0]).toMatchObject({ priority_sum: 9, main_alert_type: 'TYPE_TERMITE_ALERT' });
  });

  it('answers list items with client, address, referent chip, treatment type and dates', async () => {
    const answer = await list(`?name=Chai`);
    expect(answer.other_sites).toHaveLength(1);
    const item = answer.other_sites[0] as SiteListItem;
    expect(item).toMatchObject({
      '@id': `/api/sites/${ids['Chai principal']}`,
      '@type': 'Site',
      ulid: ids['Chai principal'],
      status: 'STATUS_IN_OPERATION',
      client: { '@id': vineyard.iri, ulid: vineyard.id, name: 'Château Margaux SARL' },
      address: { label: '8 allée des Lilas, 33700 Mérignac', city: 'Mérignac', latitude: '44.842960001' },
      referent: { '@id': emma.iri, ulid: emma.membershipId, firstname: 'Emma', lastname: 'Petit', color: '#15803d' },
      treatment_type: 'TYPE_PREVENTION',
      priority_sum: 0,
      main_alert_type: null,
      planned_at: null,
    });
    expect(item.updated_at).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('pages one sequence by 30, the sites in alert first, with exact counts and a link to the next page', async () => {
    const first = await list();
    expect(names(first.in_alert_sites)).toEqual(['Atelier', 'Bureaux', 'Fournil']);
    expect(first.other_sites).toHaveLength(27);
    expect(names(first.other_sites).slice(0, 3)).toEqual(['Chai principal', 'entrepôt du port', 'Pessac école 01']);
    expect(first).toMatchObject({ in_alert_site_number: 3, other_site_number: 34 });
    expect(first['hydra:view']).toMatchObject({
      'hydra:next': '/api/sites?page=2',
      'hydra:last': '/api/sites?page=2',
    });
    expect(first['hydra:view']['hydra:previous']).toBeUndefined();

    const second = await list('?page=2');
    expect(second.in_alert_sites).toEqual([]);
    expect(names(second.other_sites)).toEqual([26, 27, 28, 29, 30, 31, 32].map((n) => `Pessac école ${n}`));
    expect(second).toMatchObject({ in_alert_site_number: 3, other_site_number: 34 });
    expect(second['hydra:view']).toMatchObject({ 'hydra:previous': '/api/sites?page=1' });
    expect(second['hydra:view']['hydra:next']).toBeUndefined();
    const all = [...first.other_sites, ...second.other_sites].map((s) => s.ulid);
    expect(new Set(all).size).toBe(34);
  });

  it('splits a page that straddles the two sections and keeps the query in the paging links', async () => {
    const straddling = await list('?itemsPerPage=2&page=2');
    expect(names(straddling.in_alert_sites)).toEqual(['Fournil']);
    expect(names(straddling.other_sites)).toEqual(['Chai principal']);
    expect(straddling['hydra:view']).toMatchObject({
      'hydra:next': '/api/sites?itemsPerPage=2&page=3',
      'hydra:last': '/api/sites?itemsPerPage=2&page=19',
    });
    const last = await list('?itemsPerPage=5&page=8');
    expect(names(last.other_sites)).toEqual(['Pessac école 31', 'Pessac école 32']);
    expect((await list('?itemsPerPage=5&page=9')).other_sites).toEqual([]);
    const filtered = await list(`?clients[]=${vineyard.id}&itemsPerPage=1`);
    expect(names(filtered.in_alert_sites)).toEqual(['Atelier']);
    expect(filtered.other_sites).toEqual([]);
    expect(new URL(filtered['hydra:view']['hydra:next'] ?? '', 'http://x').searchParams.get('clients[]')).toBe(
      vineyard.id,
    );
  });

  it('answers 400 for a page size over 100', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sites?itemsPerPage=101',
      headers: as(team.owner.cookie),
    });
    expect(response.statusCode).toBe(400);
  });

  it('filters by referents (one or many)', async () => {
    const one = await list(`?users=${emma.membershipId}`);
    expect([...names(one.in_alert_sites), ...names(one.other_sites)]).toEqual([
      'Bureaux',
      'Chai principal',
      'entrepôt du port',
    ]);
    const byIri = await list(`?users[]=${encodeURIComponent(emma.iri)}&users[]=${hugo.membershipId}`);
    expect(byIri.in_alert_site_number + byIri.other_site_number).toBe(37);
    const nobody = await list(`?users[]=${team.technician.membershipId}`);
    expect(nobody.in_alert_site_number + nobody.other_site_number).toBe(0);
  });

  it('filters by client, status, treatment type and name (contains, case-insensitive)', async () => {
    expect(
      (await list(`?clients=${bakery.id}`)).other_site_number +
        (await list(`?clients=${bakery.id}`)).in_alert_site_number,
    ).toBe(2);
    const statuses = await list('?status[]=STATUS_IN_OPERATION&status[]=STATUS_TO_ESTIMATE');
    expect([...names(statuses.in_alert_sites), ...names(statuses.other_sites)]).toEqual([
      'Atelier',
      'Fournil',
      'Chai principal',
    ]);
    const elimination = await list('?treatment_type=TYPE_ELIMINATION');
    expect(names(elimination.in_alert_sites)).toEqual(['Atelier', 'Bureaux']);
    expect(elimination.other_site_number).toBe(0);
    const byName = await list('?name=ENTREPÔT');
    expect(names(byName.other_sites)).toEqual(['entrepôt du port']);
    const wildcard = await list('?name=%25');
    expect(wildcard.other_site_number + wildcard.in_alert_site_number).toBe(0);
  });

  it('filters by main alert type, NONE meaning no alert', async () => {
    const battery = await list('?alert_type[]=TYPE_LOW_BATTERY&alert_type[]=TYPE_TERMITE_ALERT');
    expect(names(battery.in_alert_sites)).toEqual(['Atelier', 'Bureaux']);
    const none = await list(`?alert_type=NONE&clients=${vineyard.id}`);
    expect(names(none.other_sites)).toEqual(['Chai principal']);
    expect(none.in_alert_site_number).toBe(0);
  });

  it('orders by name or last update on request', async () => {
    const desc = await list(`?order[name]=desc&clients[]=${vineyard.id}&clients[]=${bakery.id}`);
    expect(names(desc.other_sites)).toEqual(['entrepôt du port', 'Chai principal']);
    expect(names(desc.in_alert_sites)).toEqual(['Atelier', 'Fournil', 'Bureaux']);
    const recent = await list(`?order[updated_at]=desc&clients[]=${vineyard.id}&clients[]=${bakery.id}`);
    expect(names(recent.other_sites)).toEqual(['entrepôt du port', 'Chai principal']);
    const oldest = await list(`?order[updated_at]=asc&clients[]=${vineyard.id}&clients[]=${bakery.id}`);
    expect(names(oldest.other_sites)).toEqual(['Chai principal', 'entrepôt du port']);
  });

  it('answers 400 for an unknown status or order direction', async () => {
    for (const query of ['?status=STATUS_NOPE', '?order[name]=sideways', '?alert_type=TYPE_X']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/sites${query}`, headers: as(team.owner.cookie) });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers every site of a client as a hydra collection with pagination=false', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sites?pagination=false&client.ulid=${ids.many}`,
      headers: as(team.owner.cookie),
    });
    const body: HydraCollection<SiteListItem> = response.json();
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(32);
    expect(body['hydra:member']).toHaveLength(32);
    expect(body['hydra:member'][0]).toMatchObject({ name: 'Pessac école 01', client: { ulid: ids.many } });
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/sites?pagination=false&client.ulid=${bakery.id}`,
      headers: as(team.owner.cookie),
    });
    expect((single.json() as HydraCollection<SiteListItem>)['hydra:member'].map((s) => s.name)).toEqual([
      'entrepôt du port',
      'Fournil',
    ]);
  });
});

describe('GET /api/sites/search', () => {
  const search = async (query: string): Promise<SiteSearchResult> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sites/search${query}`,
      headers: as(team.owner.cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers {list: [{@id, ulid, name}], total} by name, 30 a page', async () => {
    const answer = await search('?name=pessac');
    expect(answer.total).toBe(32);
    expect(answer.list).toHaveLength(30);
    expect(answer.list[0]).toEqual({
      '@id': expect.stringMatching(/^\/api\/sites\//),
      '@type': 'Site',
      ulid: expect.any(String),
      name: 'Pessac école 01',
    });
    expect((await search('?name=pessac&page=2')).list.map((s) => s.name)).toEqual([
      'Pessac école 31',
      'Pessac école 32',
    ]);
  });

  it('restricts to one client and orders by name', async () => {
    const answer = await search(`?client.ulid=${vineyard.id}&order[name]=desc`);
    expect(answer).toMatchObject({ total: 3 });
    expect(answer.list.map((s) => s.name)).toEqual(['Chai principal', 'Bureaux', 'Atelier']);
    expect((await search(`?client.ulid=${vineyard.id}&name=chai`)).list.map((s) => s.name)).toEqual(['Chai principal']);
  });
});
