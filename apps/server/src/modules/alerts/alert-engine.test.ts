/**
 * Issue 5 "Alerts": each rule of the engine opens and closes its alert from the committed readings and device state,
 * an alert opens once (repeated and concurrent evaluations), an acknowledged alert reopens only from a later reading,
 * sites get their `priority_sum`, `main_alert_type` and status, equipment its `alert_since`, and the periodic
 * communication check opens TYPE_COMMUNICATION_ERROR for silent devices until they speak again.
 */
import { ALERT_PRIORITIES } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertsTestApp,
  alertSinceOf,
  alertsOf,
  buildAlertsTestApp,
  deleteEquipmentRow,
  hoursAgo,
  openAlertKeys,
  setEquipment,
  siteState,
} from '../../../test/alerts-support.js';
import { createInstallation, insertReadings } from '../../../test/equipment-factories.js';
import { createMember, createSpace, login } from '../../../test/factories.js';
import { call } from '../../../test/users-factories.js';
import { alertSettings } from '../../db/schema/index.js';

let t: AlertsTestApp;
let spaceId: string;

beforeAll(async () => {
  t = await buildAlertsTestApp();
  spaceId = await createSpace(t.db, 'pco');
});
afterAll(() => t.close());

const evaluate = (ids: string[], at?: Date) => t.engine.evaluate({ spaceId, equipmentIds: ids, ...(at ? { at } : {}) });

describe('TYPE_TERMITE_ALERT', () => {
  it('opens on activity at the threshold, once, moves the site to check, and closes when activity falls', async () => {
    const site = await createInstallation(t.db, spaceId);
    const [station] = site.stations;
    if (!station) throw new Error('no station');
    const measuredAt = hoursAgo(2);
    await insertReadings(t.db, station.id, [
      { measuredAt: hoursAgo(3), termiteActivity: 4 },
      { measuredAt, termiteActivity: 30 },
    ]);

    expect(await evaluate([station.id, site.gateway.id])).toEqual({ opened: 1, closed: 0 });
    expect(await evaluate([station.id])).toEqual({ opened: 0, closed: 0 });
    const [alert] = await alertsOf(t, site.siteId);
    expect(alert).toMatchObject({
      type: 'TYPE_TERMITE_ALERT',
      equipmentId: station.id,
      priority: ALERT_PRIORITIES.TYPE_TERMITE_ALERT,
      closedAt: null,
      details: { termite_activity: 30, threshold: 30, measured_at: measuredAt.toISOString() },
    });
    expect(await siteState(t, site.siteId)).toEqual({
      prioritySum: 20,
      mainAlertType: 'TYPE_TERMITE_ALERT',
      status: 'STATUS_TO_CHECK',
    });
    expect(await alertSinceOf(t, station.id)).toEqual(alert?.openedAt);

    await insertReadings(t.db, station.id, [{ measuredAt: hoursAgo(1), termiteActivity: 29 }]);
    expect(await evaluate([station.id])).toEqual({ opened: 0, closed: 1 });
    const [closed] = await alertsOf(t, site.siteId);
    expect(closed).toMatchObject({ closeReason: 'cleared', acknowledgedBy: null });
    expect(closed?.closedAt).toBeInstanceOf(Date);
    // the status is the operator's to change back; the priority follows the open alerts
    expect(await siteState(t, site.siteId)).toEqual({ prioritySum: 0, mainAlertType: null, status: 'STATUS_TO_CHECK' });
    expect(await alertSinceOf(t, station.id)).toBeNull();
  });

  it('opens once when evaluations run at the same time', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 80 }]);

    const results = await Promise.all([evaluate([station]), evaluate([station]), evaluate([station])]);
    expect(results.reduce((sum, r) => sum + r.opened, 0)).toBe(1);
    expect(await openAlertKeys(t, site.siteId)).toEqual([`TYPE_TERMITE_ALERT@${station}`]);
    expect((await siteState(t, site.siteId))?.prioritySum).toBe(20);
  });

  it('follows the threshold of the space settings', async () => {
    const other = await createSpace(t.db, 'pco');
    await t.db.insert(alertSettings).values({
      spaceId: other,
      termiteActivityThreshold: 60,
      colonyStationCount: 3,
      baitConsumptionThreshold: 10,
      baitConsumptionDays: 3,
      weakSignalDbm: -115,
      expectedUplinkHours: 24,
    });
    const site = await createInstallation(t.db, other, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(2), termiteActivity: 59 }]);
    expect(await t.engine.evaluate({ spaceId: other, equipmentIds: [station] })).toEqual({ opened: 0, closed: 0 });
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 60 }]);
    expect(await t.engine.evaluate({ spaceId: other, equipmentIds: [station] })).toEqual({ opened: 1, closed: 0 });
  });

  it("ignores equipment of another space than the evaluation's", async () => {
    const other = await createSpace(t.db, 'pco');
    const site = await createInstallation(t.db, other, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 90 }]);
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 0 });
    expect(await alertsOf(t, site.siteId)).toEqual([]);
  });
});

describe('acknowledgement', () => {
  it('closes the alert; it opens again only from a reading measured after the acknowledgement', async () => {
    const owner = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', {
      firstname: 'Claire',
      lastname: 'Martin',
    });
    const cookie = await login(t.app, owner.email);
    const site = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 70 }]);
    await evaluate([station]);
    const [alert] = await alertsOf(t, site.siteId);

    const acknowledged = await call(t.app, cookie, 'POST', `/api/alerts/${alert?.id}/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toMatchObject({ close_reason: 'acknowledged', acknowledged_by: 'Claire Martin' });
    expect(await siteState(t, site.siteId)).toMatchObject({ prioritySum: 0, mainAlertType: null });

    // the same reading does not reopen it
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 0 });
    // a reading measured after the acknowledgement does
    await insertReadings(t.db, station, [{ measuredAt: new Date(Date.now() + 1000), termiteActivity: 75 }]);
    expect(await evaluate([station])).toEqual({ opened: 1, closed: 0 });
    const rows = await alertsOf(t, site.siteId);
    expect(rows.map((r) => r.closeReason)).toEqual(['acknowledged', null]);
  });
});

describe('TYPE_LOW_BATTERY and TYPE_COMMUNICATION_WEAK_SIGNAL', () => {
  it('open on a Low battery and a weak signal without moving the site, and close when they recover', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(3), batteryLevel: 'Low', signalLevel: -116 }]);
    await setEquipment(t, site.gateway.id, { batteryLevel: 'Low', signalLevel: -80, lastUpdateAt: hoursAgo(1) });

    expect(await evaluate([station, site.gateway.id])).toEqual({ opened: 3, closed: 0 });
    expect(await openAlertKeys(t, site.siteId)).toEqual(
      [
        `TYPE_COMMUNICATION_WEAK_SIGNAL@${station}`,
        `TYPE_LOW_BATTERY@${site.gateway.id}`,
        `TYPE_LOW_BATTERY@${station}`,
      ].sort(),
    );
    expect(await siteState(t, site.siteId)).toEqual({
      prioritySum: 2 + 2 + 1,
      mainAlertType: 'TYPE_LOW_BATTERY',
      status: 'STATUS_IN_OPERATION',
    });

    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(2), batteryLevel: 'Medium', signalLevel: -115 }]);
    await setEquipment(t, site.gateway.id, { batteryLevel: 'Operational' });
    expect(await evaluate([station, site.gateway.id])).toEqual({ opened: 0, closed: 3 });
    expect(await siteState(t, site.siteId)).toEqual({
      prioritySum: 0,
      mainAlertType: null,
      status: 'STATUS_IN_OPERATION',
    });
  });
});

describe('TYPE_COLONY_DETECTED', () => {
  it('opens on the site when two stations are in termite alert, and closes when one of them clears', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 3 });
    const [a, b] = site.stations.map((s) => s.id) as [string, string];
    await insertReadings(t.db, a, [{ measuredAt: hoursAgo(2), termiteActivity: 50 }]);
    expect(await evaluate([a])).toEqual({ opened: 1, closed: 0 });
    await insertReadings(t.db, b, [{ measuredAt: hoursAgo(2), termiteActivity: 40 }]);
    expect(await evaluate([b])).toEqual({ opened: 2, closed: 0 });

    expect(await openAlertKeys(t, site.siteId)).toEqual(
      ['TYPE_COLONY_DETECTED', `TYPE_TERMITE_ALERT@${a}`, `TYPE_TERMITE_ALERT@${b}`].sort(),
    );
    const colony = (await alertsOf(t, site.siteId)).find((r) => r.type === 'TYPE_COLONY_DETECTED');
    expect(colony).toMatchObject({ equipmentId: null, priority: 50 });
    expect(colony?.details).toMatchObject({ termite_stations: ['IGS-01', 'IGS-02'], sustained_stations: [] });
    expect(await siteState(t, site.siteId)).toEqual({
      prioritySum: 90,
      mainAlertType: 'TYPE_COLONY_DETECTED',
      status: 'STATUS_TO_CHECK',
    });

    await insertReadings(t.db, b, [{ measuredAt: hoursAgo(1), termiteActivity: 0 }]);
    expect(await evaluate([b])).toEqual({ opened: 0, closed: 2 });
    expect(await openAlertKeys(t, site.siteId)).toEqual([`TYPE_TERMITE_ALERT@${a}`]);
    expect(await siteState(t, site.siteId)).toMatchObject({ prioritySum: 20, mainAlertType: 'TYPE_TERMITE_ALERT' });
  });

  it('opens when the two stations are evaluated at the same time (each evaluation sees the other)', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const [a, b] = site.stations.map((s) => s.id) as [string, string];
    await insertReadings(t.db, a, [{ measuredAt: hoursAgo(1), termiteActivity: 50 }]);
    await insertReadings(t.db, b, [{ measuredAt: hoursAgo(1), termiteActivity: 50 }]);
    const results = await Promise.all([evaluate([a]), evaluate([b])]);
    expect(results.reduce((sum, r) => sum + r.opened, 0)).toBe(3);
    expect(await openAlertKeys(t, site.siteId)).toContain('TYPE_COLONY_DETECTED');
  });

  it('opens on bait consumption rising each day to the threshold, and closes when it stops rising', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const [station] = site.stations.map((s) => s.id) as [string];
    const day = (n: number, hour = 8) => new Date(Date.UTC(2031, 0, 10 + n, hour));
    // daily maxima 2, 4, 7, 12 (three rises, reaching the threshold 10); activity stays low
    await insertReadings(t.db, station, [
      { measuredAt: day(0), baitConsumption: 2 },
      { measuredAt: day(1, 6), baitConsumption: 3 },
      { measuredAt: day(1, 18), baitConsumption: 4 },
      { measuredAt: day(2), baitConsumption: 7 },
    ]);
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 0 });
    await insertReadings(t.db, station, [{ measuredAt: day(3), baitConsumption: 12 }]);
    expect(await evaluate([station])).toEqual({ opened: 1, closed: 0 });
    const [colony] = await alertsOf(t, site.siteId);
    expect(colony).toMatchObject({ type: 'TYPE_COLONY_DETECTED', equipmentId: null });
    expect(colony?.details).toMatchObject({ termite_stations: [], sustained_stations: ['IGS-01'] });
    expect((await siteState(t, site.siteId))?.status).toBe('STATUS_TO_CHECK');

    await insertReadings(t.db, station, [{ measuredAt: day(4), baitConsumption: 12 }]);
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 1 });
  });

  it('does not open on consumption that skipped a day or stayed below the threshold', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const [station] = site.stations.map((s) => s.id) as [string];
    const day = (n: number) => new Date(Date.UTC(2031, 1, 10 + n, 8));
    await insertReadings(t.db, station, [
      { measuredAt: day(0), baitConsumption: 2 },
      { measuredAt: day(1), baitConsumption: 4 },
      { measuredAt: day(3), baitConsumption: 20 },
    ]);
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 0 });
    await insertReadings(t.db, station, [
      { measuredAt: day(4), baitConsumption: 21 },
      { measuredAt: day(5), baitConsumption: 22 },
    ]);
    // rises on days 4 and 5 only: two rises, not three
    expect(await evaluate([station])).toEqual({ opened: 0, closed: 0 });
  });
});

describe('TYPE_COMMUNICATION_ERROR', () => {
  it('opens for devices silent for twice the expected interval, and closes when the device speaks again', async () => {
    const at = new Date();
    const site = await createInstallation(t.db, spaceId, { stationCount: 3, lastUpdateAt: hoursAgo(47, at) });
    const [quiet, notConnected, talking] = site.stations.map((s) => s.id) as [string, string, string];
    await setEquipment(t, quiet, { lastUpdateAt: hoursAgo(49, at) });
    await setEquipment(t, site.gateway.id, { lastUpdateAt: hoursAgo(60, at) });
    await setEquipment(t, notConnected, { lastUpdateAt: hoursAgo(100, at), trapType: 'exterior_not_connected' });
    const closedSite = await createInstallation(t.db, spaceId, {
      stationCount: 1,
      status: 'STATUS_CLOSED',
      lastUpdateAt: hoursAgo(100, at),
    });

    const first = await t.engine.checkCommunication(at);
    expect(first.opened).toBeGreaterThanOrEqual(2);
    expect(await openAlertKeys(t, site.siteId)).toEqual(
      [`TYPE_COMMUNICATION_ERROR@${quiet}`, `TYPE_COMMUNICATION_ERROR@${site.gateway.id}`].sort(),
    );
    expect(await openAlertKeys(t, closedSite.siteId)).toEqual([]);
    expect(await siteState(t, site.siteId)).toEqual({
      prioritySum: 10,
      mainAlertType: 'TYPE_COMMUNICATION_ERROR',
      status: 'STATUS_IN_OPERATION',
    });
    // a second check opens nothing more for this site
    await t.engine.checkCommunication(at);
    expect((await alertsOf(t, site.siteId)).length).toBe(2);

    // `talking` falls silent later: the check of that time opens it too
    await t.engine.checkCommunication(new Date(at.getTime() + 2 * 3_600_000));
    expect(await openAlertKeys(t, site.siteId)).toContain(`TYPE_COMMUNICATION_ERROR@${talking}`);

    // the gateway's uplink comes in
    await setEquipment(t, site.gateway.id, { lastUpdateAt: new Date() });
    expect(await evaluate([site.gateway.id])).toEqual({ opened: 0, closed: 1 });
    expect(await openAlertKeys(t, site.siteId)).not.toContain(`TYPE_COMMUNICATION_ERROR@${site.gateway.id}`);
  });

  it('opens for a device that never sent anything once it is older than twice the interval', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await t.engine.checkCommunication(new Date(Date.now() + 47 * 3_600_000));
    expect(await openAlertKeys(t, site.siteId)).toEqual([]);
    await t.engine.checkCommunication(new Date(Date.now() + 49 * 3_600_000));
    expect(await openAlertKeys(t, site.siteId)).toEqual(
      [`TYPE_COMMUNICATION_ERROR@${station}`, `TYPE_COMMUNICATION_ERROR@${site.gateway.id}`].sort(),
    );
  });
});

describe('refreshSites', () => {
  it('recomputes the priority of a site after an equipment is removed', async () => {
    const site = await createInstallation(t.db, spaceId, { stationCount: 2 });
    const [a, b] = site.stations.map((s) => s.id) as [string, string];
    await insertReadings(t.db, a, [{ measuredAt: hoursAgo(1), termiteActivity: 50 }]);
    await insertReadings(t.db, b, [{ measuredAt: hoursAgo(1), batteryLevel: 'Low' }]);
    await evaluate([a, b]);
    expect((await siteState(t, site.siteId))?.prioritySum).toBe(22);

    await deleteEquipmentRow(t, a);
    await t.engine.refreshSites([site.siteId]);
    expect(await siteState(t, site.siteId)).toMatchObject({ prioritySum: 2, mainAlertType: 'TYPE_LOW_BATTERY' });
    expect((await siteState(t, site.siteId))?.status).toBe('STATUS_TO_CHECK');
  });
});
