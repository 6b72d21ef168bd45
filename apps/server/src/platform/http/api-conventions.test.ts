/**
 * Issue 11 (ADR 009, ARCHITECTURE §7): what every API answer shows a client — `application/ld+json` unless only JSON
 * is asked for, a top-level resource's `@context`, the `Link` to the Hydra documentation on success and error alike,
 * the public self-description (`/api`, `/api/contexts/{Type}`, `/api/docs.jsonld`), and 405 with `Allow` for a known
 * path called with another method.
 */
import { defineEndpoint } from '@isoptera/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { route } from './endpoint-route.js';

let t: TestApp;
let cookie = '';
let clientUlid = '';

beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await createPcoTeam(t.app, t.db)).owner.cookie;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/client_contacts',
    headers: as(cookie),
    payload: {
      client: { name: 'Les Jardins de Marie', company: false },
      contact: { lastname: 'Martin', firstname: 'Marie', email: 'marie@example.fr', title: 'Mme', phone: '0612345678' },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  clientUlid = created.json().client.ulid;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...as(cookie), ...headers } });

const LINK = (origin: string) => `<${origin}/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;

describe('JSON-LD answers', () => {
  it('answer application/ld+json by default, application/json to a client asking only for JSON', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'application/ld+json'],
      [{ accept: '*/*' }, 'application/ld+json'],
      [{ accept: 'application/ld+json' }, 'application/ld+json'],
      [{ accept: 'application/ld+json, application/json;q=0.9' }, 'application/ld+json'],
      [{ accept: 'application/json' }, 'application/json'],
      [{ accept: 'application/json, text/plain, */*' }, 'application/json'],
    ];
    for (const [headers, expected] of cases) {
      const response = await get(`/api/clients/${clientUlid}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type'], JSON.stringify(headers)).toBe(`${expected}; charset=utf-8`);
      expect(response.json()['@id']).toBe(`/api/clients/${clientUlid}`);
    }
  });

  it('cannot be registered for a resource whose schema would drop its @context', async () => {
    const app = Fastify();
    const thing = defineEndpoint({
      operationId: 'getThing',
      method: 'GET',
      path: '/api/things/:id',
      tags: ['Things'],
      access: 'public',
      summary: 'A thing',
      params: z.object({ id: z.string() }),
      responses: { 200: z.object({ '@id': z.string(), '@type': z.literal('Thing') }) },
    });
    expect(() => route(app, thing, () => ({ '@id': '/api/things/1', '@type': 'Thing' as const }))).toThrow(
      'getThing: its Thing answer has no @context; spread jsonLdKeys()',
    );
    await app.close();
  });

  it('give a top-level resource its @context, and none to the resources it embeds', async () => {
    const item = (await get(`/api/clients/${clientUlid}`)).json();
    expect(Object.keys(item).slice(0, 3)).toEqual(['@context', '@id', '@type']);
    expect(item['@context']).toBe('/api/contexts/Client');
    expect(item.primary_contact).toMatchObject({ '@type': 'Contact' });
    expect(item.primary_contact['@context']).toBeUndefined();
    const collection = (await get('/api/clients')).json();
    expect(collection).toMatchObject({ '@context': '/api/contexts/Client', '@type': 'hydra:Collection' });
    expect(collection['hydra:member'][0]['@context']).toBeUndefined();
  });

  it('link every API answer, errors included, to the Hydra documentation on the request’s origin', async () => {
    const host = { host: 'isoptera.example.test' };
    for (const response of [
      await get(`/api/clients/${clientUlid}`, host),
      await get('/api/clients/01J00000000000000000000000', host),
      await t.app.inject({ method: 'GET', url: '/api/clients', headers: host }),
      await t.app.inject({ method: 'GET', url: '/api', headers: host }),
    ]) {
      expect(response.headers.link).toBe(LINK('http://isoptera.example.test'));
    }
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers.link).toBeUndefined();
  });
});

describe('the Hydra self-description', () => {
  it('is public: the entrypoint links each collection, named in its context', async () => {
    const entrypoint = await t.app.inject({ method: 'GET', url: '/api' });
    expect(entrypoint.statusCode).toBe(200);
    expect(entrypoint.headers['content-type']).toContain('application/ld+json');
    expect(entrypoint.json()).toMatchObject({
      '@context': '/api/contexts/Entrypoint',
      '@id': '/api',
      '@type': 'Entrypoint',
      client: '/api/clients',
    });
    const context = await t.app.inject({ method: 'GET', url: '/api/contexts/Entrypoint' });
    expect(context.json()['@context']).toMatchObject({
      '@vocab': 'http://localhost:80/api/docs.jsonld#',
      hydra: 'http://www.w3.org/ns/hydra/core#',
      client: { '@id': 'Entrypoint/client', '@type': '@id' },
    });
  });

  it('serves the context of each resource type and answers 404 for an unknown one', async () => {
    const client = await t.app.inject({ method: 'GET', url: '/api/contexts/Client' });
    expect(client.statusCode).toBe(200);
    expect(client.json()['@context']).toMatchObject({ name: 'Client/name', primary_contact: 'Client/primary_contact' });
    const contact = await t.app.inject({ method: 'GET', url: '/api/contexts/Contact' });
    expect(contact.json()['@context']).toMatchObject({
      firstname: 'Contact/firstname',
      is_primary: 'Contact/is_primary',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/contexts/Termite' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
  });

  it('documents the classes with their properties and operations in API Platform’s format', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs.jsonld' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({
      '@id': '/api/docs.jsonld',
      '@type': 'hydra:ApiDocumentation',
      'hydra:entrypoint': '/api',
    });
    const classes = doc['hydra:supportedClass'] as {
      '@id': string;
      'hydra:supportedProperty': { 'hydra:title': string }[];
    }[];
    expect(classes.map((c) => c['@id'])).toEqual(
      expect.arrayContaining(['#Client', '#Contact', '#Contract', '#Entrypoint', '#ConstraintViolation']),
    );
    const client = classes.find((c) => c['@id'] === '#Client');
    expect(client?.['hydra:supportedProperty']).toContainEqual(
      expect.objectContaining({
        'hydra:title': 'updated_at',
        'hydra:property': expect.objectContaining({
          '@id': '#Client/updated_at',
          range: 'xmls:dateTime',
          domain: '#Client',
        }),
      }),
    );
  });
});

describe('methods', () => {
  it('answer 405 with Allow for a known path called with another method, 404 for an unknown path', async () => {
    const cases: [string, string, string][] = [
      ['POST', `/api/clients/${clientUlid}`, 'GET, HEAD, DELETE'],
      ['PATCH', `/api/clients/${clientUlid}`, 'GET, HEAD, DELETE'],
      ['DELETE', '/api/clients?page=2', 'GET, HEAD'],
      ['PUT', '/api', 'GET, HEAD'],
      ['POST', '/api/client_contacts/01J00000000000000000000000', 'PUT, PATCH, DELETE'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await t.app.inject({ method: method as 'POST', url, headers: as(cookie), payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.json()).toMatchObject({ status: 405, error: 'method_not_allowed' });
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/api/termites', headers: as(cookie), payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
  });
});
