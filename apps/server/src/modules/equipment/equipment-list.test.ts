/**
 * Issue 11 "JSON-LD and Hydra" (a top-level collection per resource): `GET /api/equipment` lists every gateway and
 * station of the actor's space by reference, each with its site, open alerts and pictures; it pages, filters by site,
 * kind and a part of the reference (ignoring case and accents), refuses a bad kind with 400, and never shows another
 * space's equipment. PCO owners and managers only.
 */
import type { Equipment, HydraCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setEquipment } from '../../../test/alerts-support.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation, type TestInstallation } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call } from '../../../test/users-factories.js';
import { alerts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let north: TestInstallation;
let south: TestInstallation;

const list = (query = '', cookie = team.owner.cookie) =>
  call(t.app, cookie, 'GET', `/api/equipment${query}`).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HydraCollection<Equipment>>();
  });
const references = (collection: HydraCollection<Equipment>) =>
  collection['hydra:member'].map((item) => `${item.site_ulid === north.siteId ? 'N' : 'S'}:${item.reference}`);

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  north = await createInstallation(t.db, team.spaceId, { siteName: 'Entrepôt Nord', stationCount: 2 });
  south = await createInstallation(t.db, team.spaceId, { siteName: 'Résidence Sud', stationCount: 1 });
  await createInstallation(t.db, other.spaceId, { stationCount: 3 });
  // references sort case-insensitively; accents are ignored by the reference filter
  await setEquipment(t, south.stations[0]?.id as string, { reference: 'ags-Été' });
  await t.db.insert(alerts).values({
    id: newUlid(),
    spaceId: team.spaceId,
    siteId: north.siteId,
    equipmentId: north.stations[1]?.id,
    type: 'TYPE_TERMITE_ALERT',
    priority: 20,
    openedAt: new Date('2030-05-01T08:00:00Z'),
    details: {},
  });
});
afterAll(() => t.close());

describe('GET /api/equipment', () => {
  it("lists the space's equipment by reference, with open alerts, and none of another space", async () => {
    const collection = await list();
    expect(collection['hydra:totalItems']).toBe(5);
    expect(references(collection)).toEqual(['S:ags-Été', 'N:GW-01', 'S:GW-01', 'N:IGS-01', 'N:IGS-02']);
    const alerted = collection['hydra:member'].find((item) => item.ulid === north.stations[1]?.id);
    expect(alerted).toMatchObject({
      '@id': `/api/equipment/${north.stations[1]?.id}`,
      '@type': 'Equipment',
      kind: 'igs',
      site_ulid: north.siteId,
      alerts: [expect.objectContaining({ type: 'TYPE_TERMITE_ALERT' })],
      alert_since: expect.stringMatching(/^2030-05-01T10:00:00\+02:00$/),
    });
    expect((await list('', other.owner.cookie))['hydra:totalItems']).toBe(4);
  });

  it('filters by site, kind and part of the reference (ignoring case and accents)', async () => {
    expect(references(await list(`?site.ulid=${south.siteId}`))).toEqual(['S:ags-Été', 'S:GW-01']);
    expect(references(await list('?kind=gateway'))).toEqual(['N:GW-01', 'S:GW-01']);
    expect(references(await list('?reference=ETE'))).toEqual(['S:ags-Été']);
    expect(references(await list(`?site.ulid=${north.siteId}&kind=igs&reference=02`))).toEqual(['N:IGS-02']);
    expect((await list('?reference=%25'))['hydra:totalItems']).toBe(0);
  });

  it('pages with itemsPerPage and hydra:view links', async () => {
    const first = await list('?itemsPerPage=2');
    expect(references(first)).toEqual(['S:ags-Été', 'N:GW-01']);
    expect(first['hydra:totalItems']).toBe(5);
    expect(first['hydra:view']?.['hydra:next']).toBe('/api/equipment?itemsPerPage=2&page=2');
    const last = await list('?itemsPerPage=2&page=3');
    expect(references(last)).toEqual(['N:IGS-02']);
    expect(last['hydra:member'][0]?.alerts).toHaveLength(1);
  });

  it('refuses an unknown kind with 400 and the field; a technician gets 403', async () => {
    const response = await call(t.app, team.owner.cookie, 'GET', '/api/equipment?kind=toaster');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'kind', code: 'kind_invalid' }),
    ]);
    expect((await call(t.app, team.technician.cookie, 'GET', '/api/equipment')).statusCode).toBe(403);
  });
});
