/**
 * Issue 11, "JSON-LD and Hydra as API Platform clients expect" (ADR 009): the library API Platform Admin and its client
 * generator use, `@api-platform/api-doc-parser`, reads the entrypoint over real HTTP, follows the `Link` header to
 * `/api/docs.jsonld` and finds the API's resources with their fields; `jsonld` expands a collection and an item
 * through their `@context` (`/api/contexts/{Type}`), so every member has an absolute IRI and a type.
 */
import { type Api, parseHydraDocumentation, type Resource } from '@api-platform/api-doc-parser';
import jsonld, { type ExpandedNode, type RemoteDocument } from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';

const HYDRA = 'http://www.w3.org/ns/hydra/core#';

/**
 * The resources a Hydra client must find, by collection name (the entrypoint URL's last segment), with fields they
 * must have.
 */
const EXPECTED: readonly { resource: string; fields: readonly string[] }[] = [
  {
    resource: 'clients',
    fields: ['ulid', 'name', 'company', 'primary_contact', 'other_contacts', 'sites', 'contract', 'updated_at'],
  },
  {
    resource: 'sites',
    fields: ['ulid', 'name', 'status', 'client', 'address', 'referent', 'treatment_type', 'priority_sum'],
  },
  {
    resource: 'interventions',
    fields: ['ulid', 'type', 'description', 'start_at', 'end_at', 'send_mail', 'site', 'interveners'],
  },
  {
    resource: 'user_pcos',
    fields: ['ulid', 'firstname', 'lastname', 'email', 'role', 'status', 'color'],
  },
  {
    resource: 'equipment',
    fields: ['ulid', 'reference', 'serial_number', 'installed_at', 'battery_level', 'alerts', 'last_update_at'],
  },
  {
    resource: 'alerts',
    fields: ['ulid', 'type', 'priority', 'site', 'equipment', 'opened_at', 'closed_at'],
  },
  {
    resource: 'reports',
    fields: ['ulid', 'status', 'type', 'site', 'client', 'visit_ended_at', 'sent_at', 'station_checks', 'pdf_url'],
  },
  {
    resource: 'products',
    fields: ['ulid', 'name', 'active_ingredients', 'registration_number', 'register', 'unit', 'is_bait'],
  },
];

let t: TestApp;
let base = '';
let cookie = '';
let clientUlid = '';
let api: Api;

beforeAll(async () => {
  t = await buildTestApp();
  const team = await createPcoTeam(t.app, t.db);
  cookie = team.owner.cookie;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/client_contacts',
    headers: as(cookie),
    payload: {
      client: { name: 'Résidence Les Acacias', company: true },
      contact: {
        lastname: 'Dupont',
        firstname: 'Jean',
        email: 'jean@example.fr',
        title: 'Gérant',
        phone: '0612345678',
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  clientUlid = created.json().client.ulid;
  // api-doc-parser and the JSON-LD document loader fetch over HTTP, as a real client does
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    ({ api } = await parseHydraDocumentation(`${base}/api`));
  } catch (failure) {
    throw (failure as { error?: unknown }).error ?? failure;
  }
}, 60_000);
afterAll(() => t.close());

/** Loads a context (or any JSON-LD document) over HTTP, as `jsonld`'s own loader would. */
async function documentLoader(url: string): Promise<RemoteDocument> {
  const response = await fetch(url, { headers: { accept: 'application/ld+json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { contextUrl: null, document: await response.json(), documentUrl: url };
}

/** `GET path` as the PCO's owner, expanded against its own URL. */
async function expanded(path: string): Promise<ExpandedNode> {
  const response = await fetch(`${base}${path}`, { headers: as(cookie, { accept: 'application/ld+json' }) });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/ld+json');
  const [node] = await jsonld.expand(await response.json(), { base: `${base}${path}`, documentLoader });
  if (!node) throw new Error(`${path} expands to nothing`);
  return node;
}

const resource = (name: string): Resource | undefined => api.resources?.find((r) => r.name === name);
const vocab = () => `${base}/api/docs.jsonld#`;
const value = (node: ExpandedNode, iri: string) => (node[iri] as { '@value'?: unknown }[] | undefined)?.[0]?.['@value'];

describe('@api-platform/api-doc-parser on the entrypoint', () => {
  for (const { resource: name, fields } of EXPECTED) {
    it(`finds ${name} with its fields`, () => {
      const found = resource(name);
      expect(found, `${name} in ${api.resources?.map((r) => r.name).join(', ')}`).toBeDefined();
      expect(found?.url).toBe(`${base}/api/${name}`);
      expect(found?.fields?.map((field) => field.name)).toEqual(expect.arrayContaining([...fields]));
    });
  }

  it('types the clients’ fields and lists their operations', () => {
    const clients = resource('clients');
    const field = (name: string) => clients?.fields?.find((f) => f.name === name);
    expect(clients?.id).toBe(`${vocab()}Client`);
    expect(field('name')).toMatchObject({
      type: 'string',
      required: true,
      range: 'http://www.w3.org/2001/XMLSchema#string',
    });
    expect(field('company')?.type).toBe('boolean');
    expect(field('site_number')?.type).toBe('integer');
    expect(field('updated_at')?.type).toBe('dateTime');
    expect(field('contract')).toMatchObject({ range: `${vocab()}Contract`, maxCardinality: 1, required: false });
    expect(field('site_number')?.description).toBe('Number of sites of the client');
    const operations = clients?.operations?.map((operation) => `${operation.type} ${operation.method}`);
    expect(operations).toEqual(expect.arrayContaining(['list GET', 'show GET', 'delete DELETE']));
  });
});

describe('the technician API in the Hydra description', () => {
  it('stays out of it: plain JSON for the mobile app (docs/decisions/011), no class, no entrypoint link', async () => {
    const entrypoint = await (await fetch(`${base}/api`, { headers: { accept: 'application/ld+json' } })).text();
    const documentation = await (
      await fetch(`${base}/api/docs.jsonld`, { headers: { accept: 'application/ld+json' } })
    ).text();
    expect(entrypoint).not.toContain('/api/field/');
    expect(documentation).not.toContain('/api/field/');
    expect(documentation).not.toMatch(/"Field[A-Z]/);
    expect(api.resources?.map((r) => r.name)).not.toContain('field');
  });
});

describe('JSON-LD expansion through the contexts', () => {
  it('expands a collection: hydra members with absolute IRIs, their type and properties, the total', async () => {
    const collection = await expanded('/api/clients?itemsPerPage=5');
    expect(collection['@type']).toEqual([`${HYDRA}Collection`]);
    expect(value(collection, `${HYDRA}totalItems`)).toBe(1);
    const [member] = collection[`${HYDRA}member`] as ExpandedNode[];
    expect(member?.['@id']).toBe(`${base}/api/clients/${clientUlid}`);
    expect(member?.['@type']).toEqual([`${vocab()}Client`]);
    expect(member && value(member, `${vocab()}Client/name`)).toBe('Résidence Les Acacias');
    expect(collection[`${HYDRA}view`]).toBeDefined();
  });

  it('expands an item, with its @context, and the resources it embeds', async () => {
    const item = await expanded(`/api/clients/${clientUlid}`);
    expect(item['@id']).toBe(`${base}/api/clients/${clientUlid}`);
    expect(item['@type']).toEqual([`${vocab()}Client`]);
    expect(value(item, `${vocab()}Client/company`)).toBe(true);
    const [contact] = item[`${vocab()}Client/primary_contact`] as ExpandedNode[];
    expect(contact?.['@type']).toEqual([`${vocab()}Contact`]);
    expect(contact?.['@id']).toMatch(new RegExp(`^${base}/api/contacts/[0-9A-Z]{26}$`));
  });
});
