/**
 * Issue 5 "Telemetry ingestion" over HTTP: `POST /api/uplinks` authenticates the gateway by its device credential,
 * stores each reading once, rejects foreign stations and future readings, updates the equipment status, writes the
 * site's synchronisation log; `GET /api/sites/{id}/sync_logs` lists that log for the site's own space only.
 */
import {
  type HydraCollection,
  type SyncLogEntry,
  UPLINK_AUTH_FAILURES,
  type UplinkPayload,
  type UplinkReading,
  type UplinkResult,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  createInstallation,
  newDeviceCredential,
  type TestInstallation,
  uniqueSerial,
} from '../../../test/equipment-factories.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { syncLogs } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

let t: TestApp;
let spaceId: string;
let ownerCookie: string;

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

function reading(serial: string, measuredAt: Date, overrides: Partial<UplinkReading> = {}): UplinkReading {
  return {
    serial_number: serial,
    measured_at: measuredAt.toISOString(),
    termite_activity: 0,
    bait_consumption: 0,
    battery_level: 'Operational',
    battery_percent: 88,
    signal_level: -92,
    state: 1,
    ...overrides,
  };
}

function uplink(install: TestInstallation, list: UplinkReading[], gateway: Partial<UplinkPayload['gateway']> = {}) {
  return {
    gateway: { serial_number: install.gateway.serialNumber, sent_at: new Date().toISOString(), ...gateway },
    readings: list,
  };
}

/** Posts an uplink as a device does: no session, no Client-Type, only its credential. */
function post(credential: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uplinks',
    headers: credential === undefined ? {} : { authorization: `Device ${credential}` },
    payload: payload as object,
  });
}

const readingsOf = (equipmentId: string) =>
  t.db.query.readings.findMany({
    where: (r, { eq }) => eq(r.equipmentId, equipmentId),
    orderBy: (r, { asc }) => [asc(r.measuredAt)],
  });
const equipmentRow = (id: string) => t.db.query.equipment.findFirst({ where: (e, { eq }) => eq(e.id, id) });
const syncLogsOf = (siteId: string) =>
  t.db.query.syncLogs.findMany({ where: (l, { eq }) => eq(l.siteId, siteId), orderBy: (l, { asc }) => [asc(l.id)] });

/** Replaces a gateway's credential hash (what a rotation or a revocation does). */
const setCredentialHash = (gatewayId: string, hash: string | null) =>
  t.db.execute(`update equipment set credential_hash = ${hash ? `'${hash}'` : 'null'} where id = '${gatewayId}'`);

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco');
  const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  ownerCookie = await login(t.app, owner.email);
});
afterAll(() => t.close());

describe('POST /api/uplinks', () => {
  it("stores the readings, updates the stations' and the gateway's status and logs the uplink", async () => {
    const install = await createInstallation(t.db, spaceId);
    const [s1, s2, s3] = install.stations as [TestInstallation['stations'][number], ...TestInstallation['stations']];
    const sentAt = ago(30_000);
    const response = await post(
      install.gateway.credential,
      uplink(
        install,
        [
          reading(s1.serialNumber, ago(2 * HOUR), { termite_activity: 4, battery_percent: 80 }),
          reading(s1.serialNumber, ago(1 * HOUR), {
            termite_activity: 12,
            bait_consumption: 3,
            battery_level: 'Medium',
            battery_percent: 41,
            signal_level: -104,
            state: 2,
          }),
          reading(s2?.serialNumber ?? '', ago(90 * 60_000), { battery_percent: undefined }),
        ],
        {
          sent_at: sentAt.toISOString(),
          firmware_version: '2.4.1',
          battery_level: 'Operational',
          battery_percent: 97,
          signal_level: -71,
          state: 1,
          latitude: '44.8378',
          longitude: -0.5792,
        },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UplinkResult>()).toEqual({ accepted: 3, duplicates: 0, rejected: [] });

    const stored = await readingsOf(s1.id);
    expect(stored.map((r) => [r.termiteActivity, r.baitConsumption, r.batteryLevel, r.batteryPercent])).toEqual([
      [4, 0, 'Operational', 80],
      [12, 3, 'Medium', 41],
    ]);
    expect(await readingsOf(s2?.id ?? '')).toHaveLength(1);

    const station = await equipmentRow(s1.id);
    expect(station).toMatchObject({ batteryLevel: 'Medium', batteryPercent: 41, signalLevel: -104, state: 2 });
    expect(station?.lastUpdateAt?.getTime()).toBe(stored[1]?.measuredAt.getTime());
    // a reading without battery_percent keeps the last known percentage
    expect(await equipmentRow(s2?.id ?? '')).toMatchObject({ batteryLevel: 'Operational', batteryPercent: null });
    expect((await equipmentRow(s3?.id ?? ''))?.lastUpdateAt).toBeNull();

    const gateway = await equipmentRow(install.gateway.id);
    expect(gateway).toMatchObject({
      firmwareVersion: '2.4.1',
      batteryLevel: 'Operational',
      batteryPercent: 97,
      signalLevel: -71,
      state: 1,
      latitude: '44.837800000',
      longitude: '-0.579200000',
    });
    expect(gateway?.lastUpdateAt?.getTime()).toBe(Math.floor(sentAt.getTime()));

    const logs = await syncLogsOf(install.siteId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      spaceId,
      gatewayId: install.gateway.id,
      transport: 'http',
      accepted: 3,
      duplicates: 0,
      rejected: 0,
      errors: [],
    });
  });

  it('stores a repeated reading once and counts it as a duplicate', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = install.stations[0] as TestInstallation['stations'][number];
    const payload = uplink(install, [
      reading(station.serialNumber, ago(3 * HOUR)),
      reading(station.serialNumber, ago(2 * HOUR), { termite_activity: 2 }),
    ]);
    const first = await post(install.gateway.credential, payload);
    expect(first.json<UplinkResult>()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });

    const again = await post(install.gateway.credential, {
      ...payload,
      // the same readings again, one of them twice in the batch, plus one new
      readings: [...payload.readings, payload.readings[1], reading(station.serialNumber, ago(HOUR))],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<UplinkResult>()).toEqual({ accepted: 1, duplicates: 3, rejected: [] });
    expect(await readingsOf(station.id)).toHaveLength(3);
    expect((await syncLogsOf(install.siteId)).map((l) => [l.accepted, l.duplicates])).toEqual([
      [2, 0],
      [1, 3],
    ]);
  });

  it('stores every reading once when uplinks of one gateway over the same stations arrive at the same time', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 3 });
    const serials = install.stations.map((s) => s.serialNumber);
    // four uplinks at once: two identical, two overlapping them; 3 stations × 4 distinct times in all (one clock
    // reading for all of them, so that "the same time" is the same millisecond in every uplink)
    const now = Date.now();
    const batch = (hours: number[]) =>
      uplink(
        install,
        hours.flatMap((h) =>
          serials.map((serial) => reading(serial, new Date(now - h * HOUR), { signal_level: -90 - h })),
        ),
      );
    const answers = await Promise.all(
      [batch([4, 3]), batch([4, 3]), batch([3, 2]), batch([2, 1])].map((p) => post(install.gateway.credential, p)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const results = answers.map((a) => a.json<UplinkResult>());
    expect(results.reduce((sum, r) => sum + r.accepted, 0)).toBe(12);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(24 - 12);
    for (const station of install.stations) {
      expect((await readingsOf(station.id)).map((r) => r.signalLevel)).toEqual([-94, -93, -92, -91]);
      // whatever the order of commits, the status is the newest reading's
      expect(await equipmentRow(station.id)).toMatchObject({ signalLevel: -91 });
    }
    const logs = await syncLogsOf(install.siteId);
    expect(logs.map((l) => l.accepted + l.duplicates)).toEqual([6, 6, 6, 6]);
  });

  it('keeps the newest status when a late, buffered uplink brings older readings', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = install.stations[0] as TestInstallation['stations'][number];
    await post(
      install.gateway.credential,
      uplink(install, [reading(station.serialNumber, ago(HOUR), { battery_level: 'Low', state: 3 })]),
    );
    const late = await post(
      install.gateway.credential,
      uplink(install, [reading(station.serialNumber, ago(5 * HOUR), { battery_level: 'Operational', state: 1 })], {
        sent_at: ago(4 * HOUR).toISOString(),
      }),
    );
    expect(late.json<UplinkResult>().accepted).toBe(1);
    const row = await equipmentRow(station.id);
    expect(row).toMatchObject({ batteryLevel: 'Low', state: 3 });
    expect(Date.now() - (row?.lastUpdateAt?.getTime() ?? 0)).toBeGreaterThan(HOUR - 60_000);
    expect(Date.now() - (row?.lastUpdateAt?.getTime() ?? 0)).toBeLessThan(HOUR + 60_000);
    // the gateway's last contact does not move back either
    const gateway = await equipmentRow(install.gateway.id);
    expect(Date.now() - (gateway?.lastUpdateAt?.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("rejects readings of stations that are not on the gateway's site, and keeps the others", async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const neighbour = await createInstallation(t.db, spaceId, { stationCount: 1, siteName: 'Entrepôt Sud' });
    const foreign = await createInstallation(t.db, await createSpace(t.db, 'pco'), { stationCount: 1 });
    const own = install.stations[0] as TestInstallation['stations'][number];
    const otherSite = neighbour.stations[0] as TestInstallation['stations'][number];
    const otherSpace = foreign.stations[0] as TestInstallation['stations'][number];
    const response = await post(
      install.gateway.credential,
      uplink(install, [
        reading(otherSite.serialNumber, ago(HOUR)),
        reading(own.serialNumber, ago(HOUR)),
        reading(otherSpace.serialNumber, ago(HOUR)),
        reading(uniqueSerial('igs'), ago(HOUR)),
        reading(otherSpace.serialNumber, ago(2 * HOUR)),
        // the gateway itself is not a station
        reading(install.gateway.serialNumber, ago(HOUR)),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<UplinkResult>();
    expect(result.accepted).toBe(1);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [0, 'unknown_station'],
      [2, 'unknown_station'],
      [3, 'unknown_station'],
      [4, 'unknown_station'],
      [5, 'unknown_station'],
    ]);
    expect(result.rejected[0]?.serial_number).toBe(otherSite.serialNumber);
    expect(await readingsOf(otherSite.id)).toHaveLength(0);
    expect(await readingsOf(otherSpace.id)).toHaveLength(0);
    expect((await equipmentRow(otherSpace.id))?.lastUpdateAt).toBeNull();

    const [log] = await syncLogsOf(install.siteId);
    expect(log).toMatchObject({ accepted: 1, rejected: 5 });
    // one error per station and reason
    expect(log?.errors).toHaveLength(4);
    expect(log?.errors).toContainEqual({ serial_number: otherSpace.serialNumber, code: 'unknown_station' });
  });

  it('rejects a reading more than 5 minutes in the future', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = install.stations[0] as TestInstallation['stations'][number];
    const response = await post(
      install.gateway.credential,
      uplink(install, [
        reading(station.serialNumber, new Date(Date.now() + 10 * 60_000)),
        reading(station.serialNumber, new Date(Date.now() + 2 * 60_000)),
      ]),
    );
    expect(response.json<UplinkResult>()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [{ index: 0, serial_number: station.serialNumber, code: 'measured_at_in_future' }],
    });
    expect(await readingsOf(station.id)).toHaveLength(1);
    expect((await syncLogsOf(install.siteId))[0]?.errors).toEqual([
      { serial_number: station.serialNumber, code: 'measured_at_in_future' },
    ]);
  });

  it('accepts a full batch of 1000 readings in one request', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 4 });
    const start = Date.now() - 300 * HOUR;
    const batch = Array.from({ length: 1000 }, (_, i) =>
      reading(install.stations[i % 4]?.serialNumber ?? '', new Date(start + i * 60_000), {
        termite_activity: i % 7,
      }),
    );
    const response = await post(install.gateway.credential, uplink(install, batch));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UplinkResult>()).toEqual({ accepted: 1000, duplicates: 0, rejected: [] });
    expect(await readingsOf(install.stations[0]?.id ?? '')).toHaveLength(250);
  });

  describe('refuses the device (401 device_unauthorized, nothing stored)', () => {
    let install: TestInstallation;
    let payload: ReturnType<typeof uplink>;
    beforeAll(async () => {
      install = await createInstallation(t.db, spaceId, { stationCount: 1 });
      payload = uplink(install, [reading(install.stations[0]?.serialNumber ?? '', ago(HOUR))]);
    });

    async function expectRefused(credential: string | undefined, body: unknown = payload) {
      const response = await post(credential, body);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ error: 'device_unauthorized' });
      expect(await readingsOf(install.stations[0]?.id ?? '')).toHaveLength(0);
      expect(await syncLogsOf(install.siteId)).toHaveLength(0);
    }

    it('without a credential, or with a malformed one', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uplinks',
        headers: { 'client-type': 'webapp' },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'device_unauthorized' });
      await expectRefused('not-a-credential');
      await expectRefused(`${install.gateway.id}.`);
    });

    it('with the credential of an unknown gateway, or of a station', async () => {
      await expectRefused(newDeviceCredential(newUlid()).credential);
      await expectRefused(`${install.stations[0]?.id}.${install.gateway.credential.split('.')[1]}`);
    });

    it('with a wrong secret', async () => {
      await expectRefused(newDeviceCredential(install.gateway.id).credential);
    });

    it("when the body names another gateway's serial", async () => {
      const other = await createInstallation(t.db, spaceId, { stationCount: 0 });
      await expectRefused(install.gateway.credential, {
        ...payload,
        gateway: { ...payload.gateway, serial_number: other.gateway.serialNumber },
      });
    });

    it('once the credential is rotated or revoked', async () => {
      const rotated = newDeviceCredential(install.gateway.id);
      await setCredentialHash(install.gateway.id, rotated.hash);
      await expectRefused(install.gateway.credential);
      await setCredentialHash(install.gateway.id, null);
      await expectRefused(rotated.credential);
    });
  });

  describe('refuses a malformed payload, storing nothing', () => {
    let install: TestInstallation;
    beforeAll(async () => {
      install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    });

    it.each([
      ['a termite activity over 100', (serial: string) => ({ termite_activity: 101, serial_number: serial })],
      ['an unknown battery level', (serial: string) => ({ battery_level: 'Full', serial_number: serial })],
      ['a date without offset', (serial: string) => ({ measured_at: '2026-03-01 10:00:00', serial_number: serial })],
      ['a state out of the enumeration', (serial: string) => ({ state: 7, serial_number: serial })],
    ])('422 for %s', async (_label, change) => {
      const station = install.stations[0] as TestInstallation['stations'][number];
      const body = uplink(install, [
        reading(station.serialNumber, ago(2 * HOUR)),
        { ...reading(station.serialNumber, ago(HOUR)), ...change(station.serialNumber) } as UplinkReading,
      ]);
      const response = await post(install.gateway.credential, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ error: 'validation_failed' });
      expect(response.json().violations[0].propertyPath).toMatch(/^readings\.1\./);
      expect(await readingsOf(station.id)).toHaveLength(0);
      expect(await syncLogsOf(install.siteId)).toHaveLength(0);
    });

    it('422 without the gateway part or with more than 1000 readings', async () => {
      const station = install.stations[0] as TestInstallation['stations'][number];
      const missing = await post(install.gateway.credential, { readings: [] });
      expect(missing.statusCode).toBe(422);
      const tooMany = await post(
        install.gateway.credential,
        uplink(
          install,
          Array.from({ length: 1001 }, (_, i) => reading(station.serialNumber, new Date(Date.now() - i * 60_000))),
        ),
      );
      expect(tooMany.statusCode).toBe(422);
      expect(await readingsOf(station.id)).toHaveLength(0);
    });

    it('400 for a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uplinks',
        headers: { authorization: `Device ${install.gateway.credential}`, 'content-type': 'application/json' },
        payload: '{"gateway": ',
      });
      expect(response.statusCode).toBe(400);
      expect(await syncLogsOf(install.siteId)).toHaveLength(0);
    });
  });

  it('lets the alert engine open a termite alert from a reading over the threshold', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const station = install.stations[0] as TestInstallation['stations'][number];
    const response = await post(
      install.gateway.credential,
      uplink(install, [reading(station.serialNumber, ago(10 * 60_000), { termite_activity: 72 })]),
    );
    expect(response.json<UplinkResult>().accepted).toBe(1);
    const alerts = await t.db.query.alerts.findMany({
      where: (a, { and, eq, isNull }) => and(eq(a.siteId, install.siteId), isNull(a.closedAt)),
    });
    expect(alerts.map((a) => [a.type, a.equipmentId])).toEqual([['TYPE_TERMITE_ALERT', station.id]]);
    const site = await t.db.query.sites.findFirst({ where: (row, { eq }) => eq(row.id, install.siteId) });
    expect(site?.prioritySum).toBeGreaterThan(0);
    expect(site?.mainAlertType).toBe('TYPE_TERMITE_ALERT');
  });

  it("never lends a user's session to a request carrying a device credential", async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 0 });
    // without Client-Type, the cookie is ignored (no CSRF path through the device scheme)
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/sites/${install.siteId}`,
      headers: { cookie: ownerCookie, authorization: `Device ${install.gateway.credential}` },
    });
    expect(response.statusCode).toBe(401);
    expect(await t.db.query.sites.findFirst({ where: (site, { eq }) => eq(site.id, install.siteId) })).toBeDefined();
  });
});

describe('GET /api/sites/{id}/sync_logs', () => {
  it('lists the uplinks of the site, newest first, 30 a page, with their gateway', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const base = Date.now() - 100 * HOUR;
    await t.db.insert(syncLogs).values(
      Array.from({ length: 31 }, (_, i) => ({
        spaceId,
        siteId: install.siteId,
        gatewayId: install.gateway.id,
        transport: i % 2 === 0 ? ('http' as const) : ('mqtt' as const),
        receivedAt: new Date(base + i * HOUR),
        accepted: i,
        duplicates: 0,
        rejected: i === 30 ? 1 : 0,
        errors: i === 30 ? [{ serial_number: 'X-1', code: 'unknown_station' }] : [],
      })),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${install.siteId}/sync_logs`,
      headers: as(ownerCookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<HydraCollection<SyncLogEntry>>();
    expect(page['hydra:totalItems']).toBe(31);
    expect(page['hydra:member']).toHaveLength(30);
    expect(page['hydra:view']?.['hydra:next']).toContain('page=2');
    const [newest] = page['hydra:member'];
    expect(newest).toMatchObject({
      gateway: { ulid: install.gateway.id, serial_number: install.gateway.serialNumber, reference: 'GW-01' },
      transport: 'http',
      accepted: 30,
      duplicates: 0,
      rejected: 1,
      errors: [{ serial_number: 'X-1', code: 'unknown_station' }],
    });
    // in the member's time zone (Europe/Paris)
    expect(newest?.received_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    expect(new Date(newest?.received_at ?? '').getTime()).toBe(Math.floor((base + 30 * HOUR) / 1000) * 1000);

    const second = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${install.siteId}/sync_logs?page=2`,
      headers: as(ownerCookie),
    });
    expect(second.json<HydraCollection<SyncLogEntry>>()['hydra:member'].map((e) => e.accepted)).toEqual([0]);
  });

  it('shows an uplink posted by a gateway', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    await post(
      install.gateway.credential,
      uplink(install, [reading(install.stations[0]?.serialNumber ?? '', ago(HOUR)), reading('UNKNOWN-1', ago(HOUR))]),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${install.siteId}/sync_logs`,
      headers: as(ownerCookie),
    });
    expect(response.json<HydraCollection<SyncLogEntry>>()['hydra:member']).toEqual([
      expect.objectContaining({
        transport: 'http',
        accepted: 1,
        rejected: 1,
        errors: [{ serial_number: 'UNKNOWN-1', code: 'unknown_station' }],
      }),
    ]);
  });

  it("answers 404 for another space's site and 403 to a technician", async () => {
    const foreign = await createInstallation(t.db, await createSpace(t.db, 'pco'), { stationCount: 0 });
    const notMine = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${foreign.siteId}/sync_logs`,
      headers: as(ownerCookie),
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ error: 'site_not_found' });

    const mine = await createInstallation(t.db, spaceId, { stationCount: 0 });
    const technician = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
    const asTechnician = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${mine.siteId}/sync_logs`,
      headers: as(await login(t.app, technician.email)),
    });
    expect(asTechnician.statusCode).toBe(403);
  });

  it('keeps the entries of a removed gateway, without the gateway', async () => {
    const install = await createInstallation(t.db, spaceId, { stationCount: 1 });
    await post(install.gateway.credential, uplink(install, []));
    await t.db.execute(`delete from equipment where id = '${install.gateway.id}'`);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${install.siteId}/sync_logs`,
      headers: as(ownerCookie),
    });
    expect(response.json<HydraCollection<SyncLogEntry>>()['hydra:member']).toEqual([
      expect.objectContaining({ gateway: null, accepted: 0 }),
    ]);
  });
});

describe('POST /api/uplinks under credential guessing', () => {
  it(`answers 429 with Retry-After after ${UPLINK_AUTH_FAILURES.max} failed credentials from one address; others are served`, async () => {
    const guarded = await buildTestApp();
    try {
      const pco = await createSpace(guarded.db, 'pco');
      const install = await createInstallation(guarded.db, pco, { stationCount: 1 });
      const payload = uplink(install, [reading(install.stations[0]?.serialNumber ?? '', ago(HOUR))]);
      const send = (credential: string, remoteAddress: string) =>
        guarded.app.inject({
          method: 'POST',
          url: '/api/uplinks',
          remoteAddress,
          headers: { authorization: `Device ${credential}` },
          payload,
        });
      const wrong = `${install.gateway.id}.not-the-secret`;
      for (let i = 0; i < UPLINK_AUTH_FAILURES.max; i++) {
        expect((await send(wrong, '203.0.113.7')).statusCode).toBe(401);
      }
      const blocked = await send(install.gateway.credential, '203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // the real gateway, elsewhere, keeps reporting
      const served = await send(install.gateway.credential, '198.51.100.20');
      expect(served.statusCode, served.body).toBe(200);
      expect(served.json()).toMatchObject({ accepted: 1 });
    } finally {
      await guarded.close();
    }
  });
});
