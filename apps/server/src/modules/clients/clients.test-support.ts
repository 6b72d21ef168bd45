/**
 * Shared set-up of the clients API tests: one app per test file (PGlite or PostgreSQL), two PCO teams (the second one
 * for tenancy), and request helpers.
 */
import type { ClientContactAnswer, ClientDetail } from '@isoptera/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { siteContacts, sites } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

type Team = Awaited<ReturnType<typeof createPcoTeam>>;

/** The app and teams of the current test file, set in `beforeAll`. */
export const ctx = {} as { t: TestApp; team: Team; other: Team };

/** Registers the file's `beforeAll`/`afterAll`: a fresh app and two PCO teams. */
export function setUpClientsApp(): void {
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    ctx.team = await createPcoTeam(ctx.t.app, ctx.t.db);
    ctx.other = await createPcoTeam(ctx.t.app, ctx.t.db);
  });
  afterAll(() => ctx.t.close());
}

/** A valid contact body with `overrides`. */
export const contact = (overrides: Record<string, unknown> = {}) => ({
  lastname: 'Dupont',
  firstname: 'Jean',
  email: 'jean.dupont@example.fr',
  title: 'Gérant',
  phone: '+33 6 12 34 56 78',
  notes: null,
  ...overrides,
});

/** An authenticated web request (`Client-Type: webapp`). */
export const request = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.t.app.inject({
    method,
    url,
    headers: as(cookie),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** `POST /api/client_contacts` with a new client; expects 201. */
export async function createClient(
  cookie: string,
  client: { name: string; company?: boolean },
  person: Record<string, unknown> = {},
): Promise<ClientContactAnswer> {
  const response = await request(cookie, 'POST', '/api/client_contacts', { client, contact: contact(person) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** `POST /api/client_contacts` with a client IRI; expects 201. */
export async function addContact(
  cookie: string,
  clientIri: string,
  person: Record<string, unknown>,
): Promise<ClientContactAnswer> {
  const response = await request(cookie, 'POST', '/api/client_contacts', {
    client: clientIri,
    contact: contact(person),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** `GET /api/clients/{ulid}`; expects 200. */
export async function detail(cookie: string, ulid: string): Promise<ClientDetail> {
  const response = await request(cookie, 'GET', `/api/clients/${ulid}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A site of a client inserted directly (the sites module is another issue), optionally with its main contact. */
export async function insertSite(spaceId: string, clientId: string, name: string, contactId?: string): Promise<string> {
  const id = newUlid();
  await ctx.t.db
    .insert(sites)
    .values({ id, spaceId, clientId, name, addressLabel: `1 rue ${name}, 33000 Bordeaux`, area: 120 });
  if (contactId) await ctx.t.db.insert(siteContacts).values({ id: newUlid(), siteId: id, contactId });
  return id;
}

/** `propertyPath:code` of each violation of a 422 answer. */
export const violations = (response: { json(): unknown }) =>
  ((response.json() as { violations?: { propertyPath: string; code: string }[] }).violations ?? []).map(
    (v) => `${v.propertyPath}:${v.code}`,
  );
