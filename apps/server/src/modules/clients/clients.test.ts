/**
 * SPEC §3 "Client", §7 "Clients", §8: lists, search, detail and deletion of clients, and tenancy — a member of another
 * PCO gets 404 for every record of the first and sees none of them in lists, counts or search; a technician gets 403.
 */
import type { ClientContactAnswer, ClientListItem, ClientSearchResult, HydraCollection } from '@isoptera/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPcoTeam } from '../../../test/factories.js';
import { contracts, interventions } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import {
  addContact,
  contact,
  createClient,
  ctx,
  detail,
  insertSite,
  request,
  setUpClientsApp,
} from './clients.test-support.js';

setUpClientsApp();

describe('GET /api/clients', () => {
  let spaceId: string;
  let cookie: string;
  const names = ['Alpha Nettoyage', 'beta immobilier', 'Cabinet 100%', 'Delta_Sud', 'Echo Services'];
  const ids: Record<string, ClientContactAnswer> = {};

  beforeAll(async () => {
    const fresh = await createPcoTeam(ctx.t.app, ctx.t.db);
    spaceId = fresh.spaceId;
    cookie = fresh.manager.cookie;
    for (const [i, name] of names.entries()) {
      ids[name] = await createClient(
        cookie,
        { name, company: i % 2 === 0 },
        { lastname: `Contact${'x'.repeat(i)}`.replace(/x/g, 'e') },
      );
    }
    await insertSite(spaceId, ids['Alpha Nettoyage']?.client.ulid as string, 'Entrepôt');
    await insertSite(spaceId, ids['Alpha Nettoyage']?.client.ulid as string, 'Bureaux');
    // touch Cabinet 100% last: an alternative contact bumps updated_at
    await addContact(cookie, ids['Cabinet 100%']?.client['@id'] as string, { email: 'autre@example.fr' });
  });

  const list = async (query = ''): Promise<HydraCollection<ClientListItem>> => {
    const response = await request(cookie, 'GET', `/api/clients${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists by name ascending with the main contact, the number of sites and the last update', async () => {
    const page = await list();
    expect(page['@type']).toBe('hydra:Collection');
    expect(page['hydra:totalItems']).toBe(5);
    expect(page['hydra:member'].map((c) => c.name)).toEqual(names);
    const alpha = page['hydra:member'][0] as ClientListItem;
    expect(alpha).toMatchObject({ '@type': 'Client', company: true, site_number: 2 });
    expect(alpha.primary_contact).toMatchObject({ firstname: 'Jean', phone: '+33 6 12 34 56 78', is_primary: true });
    expect(alpha.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(page['hydra:member'][1]?.site_number).toBe(0);
  });

  it('filters by name (case-insensitive contains, wildcards literal) and by company', async () => {
    expect((await list('?name=IMMO'))['hydra:member'].map((c) => c.name)).toEqual(['beta immobilier']);
    expect((await list('?name=100%25'))['hydra:member'].map((c) => c.name)).toEqual(['Cabinet 100%']);
    expect((await list('?name=a_n'))['hydra:member'].map((c) => c.name)).toEqual([]);
    expect((await list('?name=_'))['hydra:member'].map((c) => c.name)).toEqual(['Delta_Sud']);
    expect((await list('?company=true'))['hydra:member'].map((c) => c.name)).toEqual([
      'Alpha Nettoyage',
      'Cabinet 100%',
      'Echo Services',
    ]);
    const privates = await list('?company=false');
    expect(privates['hydra:member'].map((c) => c.name)).toEqual(['beta immobilier', 'Delta_Sud']);
    expect(privates['hydra:totalItems']).toBe(2);
  });

  it('sorts by order[name] and order[updated_at]', async () => {
    expect((await list('?order[name]=desc'))['hydra:member'].map((c) => c.name)).toEqual([...names].reverse());
    const recent = await list('?order[updated_at]=desc');
    expect(recent['hydra:member'][0]?.name).toBe('Cabinet 100%');
    expect(recent['hydra:member'][1]?.name).toBe('Echo Services');
    expect((await list('?order[updated_at]=asc'))['hydra:member'][0]?.name).toBe('Alpha Nettoyage');
  });

  it('pages with itemsPerPage and hydra:view links', async () => {
    const second = await list('?itemsPerPage=2&page=2');
    expect(second['hydra:totalItems']).toBe(5);
    expect(second['hydra:member'].map((c) => c.name)).toEqual(['Cabinet 100%', 'Delta_Sud']);
    expect(second['hydra:view']).toMatchObject({
      'hydra:next': expect.stringContaining('page=3'),
      'hydra:previous': expect.stringContaining('page=1'),
    });
    expect((await list('?itemsPerPage=2&page=4'))['hydra:member']).toEqual([]);
  });

  it('answers 400 for a bad filter value', async () => {
    expect((await request(cookie, 'GET', '/api/clients?company=maybe')).statusCode).toBe(400);
    expect((await request(cookie, 'GET', '/api/clients?order[name]=up')).statusCode).toBe(400);
    expect((await request(cookie, 'GET', '/api/clients?itemsPerPage=101')).statusCode).toBe(400);
  });
});

describe('GET /api/clients/search', () => {
  let cookie: string;
  beforeAll(async () => {
    const fresh = await createPcoTeam(ctx.t.app, ctx.t.db);
    cookie = fresh.owner.cookie;
    for (let i = 0; i < 32; i++) {
      await createClient(cookie, { name: `Client ${String(i).padStart(2, '0')}` }, { email: `c${i}@example.fr` });
    }
    await createClient(cookie, { name: 'Résidence Les Acacias' });
  });

  const search = async (query: string): Promise<ClientSearchResult> => {
    const response = await request(cookie, 'GET', `/api/clients/search${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('ignores case and accents in either direction', async () => {
    expect((await search('?name=RESIDENCE')).list.map((c) => c.name)).toEqual(['Résidence Les Acacias']);
    expect((await search('?name=les%20%C3%A0cacias')).list.map((c) => c.name)).toEqual(['Résidence Les Acacias']);
    expect((await search('?name=r%C3%89sid')).total).toBe(1);
  });

  it('finds clients by name, case-insensitive, with @id, ulid, name and last_updated_at', async () => {
    const result = await search('?name=acacias');
    expect(result.total).toBe(1);
    expect(result.list).toEqual([
      {
        '@id': expect.stringMatching(/^\/api\/clients\/[0-9A-Z]{26}$/),
        '@type': 'Client',
        ulid: expect.any(String),
        name: 'Résidence Les Acacias',
        last_updated_at: expect.stringMatching(/T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
      },
    ]);
  });

  it('lists every client 30 a page when name is empty or absent, sorted by order[name]', async () => {
    const first = await search('');
    expect(first.total).toBe(33);
    expect(first.list).toHaveLength(30);
    expect(first.list[0]?.name).toBe('Client 00');
    const second = await search('?name=&page=2');
    expect(second.list.map((c) => c.name)).toEqual(['Client 30', 'Client 31', 'Résidence Les Acacias']);
    const desc = await search('?name=client&order[name]=desc');
    expect(desc.total).toBe(32);
    expect(desc.list[0]?.name).toBe('Client 31');
  });

  it('finds Japanese names (run last: adds a client)', async () => {
    await createClient(
      cookie,
      { name: 'がっこう株式会社山田工務店' },
      { lastname: '山田', firstname: '太郎', phone: '+81 90 1234 5678' },
    );
    expect((await search(`?name=${encodeURIComponent('山田')}`)).list.map((c) => c.name)).toEqual([
      'がっこう株式会社山田工務店',
    ]);
    expect((await search(`?name=${encodeURIComponent('がっこう')}`)).total).toBe(1);
  });
});

describe('GET /api/clients/{id} and DELETE /api/clients/{id}', () => {
  it('shows sites and the latest contract, in the actor time zone', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Château Margaux' });
    const siteId = await insertSite(ctx.team.spaceId, created.client.ulid, 'Chai principal');
    await insertSite(ctx.team.spaceId, created.client.ulid, 'Bâtiment A');
    await ctx.t.db.insert(contracts).values([
      {
        id: newUlid(),
        spaceId: ctx.team.spaceId,
        clientId: created.client.ulid,
        reference: 'CT-2025-001',
        startedAt: new Date('2025-01-01T09:00:00Z'),
        endedAt: new Date('2026-01-01T09:00:00Z'),
      },
      {
        id: newUlid(),
        spaceId: ctx.team.spaceId,
        clientId: created.client.ulid,
        siteId,
        reference: 'CT-2026-004',
        startedAt: new Date('2026-03-01T09:00:00Z'),
        endedAt: new Date('2027-03-01T09:00:00Z'),
        notes: 'Reconduction tacite',
      },
    ]);
    const client = await detail(ctx.team.owner.cookie, created.client.ulid);
    expect(client.site_number).toBe(2);
    expect(client.sites).toEqual([
      {
        '@id': expect.stringMatching(/^\/api\/sites\//),
        '@type': 'Site',
        ulid: expect.any(String),
        name: 'Bâtiment A',
        status: 'STATUS_TO_ESTIMATE',
        address_label: '1 rue Bâtiment A, 33000 Bordeaux',
      },
      {
        '@id': `/api/sites/${siteId}`,
        '@type': 'Site',
        ulid: siteId,
        name: 'Chai principal',
        status: 'STATUS_TO_ESTIMATE',
        address_label: '1 rue Chai principal, 33000 Bordeaux',
      },
    ]);
    expect(client.contract).toMatchObject({
      reference: 'CT-2026-004',
      started_at: '2026-03-01T10:00:00+01:00',
      ended_at: '2027-03-01T10:00:00+01:00',
      notes: 'Reconduction tacite',
      site: { '@id': `/api/sites/${siteId}`, ulid: siteId, name: 'Chai principal' },
    });
    expect(client.created_at).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it('answers contract null without a contract and 404 client_not_found for an unknown or malformed id', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'Sans Contrat' });
    expect((await detail(ctx.team.owner.cookie, created.client.ulid)).contract).toBeNull();
    for (const id of [newUlid(), 'not-a-ulid']) {
      const response = await request(ctx.team.owner.cookie, 'GET', `/api/clients/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('client_not_found');
    }
  });

  it('deletes a client with its contacts, sites and interventions (204), then answers 404', async () => {
    const created = await createClient(ctx.team.owner.cookie, { name: 'À supprimer' });
    const alt = await addContact(ctx.team.owner.cookie, created.client['@id'], { email: 'alt@example.fr' });
    const siteId = await insertSite(ctx.team.spaceId, created.client.ulid, 'Maison', alt.contact.ulid);
    const interventionId = newUlid();
    await ctx.t.db.insert(interventions).values({
      id: interventionId,
      spaceId: ctx.team.spaceId,
      clientId: created.client.ulid,
      siteId,
      type: 'TYPE_CONTROL_VISIT',
      startAt: new Date('2026-05-01T08:00:00Z'),
      endAt: new Date('2026-05-01T09:00:00Z'),
    });

    const response = await request(ctx.team.owner.cookie, 'DELETE', `/api/clients/${created.client.ulid}`);
    expect(response.statusCode).toBe(204);
    expect((await request(ctx.team.owner.cookie, 'GET', `/api/clients/${created.client.ulid}`)).statusCode).toBe(404);
    expect((await request(ctx.team.owner.cookie, 'DELETE', `/api/clients/${created.client.ulid}`)).statusCode).toBe(
      404,
    );
    expect(await ctx.t.db.query.sites.findFirst({ where: (s, { eq }) => eq(s.id, siteId) })).toBeUndefined();
    expect(
      await ctx.t.db.query.interventions.findFirst({ where: (i, { eq }) => eq(i.id, interventionId) }),
    ).toBeUndefined();
    for (const id of [created.contact.ulid, alt.contact.ulid]) {
      expect(await ctx.t.db.query.contacts.findFirst({ where: (c, { eq }) => eq(c.id, id) })).toBeUndefined();
    }
    const links = await ctx.t.db.query.clientContacts.findMany({
      where: (l, { eq }) => eq(l.clientId, created.client.ulid),
    });
    expect(links).toEqual([]);
  });
});

describe('tenancy and access', () => {
  let answer: ClientContactAnswer;
  let alt: ClientContactAnswer;
  beforeAll(async () => {
    answer = await createClient(ctx.team.owner.cookie, { name: 'Secret Tenancy Client' });
    alt = await addContact(ctx.team.owner.cookie, answer.client['@id'], { email: 'secret.alt@example.fr' });
  });

  it('answers 404 to a member of another PCO for every record of the first', async () => {
    const cookie = ctx.other.owner.cookie;
    const link = answer.contact.client_contact_ulid;
    const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['client detail', 'GET', `/api/clients/${answer.client.ulid}`],
      ['client delete', 'DELETE', `/api/clients/${answer.client.ulid}`],
      [
        'add contact',
        'POST',
        '/api/client_contacts',
        { client: answer.client['@id'], contact: contact({ email: 'x@example.fr' }) },
      ],
      ['update contact', 'PUT', `/api/client_contacts/${link}`, { client: { name: 'Hacked' }, contact: contact() }],
      ['make primary', 'PUT', `/api/client_contacts/${alt.contact.client_contact_ulid}/primary`],
      ['delete main contact', 'DELETE', `/api/client_contacts/${link}`],
      ['delete alternative contact', 'DELETE', `/api/client_contacts/${alt.contact.client_contact_ulid}`],
    ];
    for (const [label, method, url, payload] of calls) {
      const response = await request(cookie, method, url, payload);
      expect(response.statusCode, label).toBe(404);
    }
    // nothing changed
    const client = await detail(ctx.team.owner.cookie, answer.client.ulid);
    expect(client.name).toBe('Secret Tenancy Client');
    expect(client.other_contacts).toHaveLength(1);
  });

  it('shows none of them in the other PCO lists, counts and search', async () => {
    const cookie = ctx.other.owner.cookie;
    const list: HydraCollection<ClientListItem> = (await request(cookie, 'GET', '/api/clients')).json();
    expect(list['hydra:totalItems']).toBe(0);
    expect(list['hydra:member']).toEqual([]);
    const byName: HydraCollection<ClientListItem> = (await request(cookie, 'GET', '/api/clients?name=Secret')).json();
    expect(byName['hydra:totalItems']).toBe(0);
    const byUlid: HydraCollection<ClientListItem> = (
      await request(cookie, 'GET', `/api/clients?ulid[]=${answer.client.ulid}`)
    ).json();
    expect(byUlid['hydra:totalItems']).toBe(0);
    const search: ClientSearchResult = (await request(cookie, 'GET', '/api/clients/search?name=Secret')).json();
    expect(search).toEqual({ list: [], total: 0 });
    const all: ClientSearchResult = (await request(cookie, 'GET', '/api/clients/search')).json();
    expect(all.total).toBe(0);
    // while the first PCO does see it
    const own: ClientSearchResult = (
      await request(ctx.team.owner.cookie, 'GET', '/api/clients/search?name=Secret')
    ).json();
    expect(own.total).toBe(1);
  });

  it('answers 403 to a technician and 401 without a session on every route', async () => {
    const link = answer.contact.client_contact_ulid;
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/api/clients'],
      ['GET', '/api/clients/search?name=a'],
      ['GET', `/api/clients/${answer.client.ulid}`],
      ['DELETE', `/api/clients/${answer.client.ulid}`],
      ['POST', '/api/client_contacts', { client: { name: 'T' }, contact: contact() }],
      ['PUT', `/api/client_contacts/${link}`, { client: { name: 'T' }, contact: contact() }],
      ['PUT', `/api/client_contacts/${link}/primary`],
      ['DELETE', `/api/client_contacts/${alt.contact.client_contact_ulid}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await request(ctx.team.technician.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(
        403,
      );
      const anonymous = await ctx.t.app.inject({
        method,
        url,
        headers: { 'client-type': 'webapp' },
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await detail(ctx.team.owner.cookie, answer.client.ulid)).other_contacts).toHaveLength(1);
  });
});
