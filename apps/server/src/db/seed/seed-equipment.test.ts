/**
 * The demo equipment seed (issue 5 "Simulation and demo data"): sites in operation (and some to check) get a gateway
 * and 3–8 stations around them with 60 days of readings every 6 hours; the stories open real alerts through the
 * engine; the demo gateways' deterministic credentials are accepted by `POST /api/uplinks`. Checked through the API,
 * as the owner of each space sees it.
 */
import type {
  AlertLogEntry,
  Equipment,
  HydraCollection,
  ReadingSeries,
  SiteDetail,
  UplinkResult,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { newUlid } from '../../platform/ids.js';
import { clients, readings, sites } from '../schema/index.js';
import { demoDeviceCredential } from './demo-devices.js';
import { type SeededEquipment, seedEquipment } from './seed-equipment.js';
import { DEMO_READINGS_PER_STATION, planSeedEquipment } from './seed-equipment-plan.js';
import type { SeededSite } from './seed-types.js';

const NOW = new Date('2026-06-15T09:30:00Z');
const DAY_MS = 86_400_000;

let t: TestApp;
let seeded: SeededEquipment;
const cookies: Record<string, string> = {};
const siteIds: Record<string, string> = {};

async function addSite(spaceId: string, spaceKey: string, name: string, status: string, treatmentType: string) {
  const clientId = newUlid();
  await t.db.insert(clients).values({ id: clientId, spaceId, name: `Client ${name}`, company: true });
  const id = newUlid();
  await t.db.insert(sites).values({
    id,
    spaceId,
    clientId,
    name,
    addressLabel: '45 avenue Thiers, 33100 Bordeaux, France',
    latitude: '44.842710000',
    longitude: '-0.557220000',
    area: 300,
    status,
    treatmentType,
    // the site seed may have marked it in alert without alerts
    prioritySum: 7,
    mainAlertType: 'TYPE_OTHERS',
  });
  siteIds[name] = id;
  return { id, clientId, spaceKey, status } satisfies SeededSite;
}

async function get<T>(key: string, url: string): Promise<T> {
  const response = await t.app.inject({ url, headers: as(cookies[key] as string) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

const equipmentOf = async (key: string, site: string) =>
  (await get<HydraCollection<Equipment>>(key, `/api/sites/${siteIds[site]}/equipment`))['hydra:member'];

beforeAll(async () => {
  t = await buildTestApp();
  const spaceIds: string[] = [];
  for (const key of ['pco', 'pco2']) {
    const spaceId = await createSpace(t.db, 'pco');
    const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    cookies[key] = await login(t.app, owner.email);
    spaceIds.push(spaceId);
  }
  const [pco, pco2] = spaceIds as [string, string];
  const list: SeededSite[] = [
    await addSite(pco, 'pco', 'Colony', 'STATUS_IN_OPERATION', 'TYPE_ELIMINATION'),
    await addSite(pco, 'pco', 'Maintenance', 'STATUS_IN_OPERATION', 'TYPE_PREVENTION'),
    await addSite(pco, 'pco', 'Quiet', 'STATUS_IN_OPERATION', 'TYPE_PREVENTION'),
    await addSite(pco, 'pco', 'Past episode', 'STATUS_TO_CHECK', 'TYPE_ELIMINATION'),
    await addSite(pco, 'pco', 'Second to check', 'STATUS_TO_CHECK', 'TYPE_PREVENTION'),
    await addSite(pco, 'pco', 'To install', 'STATUS_TO_INSTALL', 'TYPE_PREVENTION'),
    await addSite(pco2, 'pco2', 'Termite', 'STATUS_IN_OPERATION', 'TYPE_PREVENTION'),
  ];
  seeded = await seedEquipment(t.db, list, NOW);
}, 120_000);
afterAll(() => t.close());

describe('seedEquipment', () => {
  it('equips the sites in operation and every other site to check with a gateway and 3–8 stations', async () => {
    expect(seeded.installations.map((i) => i.site.id).sort()).toEqual(
      ['Colony', 'Maintenance', 'Quiet', 'Past episode', 'Termite'].map((n) => siteIds[n]).sort(),
    );
    expect(await equipmentOf('pco', 'To install')).toEqual([]);
    expect(await equipmentOf('pco', 'Second to check')).toEqual([]);
    for (const name of ['Colony', 'Maintenance', 'Quiet', 'Past episode']) {
      const list = await equipmentOf('pco', name);
      const [gateway, ...stations] = list;
      expect(gateway?.kind).toBe('gateway');
      expect(gateway?.serial_number).toMatch(/^GW24-\d{4}$/);
      expect(stations.length).toBeGreaterThanOrEqual(3);
      expect(stations.length).toBeLessThanOrEqual(8);
      for (const station of stations) {
        expect(['igs', 'ags']).toContain(station.kind);
        expect(station.reference).toMatch(/^(IGS|AGS)-\d{2}$/);
        expect(station.gateway_ulid).toBe(gateway?.ulid);
        expect(Math.abs(Number(station.gps_position?.latitude) - 44.84271)).toBeLessThan(0.001);
        expect(Math.abs(Number(station.gps_position?.longitude) + 0.55722)).toBeLessThan(0.001);
        expect(station.last_update_at).not.toBeNull();
        expect(station.signal_level).toBeLessThan(-80);
      }
      expect(stations.filter((s) => s.kind === 'igs')[0]?.reference).toBe('IGS-01');
    }
  });

  it('gives every station 60 days of readings every 6 hours: little activity, a slowly decaying battery, signal around -95 dBm', async () => {
    const stations = seeded.installations.flatMap((i) => i.stations);
    expect(seeded.readings).toBe(stations.length * DEMO_READINGS_PER_STATION);
    expect(DEMO_READINGS_PER_STATION).toBe(240);
    const rows = await t.db.select().from(readings);
    expect(rows).toHaveLength(seeded.readings);
    const quiet = seeded.installations.find((i) => i.site.id === siteIds.Quiet);
    for (const station of quiet?.stations ?? []) {
      const own = rows.filter((r) => r.equipmentId === station.id).sort((a, b) => +a.measuredAt - +b.measuredAt);
      expect(own).toHaveLength(240);
      expect(+(own.at(-1)?.measuredAt ?? 0)).toBeLessThanOrEqual(+NOW);
      expect(+NOW - +(own.at(-1)?.measuredAt ?? 0)).toBeLessThan(7 * 3_600_000);
      expect(+(own.at(-1)?.measuredAt ?? 0) - +(own[0]?.measuredAt ?? 0)).toBe((240 - 1) * 6 * 3_600_000);
      expect(own.filter((r) => r.termiteActivity === 0).length).toBeGreaterThan(200);
      expect(Math.max(...own.map((r) => r.termiteActivity))).toBeLessThan(10);
      const battery = own.map((r) => r.batteryPercent ?? 0);
      expect(battery.every((b, i) => i === 0 || b <= (battery[i - 1] as number))).toBe(true);
      expect((battery[0] as number) - (battery.at(-1) as number)).toBeGreaterThan(2);
      const meanSignal = own.reduce((n, r) => n + r.signalLevel, 0) / own.length;
      expect(meanSignal).toBeGreaterThan(-110);
      expect(meanSignal).toBeLessThan(-84);
    }
    const first = quiet?.stations[0]?.id as string;
    const from = encodeURIComponent(new Date(+NOW - 30 * DAY_MS).toISOString());
    const to = encodeURIComponent(NOW.toISOString());
    const series = await get<ReadingSeries>('pco', `/api/equipment/${first}/readings?from=${from}&to=${to}`);
    expect(series.points.length).toBeGreaterThanOrEqual(119);
    expect(series.points.length).toBeLessThanOrEqual(121);
  });

  it('opens real alerts on the story sites, when their readings turned, and recomputes the equipped sites', async () => {
    const colony = await get<SiteDetail>('pco', `/api/sites/${siteIds.Colony}`);
    expect(colony.status).toBe('STATUS_TO_CHECK');
    expect(colony.main_alert_type).toBe('TYPE_COLONY_DETECTED');
    expect(colony.priority_sum).toBe(90);
    const log = await get<HydraCollection<AlertLogEntry>>('pco', `/api/sites/${siteIds.Colony}/logs`);
    const open = log['hydra:member'].filter((a) => a.closed_at === null);
    expect(open.map((a) => a.type).sort()).toEqual([
      'TYPE_COLONY_DETECTED',
      'TYPE_TERMITE_ALERT',
      'TYPE_TERMITE_ALERT',
    ]);
    for (const alert of open) {
      expect(+new Date(alert.opened_at)).toBeLessThan(+NOW - 3_600_000);
      expect(+new Date(alert.opened_at)).toBeGreaterThan(+NOW - 5 * DAY_MS);
    }

    const maintenance = await get<HydraCollection<AlertLogEntry>>('pco', `/api/sites/${siteIds.Maintenance}/logs`);
    expect(maintenance['hydra:member'].map((a) => a.type).sort()).toEqual([
      'TYPE_COMMUNICATION_WEAK_SIGNAL',
      'TYPE_LOW_BATTERY',
    ]);
    const maintained = await get<SiteDetail>('pco', `/api/sites/${siteIds.Maintenance}`);
    expect([maintained.status, maintained.priority_sum]).toEqual(['STATUS_IN_OPERATION', 3]);

    const past = await get<HydraCollection<AlertLogEntry>>('pco', `/api/sites/${siteIds['Past episode']}/logs`);
    const termite = past['hydra:member'].find((a) => a.type === 'TYPE_TERMITE_ALERT');
    expect(termite?.close_reason).toBe('cleared');
    expect(+new Date(termite?.opened_at as string)).toBeLessThan(+NOW - 20 * DAY_MS);
    expect(past['hydra:member'].every((a) => a.closed_at !== null)).toBe(true);

    const quiet = await get<SiteDetail>('pco', `/api/sites/${siteIds.Quiet}`);
    expect([quiet.priority_sum, quiet.main_alert_type]).toEqual([0, null]);
    const japanese = await get<HydraCollection<AlertLogEntry>>('pco2', `/api/sites/${siteIds.Termite}/logs`);
    expect(japanese['hydra:member'].map((a) => [a.type, a.closed_at])).toEqual([['TYPE_TERMITE_ALERT', null]]);
    // A site the seed did not equip keeps what the site seed gave it.
    const untouched = await get<SiteDetail>('pco', `/api/sites/${siteIds['To install']}`);
    expect(untouched.priority_sum).toBe(7);
  });

  it('gives the demo gateways credentials the simulator can derive, accepted by POST /api/uplinks', async () => {
    const [gateway, station] = await equipmentOf('pco', 'Quiet');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uplinks',
      headers: {
        authorization: `Device ${demoDeviceCredential(gateway?.ulid as string, gateway?.serial_number as string)}`,
      },
      payload: {
        gateway: { serial_number: gateway?.serial_number, sent_at: new Date().toISOString() },
        readings: [
          {
            serial_number: station?.serial_number,
            measured_at: new Date().toISOString(),
            termite_activity: 0,
            bait_consumption: 0,
            battery_level: 'Operational',
            battery_percent: 80,
            signal_level: -96,
            state: 1,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UplinkResult>()).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('is deterministic', () => {
    const sites = seeded.installations.map((i) => i.site);
    const ids = () => {
      let n = 0;
      return () => `id-${n++}`;
    };
    expect(planSeedEquipment(sites, NOW, ids())).toEqual(planSeedEquipment(sites, NOW, ids()));
  });
});
