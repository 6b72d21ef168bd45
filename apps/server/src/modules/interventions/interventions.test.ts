/** SPEC §3 "Intervention", §4 "Intervention form", §5, §7 "Interventions", §8 start_at_invalid; ADR 004. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, login } from '../../../test/factories.js';
import { addClient, addSite } from './interventions.fixtures.js';
import { createInterventionsRepository } from './interventions.repository.js';
import { createInterventionsService } from './interventions.service.js';

let t: TestApp;
type Team = Awaited<ReturnType<typeof createPcoTeam>>;
let team: Team;
let other: Team;
let clientA: string;
let clientB: string;
let siteA1: string;
let siteA2: string;
let siteB1: string;
let disabledIri: string;

const DAY = 86_400_000;
/** An ISO instant `days` days (and `hours` hours) from now, accepted by the API as "ISO 8601 with offset". */
const fromNow = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  clientA = await addClient(t.db, team.spaceId, 'Château Margaux');
  clientB = await addClient(t.db, team.spaceId, 'Mairie de Bègles');
  siteA1 = await addSite(t.db, team.spaceId, clientA, { name: 'Chai principal', status: 'STATUS_IN_OPERATION' });
  siteA2 = await addSite(t.db, team.spaceId, clientA, { name: 'Orangerie', status: 'STATUS_IN_OPERATION' });
  siteB1 = await addSite(t.db, team.spaceId, clientB, { name: 'École Paul Bert', status: 'STATUS_IN_OPERATION' });
  disabledIri = (await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { status: 'disabled' })).iri;
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  client: `/api/clients/${clientA}`,
  site: `/api/sites/${siteA1}`,
  type: 'TYPE_CONTROL_VISIT',
  interveners: [team.technician.iri],
  start_at: '2030-06-10 09:00:00',
  end_at: '2030-06-10 11:30:00',
  description: 'Contrôle des stations extérieures',
  send_mail: true,
  ...overrides,
});
const post = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/interventions', headers: as(cookie), payload });
const put = (cookie: string, ulid: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/interventions/${ulid}`, headers: as(cookie), payload });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: as(cookie) });
const del = (cookie: string, ulid: string, sendMail = 'true') =>
  t.app.inject({ method: 'DELETE', url: `/api/interventions/${ulid}?send_mail=${sendMail}`, headers: as(cookie) });
const codes = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`).sort();

describe('POST /api/interventions', () => {
  it('schedules a visit (201) and answers it with site, client, interveners and zoned dates', async () => {
    const response = await post(
      team.owner.cookie,
      body({ interveners: [team.technician.iri, team.manager.membershipId] }),
    );
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      '@type': 'Intervention',
      type: 'TYPE_CONTROL_VISIT',
      description: 'Contrôle des stations extérieures',
      start_at: '2030-06-10T09:00:00+02:00',
      end_at: '2030-06-10T11:30:00+02:00',
      send_mail: true,
      client_ulid: clientA,
      site_ulid: siteA1,
      site: {
        '@id': `/api/sites/${siteA1}`,
        '@type': 'Site',
        ulid: siteA1,
        name: 'Chai principal',
        client: { '@id': `/api/clients/${clientA}`, '@type': 'Client', ulid: clientA, name: 'Château Margaux' },
      },
    });
    expect(item['@id']).toBe(`/api/interventions/${item.ulid}`);
    expect(item.interveners).toHaveLength(2);
    expect(item.interveners).toEqual(
      expect.arrayContaining([
        {
          '@id': team.technician.iri,
          '@type': 'User',
          ulid: team.technician.membershipId,
          firstname: expect.any(String),
          lastname: 'Nom',
          color: '#336699',
        },
        expect.objectContaining({ '@id': team.manager.iri, ulid: team.manager.membershipId }),
      ]),
    );
    expect(item.interveners_ulids.sort()).toEqual([team.technician.membershipId, team.manager.membershipId].sort());

    const read = await get(team.manager.cookie, `/api/interventions/${item.ulid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(item);
  });

  it('reads the post format in the actor time zone and also accepts ISO 8601 with an offset', async () => {
    const tokyo = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_MANAGER', { timezone: 'Asia/Tokyo' });
    const cookie = await login(t.app, tokyo.email);
    const zoned = await post(cookie, body({ start_at: '2030-01-15 09:00:00', end_at: '2030-01-15 10:00:00' }));
    expect(zoned.statusCode).toBe(201);
    expect(zoned.json().start_at).toBe('2030-01-15T09:00:00+09:00');
    // the Paris owner sees the same instant in Paris time
    const seen = await get(team.owner.cookie, `/api/interventions/${zoned.json().ulid}`);
    expect(seen.json().start_at).toBe('2030-01-15T01:00:00+01:00');

    const iso = await post(
      team.owner.cookie,
      body({ start_at: '2030-01-15T09:00:00Z', end_at: '2030-01-15T10:15:00+01:00', send_mail: false }),
    );
    expect(iso.statusCode).toBe(201);
    expect(iso.json()).toMatchObject({
      start_at: '2030-01-15T10:00:00+01:00',
      end_at: '2030-01-15T10:15:00+01:00',
      send_mail: false,
    });
    await del(team.owner.cookie, zoned.json().ulid);
    await del(team.owner.cookie, iso.json().ulid);
  });

  it('answers 422 with the required codes of an empty body', async () => {
    const response = await post(team.owner.cookie, {});
    expect(response.statusCode).toBe(422);
    expect(codes(response)).toEqual([
      'client:client_required',
      'end_at:end_at_required',
      'interveners:interveners_required',
      'site:site_required',
      'start_at:start_at_required',
      'type:type_required',
    ]);
    const noOne = await post(team.owner.cookie, body({ interveners: [], type: 'TYPE_SOMETHING' }));
    expect(codes(noOne)).toEqual(['interveners:interveners_required', 'type:type_required']);
  });

  it('refuses a start that is not later than now (start_at_invalid) and an end not after the start (end_at_invalid)', async () => {
    const past = await post(team.owner.cookie, body({ start_at: fromNow(-1), end_at: fromNow(1) }));
    expect(past.statusCode).toBe(422);
    expect(codes(past)).toEqual(['start_at:start_at_invalid']);
    const before = await post(team.owner.cookie, body({ end_at: '2030-06-10 08:59:00' }));
    expect(codes(before)).toEqual(['end_at:end_at_invalid']);
    const equal = await post(team.owner.cookie, body({ end_at: '2030-06-10 09:00:00' }));
    expect(codes(equal)).toEqual(['end_at:end_at_invalid']);
    const noSuchDay = await post(
      team.owner.cookie,
      body({ start_at: '2030-02-30 09:00:00', end_at: '2030-13-01 10:00:00' }),
    );
    expect(codes(noSuchDay)).toEqual(['end_at:end_at_invalid', 'start_at:start_at_invalid']);
    const garbage = await post(team.owner.cookie, body({ start_at: 'tomorrow' }));
    expect(codes(garbage)).toEqual(['start_at:start_at_invalid']);
  });

  it('refuses a site of another client, an unknown client and inactive or unknown interveners', async () => {
    const wrongSite = await post(team.owner.cookie, body({ site: `/api/sites/${siteB1}` }));
    expect(wrongSite.statusCode).toBe(422);
    expect(codes(wrongSite)).toEqual(['site:site_invalid']);
    const unknownClient = await post(team.owner.cookie, body({ client: '/api/clients/01J00000000000000000000000' }));
    expect(codes(unknownClient)).toEqual(['client:client_invalid']);
    const disabled = await post(team.owner.cookie, body({ interveners: [team.technician.iri, disabledIri] }));
    expect(codes(disabled)).toEqual(['interveners:interveners_invalid']);
    const malformed = await post(
      team.owner.cookie,
      body({ interveners: ['/api/clients/01J00000000000000000000000'], site: 'nope' }),
    );
    expect(codes(malformed)).toEqual(['interveners.0:interveners_invalid', 'site:site_invalid']);
  });
});

describe('the clock of the service', () => {
  it('compares start_at with the injected now, to the second', async () => {
    const now = new Date('2031-03-01T08:00:00Z');
    const service = createInterventionsService(createInterventionsRepository(t.db), { now: () => now });
    const actor = {
      accountId: team.owner.accountId,
      sessionId: 'test',
      membershipId: team.owner.membershipId,
      spaceId: team.spaceId,
      spaceType: 'pco' as const,
      role: 'ROLE_PCO_SPACE_OWNER',
      timezone: 'UTC',
      lang: 'fr' as const,
    };
    const input = {
      client: clientA,
      site: siteA2,
      type: 'TYPE_CONTROL_VISIT' as const,
      interveners: [team.technician.membershipId],
      start_at: '2031-03-01 08:00:00',
      end_at: '2031-03-01 09:00:00',
      description: null,
      send_mail: true,
    };
    await expect(service.create(actor, input)).rejects.toMatchObject({
      status: 422,
      violations: [{ propertyPath: 'start_at', code: 'start_at_invalid' }],
    });
    const created = await service.create(actor, { ...input, start_at: '2031-03-01 08:00:01' });
    expect(created.start_at).toBe('2031-03-01T08:00:01+00:00');
    await service.remove(actor, created.ulid, false);
  });
});

describe('PUT /api/interventions/{ulid}', () => {
  it('replaces every field (200) and checks start_at only when it changes', async () => {
    const created = (await post(team.owner.cookie, body())).json();
    const response = await put(
      team.manager.cookie,
      created.ulid,
      body({
        '@id': created['@id'],
        client: `/api/clients/${clientB}`,
        site: `/api/sites/${siteB1}`,
        type: 'TYPE_CLOSING_SITE',
        interveners: [team.owner.iri],
        end_at: '2030-06-10 12:00:00',
        description: '',
        send_mail: false,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: created.ulid,
      client_ulid: clientB,
      site_ulid: siteB1,
      type: 'TYPE_CLOSING_SITE',
      description: null,
      send_mail: false,
      start_at: '2030-06-10T09:00:00+02:00',
      end_at: '2030-06-10T12:00:00+02:00',
      interveners_ulids: [team.owner.membershipId],
    });
    const bad = await put(team.owner.cookie, created.ulid, body({ end_at: '2030-06-10 08:00:00' }));
    expect(codes(bad)).toEqual(['end_at:end_at_invalid']);
    await del(team.owner.cookie, created.ulid);
  });

  it('lets a past visit be edited while its start stays, and refuses moving it to another past time', async () => {
    const clock = new Date(Date.now() - 10 * DAY);
    const service = createInterventionsService(createInterventionsRepository(t.db), { now: () => clock });
    const actor = {
      accountId: team.owner.accountId,
      sessionId: 'test',
      membershipId: team.owner.membershipId,
      spaceId: team.spaceId,
      spaceType: 'pco' as const,
      role: 'ROLE_PCO_SPACE_OWNER',
      timezone: 'Europe/Paris',
      lang: 'fr' as const,
    };
    const start = fromNow(-3);
    const past = await service.create(actor, {
      client: clientA,
      site: siteA2,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [team.technician.membershipId],
      start_at: start,
      end_at: fromNow(-3, 2),
      description: null,
      send_mail: true,
    });
    const same = await put(
      team.owner.cookie,
      past.ulid,
      body({ site: `/api/sites/${siteA2}`, start_at: past.start_at, end_at: past.end_at, description: 'Compte rendu' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().description).toBe('Compte rendu');
    const moved = await put(
      team.owner.cookie,
      past.ulid,
      body({ site: `/api/sites/${siteA2}`, start_at: fromNow(-2), end_at: fromNow(-2, 1) }),
    );
    expect(codes(moved)).toEqual(['start_at:start_at_invalid']);
    await del(team.owner.cookie, past.ulid);
  });

  it('answers 404 for an unknown intervention', async () => {
    const response = await put(team.owner.cookie, '01J00000000000000000000000', body());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('intervention_not_found');
  });
});

describe('DELETE /api/interventions/{id}', () => {
  it('deletes (204) with or without the mail, then answers 404', async () => {
    const first = (await post(team.owner.cookie, body())).json();
    const second = (await post(team.owner.cookie, body())).json();
    expect((await del(team.owner.cookie, first.ulid, 'true')).statusCode).toBe(204);
    expect((await del(team.manager.cookie, second.ulid, 'false')).statusCode).toBe(204);
    expect((await get(team.owner.cookie, `/api/interventions/${first.ulid}`)).statusCode).toBe(404);
    expect((await del(team.owner.cookie, first.ulid)).statusCode).toBe(404);
    expect((await del(team.owner.cookie, second.ulid, 'maybe')).statusCode).toBe(400);
  });
});

describe('GET /api/interventions', () => {
  let space: Team;
  let c1: string;
  let c2: string;
  let s1: string;
  let s2: string;
  const made: Record<string, { ulid: string; start_at: string }> = {};

  beforeAll(async () => {
    space = await createPcoTeam(t.app, t.db);
    c1 = await addClient(t.db, space.spaceId, 'Client Un');
    c2 = await addClient(t.db, space.spaceId, 'Client Deux');
    s1 = await addSite(t.db, space.spaceId, c1, { name: 'Site Un' });
    s2 = await addSite(t.db, space.spaceId, c2, { name: 'Site Deux' });
    const make = async (key: string, o: Record<string, unknown>) => {
      const response = await post(space.owner.cookie, {
        client: `/api/clients/${c1}`,
        site: `/api/sites/${s1}`,
        type: 'TYPE_CONTROL_VISIT',
        interveners: [space.technician.iri],
        description: null,
        ...o,
      });
      expect(response.statusCode, response.body).toBe(201);
      made[key] = response.json();
    };
    // created out of order: the list sorts by start
    await make('late', {
      start_at: '2030-03-12 10:00:00',
      end_at: '2030-03-12 11:00:00',
      type: 'TYPE_PRE_VISIT',
      interveners: [space.manager.iri],
    });
    await make('night', {
      start_at: '2030-03-11 00:30:00',
      end_at: '2030-03-11 01:00:00',
      interveners: [space.owner.iri],
    });
    await make('early', { start_at: '2030-03-10 09:00:00', end_at: '2030-03-10 10:00:00' });
    await make('evening', {
      start_at: '2030-03-10 23:30:00',
      end_at: '2030-03-11 00:15:00',
      client: `/api/clients/${c2}`,
      site: `/api/sites/${s2}`,
      type: 'TYPE_COMMISSIONING',
      interveners: [space.technician.iri, space.manager.iri],
    });
  });

  const list = (query = '') => get(space.owner.cookie, `/api/interventions${query}`);
  const order = async (query = '') => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    const keyOf = (ulid: string) => Object.entries(made).find(([, v]) => v.ulid === ulid)?.[0];
    return (response.json()['hydra:member'] as { ulid: string }[]).map((m) => keyOf(m.ulid));
  };

  it('answers a hydra collection ordered by start', async () => {
    const response = await list();
    expect(response.json()).toMatchObject({
      '@type': 'hydra:Collection',
      '@id': '/api/interventions',
      'hydra:totalItems': 4,
    });
    expect(response.json()['hydra:member'][0]).toMatchObject({
      '@type': 'Intervention',
      site: { name: 'Site Un', client: { name: 'Client Un' } },
    });
    expect(await order()).toEqual(['early', 'evening', 'night', 'late']);
  });

  it('filters by interveners (one or many), clients, types and site', async () => {
    expect(await order(`?users=${space.technician.membershipId}`)).toEqual(['early', 'evening']);
    expect(await order(`?users[]=${space.manager.membershipId}&users[]=${space.owner.membershipId}`)).toEqual([
      'evening',
      'night',
      'late',
    ]);
    expect(await order(`?clients[]=${c2}`)).toEqual(['evening']);
    expect(await order(`?clients=${c1}&type=TYPE_PRE_VISIT`)).toEqual(['late']);
    expect(await order('?type[]=TYPE_COMMISSIONING&type[]=TYPE_PRE_VISIT')).toEqual(['evening', 'late']);
    expect(await order(`?site.ulid=${s2}`)).toEqual(['evening']);
    expect(await order('?users=01J00000000000000000000000')).toEqual([]);
    expect((await list('?type=TYPE_NOPE')).statusCode).toBe(400);
  });

  it('filters on the start day, inclusive, in the actor time zone', async () => {
    expect(await order('?start_date=2030-03-10&end_date=2030-03-10')).toEqual(['early', 'evening']);
    expect(await order('?start_date=2030-03-11')).toEqual(['night', 'late']);
    expect(await order('?end_date=2030-03-11')).toEqual(['early', 'evening', 'night']);
    const tokyo = await createMember(t.db, space.spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Asia/Tokyo' });
    const cookie = await login(t.app, tokyo.email);
    // 2030-03-10 09:00 Paris is 17:00 in Tokyo; 23:30 Paris is already the 11th in Tokyo
    const response = await get(cookie, '/api/interventions?start_date=2030-03-10&end_date=2030-03-10');
    expect(response.json()['hydra:member'].map((m: { ulid: string }) => m.ulid)).toEqual([made.early?.ulid]);
    expect((await list('?start_date=10/03/2030')).statusCode).toBe(400);
  });

  it('pages by itemsPerPage (at most 100) with the total of every page', async () => {
    const page2 = await list('?itemsPerPage=3&page=2');
    expect(page2.json()['hydra:totalItems']).toBe(4);
    expect(page2.json()['hydra:member'].map((m: { ulid: string }) => m.ulid)).toEqual([made.late?.ulid]);
    expect(page2.json()['hydra:view']['hydra:previous']).toContain('page=1');
    const page1 = await list('?itemsPerPage=3');
    expect(page1.json()['hydra:member']).toHaveLength(3);
    expect(page1.json()['hydra:view']['hydra:next']).toContain('page=2');
    expect((await list('?itemsPerPage=101')).statusCode).toBe(400);
  });

  it('shows none of them to another PCO, answers 404 for each and refuses its references', async () => {
    const foreign = await get(other.owner.cookie, '/api/interventions');
    expect(foreign.json()['hydra:totalItems']).toBe(0);
    const filtered = await get(
      other.owner.cookie,
      `/api/interventions?clients=${c1}&users=${space.technician.membershipId}`,
    );
    expect(filtered.json()['hydra:totalItems']).toBe(0);
    for (const { ulid } of Object.values(made)) {
      expect((await get(other.owner.cookie, `/api/interventions/${ulid}`)).statusCode).toBe(404);
      expect((await put(other.owner.cookie, ulid, body())).statusCode).toBe(404);
      expect((await del(other.owner.cookie, ulid)).statusCode).toBe(404);
    }
    const stolen = await post(other.owner.cookie, {
      client: `/api/clients/${c1}`,
      site: `/api/sites/${s1}`,
      type: 'TYPE_CONTROL_VISIT',
      interveners: [space.technician.iri],
      start_at: '2030-06-10 09:00:00',
      end_at: '2030-06-10 10:00:00',
    });
    expect(stolen.statusCode).toBe(422);
    expect(codes(stolen)).toEqual(['client:client_invalid', 'interveners:interveners_invalid', 'site:site_invalid']);
    // the records are untouched
    expect((await list()).json()['hydra:totalItems']).toBe(4);
  });
});

describe('access', () => {
  it('answers 403 to a technician on every route', async () => {
    const created = (await post(team.owner.cookie, body())).json();
    const cookie = team.technician.cookie;
    expect((await get(cookie, '/api/interventions')).statusCode).toBe(403);
    expect((await get(cookie, `/api/interventions/${created.ulid}`)).statusCode).toBe(403);
    expect((await post(cookie, body())).statusCode).toBe(403);
    expect((await put(cookie, created.ulid, body())).statusCode).toBe(403);
    expect((await del(cookie, created.ulid)).statusCode).toBe(403);
    expect((await del(team.owner.cookie, created.ulid)).statusCode).toBe(204);
  });
});
