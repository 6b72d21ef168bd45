/**
 * Issue 15 "The overview per space", the PCO Home map: `GET /api/sites/map` answers the space's sites that have a
 * position (in alert first) with their status, worst alert and client, counts the others, never shows another space's
 * sites, and answers the PCO action only.
 */
import type { SiteMapCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createPcoTeam } from '../../../test/factories.js';
import { setSite } from '../../../test/overview-factories.js';
import { call, insertReferentSite } from '../../../test/users-factories.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let quiet = '';
let alarmed = '';

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  quiet = await insertReferentSite(t.db, team.spaceId, null, 'Atelier Calme', 'Dupont SA');
  alarmed = await insertReferentSite(t.db, team.spaceId, null, 'Zénith Entrepôt', 'Martin SARL');
  await insertReferentSite(t.db, team.spaceId, null, 'Sans adresse précise');
  const foreign = await insertReferentSite(t.db, other.spaceId, null, 'Concurrent');
  await setSite(t.db, quiet, { latitude: '44.837789000', longitude: '-0.579180000' });
  await setSite(t.db, alarmed, {
    latitude: '43.604652000',
    longitude: '1.444209000',
    prioritySum: 50,
    mainAlertType: 'TYPE_COLONY_DETECTED',
    status: 'STATUS_TO_CHECK',
  });
  await setSite(t.db, foreign, { latitude: '45.0', longitude: '5.0' });
});
afterAll(() => t.close());

describe('GET /api/sites/map', () => {
  it('answers the positioned sites, in alert first, and counts those without a position', async () => {
    const response = await call(t.app, team.manager.cookie, 'GET', '/api/sites/map');
    expect(response.statusCode, response.body).toBe(200);
    const map = response.json<SiteMapCollection>();
    expect(map['hydra:totalItems']).toBe(2);
    expect(map.without_position).toBe(1);
    expect(map['hydra:member'].map((site) => site.ulid)).toEqual([alarmed, quiet]);
    expect(map['hydra:member'][0]).toMatchObject({
      '@id': `/api/sites/${alarmed}`,
      '@type': 'Site',
      name: 'Zénith Entrepôt',
      client: { '@type': 'Client', name: 'Martin SARL' },
      status: 'STATUS_TO_CHECK',
      priority_sum: 50,
      main_alert_type: 'TYPE_COLONY_DETECTED',
      latitude: 43.604652,
      longitude: 1.444209,
    });
    expect(map['hydra:member'][1]).toMatchObject({
      priority_sum: 0,
      main_alert_type: null,
      status: 'STATUS_TO_ESTIMATE',
    });
  });

  it("shows another space's sites to nobody, and answers the PCO action only", async () => {
    const theirs = (await call(t.app, other.owner.cookie, 'GET', '/api/sites/map')).json<SiteMapCollection>();
    expect(theirs['hydra:member'].map((site) => site.name)).toEqual(['Concurrent']);
    expect(theirs.without_position).toBe(0);
    expect((await call(t.app, team.technician.cookie, 'GET', '/api/sites/map')).statusCode).toBe(403);
  });
});
