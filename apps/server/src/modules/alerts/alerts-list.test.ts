/**
 * Issue 11 "JSON-LD and Hydra" (a top-level collection per resource): `GET /api/alerts` lists every alert of the
 * actor's space, open and closed, newest first, with the site each was raised on; it pages, filters by site,
 * equipment, status and type, refuses a bad filter with 400, and never shows another space's alerts. `GET
 * /api/alerts/{ulid}` resolves an alert's IRI. PCO owners and managers only.
 */
import type { AlertLogEntry, HydraCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertsTestApp, buildAlertsTestApp, hoursAgo } from '../../../test/alerts-support.js';
import { createInstallation, type TestInstallation } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import { call } from '../../../test/users-factories.js';
import { alerts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

let t: AlertsTestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let north: TestInstallation;
let south: TestInstallation;
let foreign: TestInstallation;
const base = new Date('2030-05-01T08:00:00Z');

/** An alert of `station` on its site, opened `hoursBefore` hours before `base`; closed one hour later when `closed`. */
async function insertAlert(
  spaceId: string,
  site: TestInstallation,
  hoursBefore: number,
  options: { closed?: boolean; type?: string; station?: number } = {},
): Promise<string> {
  const id = newUlid();
  const openedAt = hoursAgo(hoursBefore, base);
  await t.db.insert(alerts).values({
    id,
    spaceId,
    siteId: site.siteId,
    equipmentId: site.stations[options.station ?? 0]?.id ?? null,
    type: options.type ?? 'TYPE_TERMITE_ALERT',
    priority: 20,
    openedAt,
    closedAt: options.closed ? hoursAgo(hoursBefore - 1, base) : null,
    closeReason: options.closed ? ('cleared' as const) : null,
    details: {},
  });
  return id;
}

const list = (query = '', cookie = team.owner.cookie) =>
  call(t.app, cookie, 'GET', `/api/alerts${query}`).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HydraCollection<AlertLogEntry>>();
  });
const ulids = (collection: HydraCollection<AlertLogEntry>) => collection['hydra:member'].map((a) => a.ulid);

let newest = '';
let closedOne = '';
let batteryOne = '';
let southOne = '';
let secondStation = '';

beforeAll(async () => {
  t = await buildAlertsTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  north = await createInstallation(t.db, team.spaceId, { siteName: 'Entrepôt Nord', stationCount: 2 });
  south = await createInstallation(t.db, team.spaceId, { siteName: 'Résidence Sud', stationCount: 1 });
  foreign = await createInstallation(t.db, other.spaceId, { siteName: 'Concurrent', stationCount: 1 });
  newest = await insertAlert(team.spaceId, north, 1);
  closedOne = await insertAlert(team.spaceId, north, 5, { closed: true });
  batteryOne = await insertAlert(team.spaceId, north, 10, { type: 'TYPE_LOW_BATTERY' });
  secondStation = await insertAlert(team.spaceId, north, 20, { station: 1, closed: true });
  southOne = await insertAlert(team.spaceId, south, 3);
  await insertAlert(other.spaceId, foreign, 2);
});
afterAll(() => t.close());

describe('GET /api/alerts', () => {
  it("lists the space's alerts newest first, each with its site, and none of another space", async () => {
    const collection = await list();
    expect(collection['hydra:totalItems']).toBe(5);
    expect(ulids(collection)).toEqual([newest, southOne, closedOne, batteryOne, secondStation]);
    expect(collection['hydra:member'][1]).toMatchObject({
      '@id': `/api/alerts/${southOne}`,
      '@type': 'Alert',
      site: { '@id': `/api/sites/${south.siteId}`, '@type': 'Site', ulid: south.siteId, name: 'Résidence Sud' },
      equipment: { ulid: south.stations[0]?.id, reference: 'IGS-01', kind: 'igs' },
      closed_at: null,
    });
    expect((await list('', other.owner.cookie))['hydra:totalItems']).toBe(1);
  });

  it('filters by site, equipment, status and type; a site of another space matches nothing', async () => {
    expect(ulids(await list(`?site.ulid=${south.siteId}`))).toEqual([southOne]);
    expect(ulids(await list(`?equipment.ulid=${north.stations[1]?.id}`))).toEqual([secondStation]);
    expect(ulids(await list('?status=closed'))).toEqual([closedOne, secondStation]);
    expect(ulids(await list('?status=open'))).toEqual([newest, southOne, batteryOne]);
    expect(ulids(await list('?type=TYPE_LOW_BATTERY'))).toEqual([batteryOne]);
    expect(ulids(await list(`?site.ulid=${north.siteId}&status=open&type=TYPE_TERMITE_ALERT`))).toEqual([newest]);
    const none = await list(`?site.ulid=${foreign.siteId}`);
    expect(none['hydra:totalItems']).toBe(0);
    expect(none['hydra:member']).toEqual([]);
  });

  it('pages with itemsPerPage and hydra:view links', async () => {
    const first = await list('?itemsPerPage=2');
    expect(ulids(first)).toEqual([newest, southOne]);
    expect(first['hydra:totalItems']).toBe(5);
    expect(first['hydra:view']?.['hydra:next']).toBe('/api/alerts?itemsPerPage=2&page=2');
    const last = await list('?itemsPerPage=2&page=3');
    expect(ulids(last)).toEqual([secondStation]);
    expect(last['hydra:view']?.['hydra:next']).toBeUndefined();
  });

  it('refuses an unknown status or type with 400 and the field, as every query', async () => {
    const response = await call(t.app, team.owner.cookie, 'GET', '/api/alerts?status=maybe&type=TYPE_NOPE');
    expect(response.statusCode, response.body).toBe(400);
    const codes = (response.json().violations as { propertyPath: string; code: string }[]).map(
      (v) => `${v.propertyPath}:${v.code}`,
    );
    expect(codes.sort()).toEqual(['status:status_invalid', 'type:type_invalid']);
  });

  it('is for PCO owners and managers: a technician gets 403', async () => {
    expect((await call(t.app, team.manager.cookie, 'GET', '/api/alerts')).statusCode).toBe(200);
    expect((await call(t.app, team.technician.cookie, 'GET', '/api/alerts')).statusCode).toBe(403);
  });
});

describe('GET /api/alerts/{ulid}', () => {
  it("resolves an alert's IRI in its space and answers 404 alert_not_found elsewhere", async () => {
    const response = await call(t.app, team.manager.cookie, 'GET', `/api/alerts/${closedOne}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      '@id': `/api/alerts/${closedOne}`,
      site: { name: 'Entrepôt Nord' },
      close_reason: 'cleared',
    });
    const foreignAlert = await call(t.app, other.owner.cookie, 'GET', `/api/alerts/${closedOne}`);
    expect(foreignAlert.statusCode).toBe(404);
    expect(foreignAlert.json().error).toBe('alert_not_found');
  });
});
