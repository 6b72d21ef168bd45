/**
 * Issue 15 "The overview per space": `GET /api/fleet_health` against figures computed by hand on a small fleet — two
 * PCOs of one dealer, one of another — with sites in alert, silent gateways, low batteries, two firmware versions and
 * alerts whose response times are known; its sorting, search and paging; and who may ask (admin: every PCO; dealer:
 * its own; PCO roles and the admin space's plain user: 403).
 */
import type { FleetHealth, FleetHealthCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createInstallation, type TestInstallation } from '../../../test/equipment-factories.js';
import { createMember, createSpace, login } from '../../../test/factories.js';
import {
  insertCheckIn,
  insertTimedAlert,
  setEquipmentRows,
  setLastLogin,
  setSite,
} from '../../../test/overview-factories.js';
import { mergeCookies } from '../../../test/permission-matrix.fixtures.js';
import { call } from '../../../test/users-factories.js';

let t: TestApp;
const HOUR = 3_600_000;
type Close = { after: number; reason: 'acknowledged' | 'cleared' };
const now = Date.now();
const ago = (hours: number) => new Date(now - hours * HOUR);

const cookies: Record<string, string> = {};
let alpha = '';
let beta = '';
let gamma = '';
let dealerOne = '';

const alertOn = (spaceId: string, site: TestInstallation, openedHoursAgo: number, close?: Close) =>
  insertTimedAlert(t.db, spaceId, site.siteId, ago(openedHoursAgo), close);
const checkInOn = (spaceId: string, site: TestInstallation, hoursAgo: number) =>
  insertCheckIn(t.db, spaceId, site.siteId, ago(hoursAgo));
const setEquipment = (ids: string[], values: Parameters<typeof setEquipmentRows>[2]) =>
  setEquipmentRows(t.db, ids, values);
const setPriority = (site: TestInstallation, prioritySum: number) => setSite(t.db, site.siteId, { prioritySum });

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const adminSpace = await createSpace(t.db, 'admin');
  dealerOne = await createSpace(t.db, 'dealer', { name: 'Distribution Ouest' });
  const dealerTwo = await createSpace(t.db, 'dealer', { name: 'Distribution Est' });
  alpha = await createSpace(t.db, 'pco', { name: 'Alpha Termites', dealerId: dealerOne });
  beta = await createSpace(t.db, 'pco', { name: 'Bêta Nuisibles', dealerId: dealerOne });
  gamma = await createSpace(t.db, 'pco', { name: 'Gamma Protection', dealerId: dealerTwo });

  const people = {
    admin: await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN'),
    adminUser: await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_USER'),
    dealer: await createMember(t.db, dealerOne, 'ROLE_DEALER_SPACE_USER'),
    otherDealer: await createMember(t.db, dealerTwo, 'ROLE_DEALER_SPACE_OWNER'),
    owner: await createMember(t.db, alpha, 'ROLE_PCO_SPACE_OWNER'),
    manager: await createMember(t.db, alpha, 'ROLE_PCO_SPACE_MANAGER'),
    technician: await createMember(t.db, alpha, 'ROLE_PCO_SPACE_TECHNICIAN'),
  };
  for (const [key, member] of Object.entries(people)) cookies[key] = await login(t.app, member.email);
  // the logins above stamped now: the last logins the figures must show are set afterwards
  const alphaAccounts = [people.owner.accountId, people.manager.accountId, people.technician.accountId];
  await setLastLogin(t.db, alphaAccounts, new Date('2026-11-20T10:00:00Z'));
  await setLastLogin(t.db, [people.manager.accountId], new Date('2026-11-25T08:30:00Z'));
  await createMember(t.db, beta, 'ROLE_PCO_SPACE_OWNER'); // never signed in

  // Alpha: three sites, two in alert; gateways: one silent 30 h, one heard 1 h ago, one never heard since 48 h
  const a1 = await createInstallation(t.db, alpha, { siteName: 'A1', stationCount: 2, lastUpdateAt: ago(30) });
  const a2 = await createInstallation(t.db, alpha, { siteName: 'A2', stationCount: 2, lastUpdateAt: ago(1) });
  const a3 = await createInstallation(t.db, alpha, { siteName: 'A3', stationCount: 0, lastUpdateAt: null });
  await setEquipment([a3.gateway.id], { installedAt: ago(48) });
  await setPriority(a1, 20);
  await setPriority(a2, 2);
  // batteries: two stations Low, one Medium, one unknown
  const alphaStations = [...a1.stations, ...a2.stations].map((s) => s.id);
  await setEquipment(alphaStations.slice(0, 2), { batteryLevel: 'Low' });
  await setEquipment(alphaStations.slice(2, 3), { batteryLevel: 'Medium' });
  // firmware: the gateways 2.1.0 (3), three stations 1.4.2, one 1.5.0
  await setEquipment([a1.gateway.id, a2.gateway.id, a3.gateway.id], { firmwareVersion: '2.1.0' });
  await setEquipment(alphaStations.slice(0, 3), { firmwareVersion: '1.4.2' });
  await setEquipment(alphaStations.slice(3), { firmwareVersion: '1.5.0' });
  // responses (30 days): acknowledged after 2 h → 7 200 s; checked in after 6 h (acknowledged at 10 h) → 21 600 s;
  // acknowledged after 30 min though checked in after 1 h → 1 800 s. Median of 1 800, 7 200, 21 600: 7 200 s.
  await alertOn(alpha, a1, 240, { after: 2, reason: 'acknowledged' });
  await alertOn(alpha, a2, 120, { after: 10, reason: 'acknowledged' });
  await checkInOn(alpha, a2, 114);
  await alertOn(alpha, a1, 72, { after: 0.5, reason: 'acknowledged' });
  await checkInOn(alpha, a1, 71);
  // not counted: opened 40 days ago; still open (the only check-in on A2 was before it); cleared before the visit
  await alertOn(alpha, a1, 960, { after: 1, reason: 'acknowledged' });
  await alertOn(alpha, a2, 48);
  await alertOn(alpha, a3, 24, { after: 1, reason: 'cleared' });
  await checkInOn(alpha, a3, 20); // after the clearing: the clock had stopped without a response

  // Beta: one quiet site, its gateway heard; two responses of 1 h and 2 h → median 5 400 s
  const b1 = await createInstallation(t.db, beta, { siteName: 'B1', stationCount: 1, lastUpdateAt: ago(2) });
  await setEquipment([b1.gateway.id], { firmwareVersion: '2.1.0' });
  await alertOn(beta, b1, 100, { after: 1, reason: 'acknowledged' });
  await alertOn(beta, b1, 50, { after: 2, reason: 'acknowledged' });

  // Gamma (another dealer): one site in alert, a silent gateway
  const g1 = await createInstallation(t.db, gamma, { siteName: 'G1', stationCount: 1, lastUpdateAt: ago(100) });
  await setPriority(g1, 50);
}, 60_000);
afterAll(() => t.close());

const fleet = async (cookie: string, query = ''): Promise<FleetHealthCollection> => {
  const response = await call(t.app, cookie, 'GET', `/api/fleet_health${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FleetHealthCollection>();
};
const names = (collection: FleetHealthCollection) => collection['hydra:member'].map((pco) => pco.name);
const byName = (collection: FleetHealthCollection, name: string) =>
  collection['hydra:member'].find((pco) => pco.name === name) as FleetHealth;

describe('GET /api/fleet_health: the figures', () => {
  it("gives each of the dealer's PCOs the figures computed by hand", async () => {
    const collection = await fleet(cookies.dealer as string);
    expect(collection['hydra:totalItems']).toBe(2);
    expect(byName(collection, 'Alpha Termites')).toEqual({
      '@id': `/api/fleet_health/${alpha}`,
      '@type': 'FleetHealth',
      ulid: alpha,
      name: 'Alpha Termites',
      pco: `/api/pcos/${alpha}`,
      dealer: { '@id': `/api/dealers/${dealerOne}`, '@type': 'Dealer', ulid: dealerOne, name: 'Distribution Ouest' },
      sites: 3,
      sites_in_alert: 2,
      gateways: 3,
      silent_gateways: 2,
      stations: 4,
      low_battery_stations: 2,
      firmware_versions: [
        { version: '1.4.2', count: 3 },
        { version: '2.1.0', count: 3 },
        { version: '1.5.0', count: 1 },
      ],
      median_response_seconds: 7200,
      responses: 3,
      // the manager's login, in the dealer member's time zone (Europe/Paris)
      last_login_at: '2026-11-25T09:30:00+01:00',
    });
    expect(byName(collection, 'Bêta Nuisibles')).toMatchObject({
      sites: 1,
      sites_in_alert: 0,
      gateways: 1,
      silent_gateways: 0,
      stations: 1,
      low_battery_stations: 0,
      firmware_versions: [{ version: '2.1.0', count: 1 }],
      median_response_seconds: 5400,
      responses: 2,
      last_login_at: null,
    });
  });

  it('gives the admin every PCO, each with its dealer; another dealer sees its own PCO only', async () => {
    const all = await fleet(cookies.admin as string);
    expect(names(all)).toEqual(expect.arrayContaining(['Alpha Termites', 'Bêta Nuisibles', 'Gamma Protection']));
    expect(byName(all, 'Gamma Protection')).toMatchObject({
      sites: 1,
      sites_in_alert: 1,
      silent_gateways: 1,
      median_response_seconds: null,
      responses: 0,
      firmware_versions: [],
      dealer: { name: 'Distribution Est' },
    });
    expect(names(await fleet(cookies.otherDealer as string))).toEqual(['Gamma Protection']);
  });
});

describe('GET /api/fleet_health: sorting, search and paging', () => {
  it('sorts by the column asked, either way, missing values last; by sites in alert (most first) by default', async () => {
    const dealer = cookies.dealer as string;
    expect(names(await fleet(dealer))).toEqual(['Alpha Termites', 'Bêta Nuisibles']);
    expect(names(await fleet(dealer, '?order[median_response_seconds]=asc'))).toEqual([
      'Bêta Nuisibles',
      'Alpha Termites',
    ]);
    expect(names(await fleet(dealer, '?order[median_response_seconds]=desc'))).toEqual([
      'Alpha Termites',
      'Bêta Nuisibles',
    ]);
    expect(names(await fleet(dealer, '?order[name]=desc'))).toEqual(['Bêta Nuisibles', 'Alpha Termites']);
    expect(names(await fleet(dealer, '?order[low_battery_stations]=asc'))).toEqual([
      'Bêta Nuisibles',
      'Alpha Termites',
    ]);
    expect(names(await fleet(dealer, '?order[firmware_versions]=desc'))).toEqual(['Alpha Termites', 'Bêta Nuisibles']);
    // Bêta has no login: last whichever the direction
    expect(names(await fleet(dealer, '?order[last_login_at]=asc'))).toEqual(['Alpha Termites', 'Bêta Nuisibles']);
    expect(names(await fleet(dealer, '?order[last_login_at]=desc'))).toEqual(['Alpha Termites', 'Bêta Nuisibles']);
    const admin = await fleet(cookies.admin as string, '?order[silent_gateways]=desc&itemsPerPage=100');
    expect(names(admin).slice(0, 2)).toEqual(['Alpha Termites', 'Gamma Protection']);
  });

  it('searches the name ignoring case and accents, and pages', async () => {
    expect(names(await fleet(cookies.dealer as string, '?search=BETA'))).toEqual(['Bêta Nuisibles']);
    expect(names(await fleet(cookies.dealer as string, '?search=gamma'))).toEqual([]);
    const second = await fleet(cookies.dealer as string, '?order[name]=asc&itemsPerPage=1&page=2');
    expect(names(second)).toEqual(['Bêta Nuisibles']);
    expect(second['hydra:totalItems']).toBe(2);
    expect(second['hydra:view']?.['hydra:previous']).toBe(
      '/api/fleet_health?order%5Bname%5D=asc&itemsPerPage=1&page=1',
    );
    const beyond = await fleet(cookies.dealer as string, '?itemsPerPage=1&page=9');
    expect(beyond['hydra:member']).toEqual([]);
    expect(beyond['hydra:totalItems']).toBe(2);
  });

  it('refuses an unknown direction with 400, never a 500', async () => {
    const response = await call(t.app, cookies.dealer as string, 'GET', '/api/fleet_health?order[name]=sideways');
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('GET /api/fleet_health: who may ask', () => {
  it('answers the admin action and the dealer action, 403 to the PCO roles and the admin space plain user', async () => {
    for (const key of ['admin', 'dealer', 'otherDealer']) {
      const response = await call(t.app, cookies[key] as string, 'GET', '/api/fleet_health');
      expect(response.statusCode, key).toBe(200);
    }
    for (const key of ['owner', 'manager', 'technician', 'adminUser']) {
      const response = await call(t.app, cookies[key] as string, 'GET', '/api/fleet_health');
      expect(response.statusCode, key).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/fleet_health' })).statusCode).toBe(401);
  });

  it("gives an admin substituted into a dealer that dealer's PCOs only", async () => {
    const entered = await call(t.app, cookies.admin as string, 'POST', '/api/user_admins/connect-on-dealer', {
      connected_on_dealer_ulid: dealerOne,
    });
    expect(entered.statusCode, entered.body).toBe(204);
    const cookie = mergeCookies(cookies.admin as string, entered);
    expect(names(await fleet(cookie)).sort()).toEqual(['Alpha Termites', 'Bêta Nuisibles']);
    await call(t.app, cookie, 'POST', '/api/user_admins/disconnect-on-dealer');
  });
});
