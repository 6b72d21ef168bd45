/**
 * Issue 11 "Hardening": a NUL character or a lone surrogate in any text of a request — path parameter, query
 * parameter, JSON or merge-patch body field at any depth — is a field error (`text_invalid` at its `propertyPath`: 400 for the path
 * and query, 422 for the body), checked once for every route (contracts `text.ts`, `app.ts`), never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await createPcoTeam(t.app, t.db)).owner.cookie;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: as(cookie, { 'accept-language': 'en' }) });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: as(cookie, { 'accept-language': 'en' }), payload: payload as object });

/** The `propertyPath:code` of each violation of a problem answer. */
const violations = (response: { json(): unknown }) =>
  ((response.json() as { violations?: { propertyPath: string; code: string }[] }).violations ?? []).map(
    (v) => `${v.propertyPath}:${v.code}`,
  );

const newClient = (client: Record<string, unknown>, contact: Record<string, unknown> = {}) => ({
  client: { name: 'Résidence Les Acacias', company: true, ...client },
  contact: {
    lastname: 'Dupont',
    firstname: 'Jean',
    email: 'jean.dupont@example.fr',
    title: 'Gérant',
    phone: '+33 6 12 34 56 78',
    notes: null,
    ...contact,
  },
});

describe('text that the database cannot store', () => {
  it('answers 400 text_invalid for a NUL in a query parameter, a list item of the query or a path parameter', async () => {
    const byName = await get('/api/clients?name=Acme%00');
    expect(byName.statusCode, byName.body).toBe(400);
    expect(byName.headers['content-type']).toContain('application/problem+json');
    expect(byName.json()).toMatchObject({ status: 400, error: 'bad_request' });
    expect(violations(byName)).toEqual(['name:text_invalid']);
    expect(byName.json().violations[0].message).toMatch(/cannot be saved/);

    const search = await get('/api/clients/search?name=%00');
    expect(search.statusCode, search.body).toBe(400);
    expect(violations(search)).toEqual(['name:text_invalid']);

    const sites = await get('/api/sites?name=ok&clients[]=a%00b');
    expect(sites.statusCode, sites.body).toBe(400);
    expect(violations(sites)).toEqual(['clients.0:text_invalid']);

    const site = await get('/api/sites/01%00');
    expect(site.statusCode, site.body).toBe(400);
    expect(violations(site)).toEqual(['id:text_invalid']);
  });

  it('answers 422 text_invalid for a NUL or a lone surrogate in a JSON body field, naming the nested field', async () => {
    const nul = await send('POST', '/api/client_contacts', newClient({}, { title: 'Gérant\u0000' }));
    expect(nul.statusCode, nul.body).toBe(422);
    expect(nul.json()).toMatchObject({ status: 422, error: 'validation_failed' });
    expect(violations(nul)).toEqual(['contact.title:text_invalid']);

    const surrogate = await send('POST', '/api/client_contacts', newClient({ name: 'Acme \ud800' }));
    expect(surrogate.statusCode, surrogate.body).toBe(422);
    expect(violations(surrogate)).toEqual(['client.name:text_invalid']);

    const lowAlone = await send(
      'POST',
      '/api/client_contacts',
      newClient({ name: '\udc00 Acme' }, { notes: 'a\u0000' }),
    );
    expect(lowAlone.statusCode, lowAlone.body).toBe(422);
    expect(violations(lowAlone)).toEqual(['client.name:text_invalid', 'contact.notes:text_invalid']);

    // nothing was stored
    const list = await get('/api/clients');
    expect(list.json()['hydra:totalItems']).toBe(0);
  });

  it('answers 422 text_invalid for a NUL in a merge patch, leaving the resource as it was', async () => {
    const created = await send('POST', '/api/client_contacts', newClient({ name: 'SCI du Port' }));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/client_contacts/${created.json().contact.client_contact_ulid}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: as(cookie, { 'content-type': 'application/merge-patch+json', 'accept-language': 'en' }),
      payload: JSON.stringify({ contact: { notes: 'Code\u0000' } }),
    });
    expect(patched.statusCode, patched.body).toBe(422);
    expect(violations(patched)).toEqual(['contact.notes:text_invalid']);
    const client = await get(`/api/clients/${created.json().client.ulid}`);
    expect(client.json().primary_contact.notes).toBeNull();
  });

  it('still accepts well-formed text, astral characters (a valid surrogate pair) included', async () => {
    const ok = await send('POST', '/api/client_contacts', newClient({ name: 'Résidence 🐜 Les Acacias' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().client.name).toBe('Résidence 🐜 Les Acacias');
    const found = await get(`/api/clients?name=${encodeURIComponent('🐜')}`);
    expect(found.json()['hydra:totalItems']).toBe(1);
  });
});
