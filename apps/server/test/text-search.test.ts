/**
 * Issue 11 "name search with unaccent + pg_trgm for clients and sites alike": the clients list filter, the client
 * search and the site search match names ignoring case and accents (`fold_name`, a trigram index), on PGlite and
 * PostgreSQL alike, and never show another space's records.
 */
import type { ClientSearchResult, HydraCollection, SiteSearchResult } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../src/db/schema/index.js';
import { insertClient } from '../src/modules/sites/sites.test-data.js';
import { newUlid } from '../src/platform/ids.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { as, createPcoTeam } from './factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;

async function insertSite(spaceId: string, clientId: string, name: string): Promise<void> {
  await t.db
    .insert(sites)
    .values({ id: newUlid(), spaceId, clientId, name, addressLabel: '1 rue des Termites, Bordeaux', area: 120 });
}

async function get<T>(cookie: string, url: string): Promise<T> {
  const response = await t.app.inject({ url, headers: as(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const clientNames = async (query: string, cookie = team.owner.cookie) =>
  (await get<HydraCollection<{ name: string }>>(cookie, `/api/clients?${query}`))['hydra:member'].map((c) => c.name);
const searchedClients = async (name: string, cookie = team.owner.cookie) =>
  (await get<ClientSearchResult>(cookie, `/api/clients/search?name=${encodeURIComponent(name)}`)).list.map(
    (c) => c.name,
  );
const searchedSites = async (name: string, cookie = team.owner.cookie) =>
  (await get<SiteSearchResult>(cookie, `/api/sites/search?name=${encodeURIComponent(name)}`)).list.map((s) => s.name);

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  const residence = await insertClient(t.db, team.spaceId, 'Résidence du Parc');
  const oeuvre = await insertClient(t.db, team.spaceId, 'Œuvres Sociales ÉLAN');
  const plain = await insertClient(t.db, team.spaceId, 'Garage Martin');
  await insertSite(team.spaceId, residence.id, 'Résidence Les Pins, bâtiment B');
  await insertSite(team.spaceId, oeuvre.id, 'ÉCOLE Saint-Exupéry');
  await insertSite(team.spaceId, plain.id, 'Atelier');
  const foreign = await insertClient(t.db, other.spaceId, 'Résidence Étrangère');
  await insertSite(other.spaceId, foreign.id, 'Résidence voisine');
});
afterAll(() => t.close());

describe('name search ignoring case and accents', () => {
  it('finds the client and the site named "Résidence …" from "residence", "RÉSIDENCE" or "Residénce"', async () => {
    for (const typed of ['residence', 'RÉSIDENCE', 'Residénce', 'sidence du']) {
      expect(await searchedClients(typed), typed).toEqual(['Résidence du Parc']);
    }
    for (const typed of ['residence', 'RÉSIDENCE', 'résidence les pins']) {
      expect(await searchedSites(typed), typed).toEqual(['Résidence Les Pins, bâtiment B']);
    }
    expect(await clientNames('name=residence')).toEqual(['Résidence du Parc']);
  });

  it('folds ligatures and capital accents the same way on both sides', async () => {
    expect(await searchedClients('oeuvres')).toEqual(['Œuvres Sociales ÉLAN']);
    expect(await searchedClients('élan')).toEqual(['Œuvres Sociales ÉLAN']);
    expect(await clientNames('name=OEUVRE')).toEqual(['Œuvres Sociales ÉLAN']);
    expect(await searchedSites('ecole saint-exupery')).toEqual(['ÉCOLE Saint-Exupéry']);
    expect(await searchedSites('batiment')).toEqual(['Résidence Les Pins, bâtiment B']);
  });

  it('matches short terms, which no trigram covers, and takes % and _ literally', async () => {
    expect(await searchedClients('DU')).toEqual(['Résidence du Parc']);
    expect(await searchedSites('at')).toEqual(['Atelier', 'Résidence Les Pins, bâtiment B']);
    expect(await searchedClients('%')).toEqual([]);
    expect(await searchedSites('_')).toEqual([]);
  });

  it("never finds another space's client or site", async () => {
    expect(await searchedClients('etrangere')).toEqual([]);
    expect(await searchedSites('voisine')).toEqual([]);
    expect(await searchedClients('residence', other.owner.cookie)).toEqual(['Résidence Étrangère']);
    expect(await searchedSites('residence', other.owner.cookie)).toEqual(['Résidence voisine']);
  });
});
