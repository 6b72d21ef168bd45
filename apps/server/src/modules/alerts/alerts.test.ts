/**
 * Issue 5 "Alerts", SPEC §2.7 "Sites" alert log: `GET /api/sites/{id}/logs` pages a site's alerts newest first and
 * filters them by equipment; `POST /api/alerts/{ulid}/acknowledge` closes an open alert once and recomputes the
 * site; `GET/PUT /api/alert_settings` read the defaults and save the owner's thresholds. Owners and managers only;
 * another space's site or alert answers 404.
 */
import {
  type AlertLogEntry,
  type AlertSettings,
  DEFAULT_ALERT_SETTINGS,
  type HydraCollection,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertsTestApp, buildAlertsTestApp, hoursAgo, siteState } from '../../../test/alerts-support.js';
import { createInstallation, insertReadings, type TestInstallation } from '../../../test/equipment-factories.js';
import { as, createPcoTeam } from '../../../test/factories.js';
import { call } from '../../../test/users-factories.js';
import { alerts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

let t: AlertsTestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  t = await buildAlertsTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

/** `count` closed alerts of `equipmentId` on `siteId`, one hour apart from `from` backwards. */
async function insertClosedAlerts(spaceId: string, siteId: string, equipmentId: string, count: number, from: Date) {
  await t.db.insert(alerts).values(
    Array.from({ length: count }, (_, i) => ({
      id: newUlid(),
      spaceId,
      siteId,
      equipmentId,
      type: 'TYPE_LOW_BATTERY',
      priority: 2,
      openedAt: hoursAgo(i + 1, from),
      closedAt: hoursAgo(i, from),
      closeReason: 'cleared' as const,
      details: { battery_level: 'Low' },
    })),
  );
}

describe('GET /api/sites/{id}/logs', () => {
  it("pages the site's alerts newest first, 30 a page, and filters them by equipment", async () => {
    const site = await createInstallation(t.db, team.spaceId, { stationCount: 2 });
    const [a, b] = site.stations as [TestInstallation['stations'][number], TestInstallation['stations'][number]];
    const base = new Date('2030-03-01T12:00:00Z');
    await insertClosedAlerts(team.spaceId, site.siteId, a.id, 25, base);
    await insertClosedAlerts(team.spaceId, site.siteId, b.id, 10, hoursAgo(100, base));
    const elsewhere = await createInstallation(t.db, team.spaceId, { stationCount: 1 });
    await insertClosedAlerts(team.spaceId, elsewhere.siteId, elsewhere.stations[0]?.id as string, 3, base);

    const first = await call(t.app, team.owner.cookie, 'GET', `/api/sites/${site.siteId}/logs`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<HydraCollection<AlertLogEntry>>();
    expect(page1['hydra:totalItems']).toBe(35);
    expect(page1['hydra:member']).toHaveLength(30);
    expect(page1['hydra:view']?.['hydra:next']).toContain('page=2');
    const opened = page1['hydra:member'].map((e) => e.opened_at);
    expect([...opened].sort().reverse()).toEqual(opened);
    expect(page1['hydra:member'][0]).toEqual({
      '@id': expect.stringMatching(/^\/api\/alerts\/[0-9A-Z]{26}$/),
      '@type': 'Alert',
      ulid: expect.any(String),
      type: 'TYPE_LOW_BATTERY',
      priority: 2,
      site: { '@id': `/api/sites/${site.siteId}`, '@type': 'Site', ulid: site.siteId, name: 'Entrepôt Nord' },
      equipment: {
        '@id': `/api/equipment/${a.id}`,
        '@type': 'Equipment',
        ulid: a.id,
        reference: a.reference,
        kind: 'igs',
      },
      // the actor's time zone (Europe/Paris)
      opened_at: '2030-03-01T12:00:00+01:00',
      closed_at: '2030-03-01T13:00:00+01:00',
      close_reason: 'cleared',
      acknowledged_by: null,
      details: { battery_level: 'Low' },
      // cleared before any visit or acknowledgement: stopped without a response time (issue 15)
      response: {
        state: 'cleared',
        target_hours: 336,
        due_at: '2030-03-15T12:00:00+01:00',
        responded_at: null,
        response_seconds: null,
        missed: false,
      },
    });

    const second = await call(t.app, team.manager.cookie, 'GET', `/api/sites/${site.siteId}/logs?page=2`);
    expect(second.json<HydraCollection<AlertLogEntry>>()['hydra:member']).toHaveLength(5);

    const filtered = await call(
      t.app,
      team.owner.cookie,
      'GET',
      `/api/sites/${site.siteId}/logs?equipment.ulid=${b.id}`,
    );
    const onlyB = filtered.json<HydraCollection<AlertLogEntry>>();
    expect(onlyB['hydra:totalItems']).toBe(10);
    expect(new Set(onlyB['hydra:member'].map((e) => e.equipment?.ulid))).toEqual(new Set([b.id]));
  });

  it('answers 404 for a site of another space, 403 to a technician and 401 without a session', async () => {
    const site = await createInstallation(t.db, team.spaceId, { stationCount: 1 });
    const url = `/api/sites/${site.siteId}/logs`;
    expect((await call(t.app, other.owner.cookie, 'GET', url)).json()).toMatchObject({
      status: 404,
      error: 'site_not_found',
    });
    expect((await call(t.app, team.technician.cookie, 'GET', url)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('POST /api/alerts/{ulid}/acknowledge', () => {
  it('closes an open alert once, names who acknowledged it, and recomputes the site', async () => {
    const site = await createInstallation(t.db, team.spaceId, { stationCount: 1 });
    const station = site.stations[0]?.id as string;
    await insertReadings(t.db, station, [{ measuredAt: hoursAgo(1), termiteActivity: 90, batteryLevel: 'Low' }]);
    await t.engine.evaluate({ spaceId: team.spaceId, equipmentIds: [station] });
    expect((await siteState(t, site.siteId))?.prioritySum).toBe(22);
    const log = (await call(t.app, team.owner.cookie, 'GET', `/api/sites/${site.siteId}/logs`)).json<
      HydraCollection<AlertLogEntry>
    >();
    const termite = log['hydra:member'].find((e) => e.type === 'TYPE_TERMITE_ALERT') as AlertLogEntry;
    const url = `/api/alerts/${termite.ulid}/acknowledge`;

    expect((await call(t.app, other.owner.cookie, 'POST', url)).json()).toMatchObject({ error: 'alert_not_found' });
    expect((await call(t.app, team.technician.cookie, 'POST', url)).statusCode).toBe(403);

    const response = await call(t.app, team.manager.cookie, 'POST', url);
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json<AlertLogEntry>();
    expect(entry).toMatchObject({ ulid: termite.ulid, close_reason: 'acknowledged' });
    expect(entry.acknowledged_by).toMatch(/\S+ \S+/);
    expect(entry.closed_at).toMatch(/[+-]\d\d:\d\d$/);
    expect(await siteState(t, site.siteId)).toMatchObject({ prioritySum: 2, mainAlertType: 'TYPE_LOW_BATTERY' });

    const again = await call(t.app, team.owner.cookie, 'POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'alert_already_closed' });
    expect((await call(t.app, team.owner.cookie, 'POST', `/api/alerts/${newUlid()}/acknowledge`)).statusCode).toBe(404);
  });
});

describe('/api/alert_settings', () => {
  const custom: AlertSettings = {
    termite_activity_threshold: 45,
    colony_station_count: 3,
    bait_consumption_threshold: 15,
    bait_consumption_days: 2,
    weak_signal_dbm: -120,
    expected_uplink_hours: 6,
  };

  it('answers the defaults, saves the owner’s thresholds for their space only', async () => {
    const resource = (settings: typeof custom) => ({
      '@context': '/api/contexts/AlertSettings',
      '@id': '/api/alert_settings',
      '@type': 'AlertSettings',
      ...settings,
    });
    const team2 = await createPcoTeam(t.app, t.db);
    const read = await call(t.app, team2.manager.cookie, 'GET', '/api/alert_settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(resource(DEFAULT_ALERT_SETTINGS));

    const saved = await call(t.app, team2.owner.cookie, 'PUT', '/api/alert_settings', custom);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(resource(custom));
    const changed = { ...custom, termite_activity_threshold: 50 };
    expect((await call(t.app, team2.owner.cookie, 'PUT', '/api/alert_settings', changed)).json()).toEqual(
      resource(changed),
    );
    expect((await call(t.app, team2.manager.cookie, 'GET', '/api/alert_settings')).json()).toEqual(resource(changed));
    expect((await call(t.app, other.owner.cookie, 'GET', '/api/alert_settings')).json()).toEqual(
      resource(DEFAULT_ALERT_SETTINGS),
    );
  });

  it('refuses a manager (403) and out-of-range thresholds (422 threshold_invalid)', async () => {
    expect((await call(t.app, team.manager.cookie, 'PUT', '/api/alert_settings', custom)).statusCode).toBe(403);
    expect((await call(t.app, team.technician.cookie, 'GET', '/api/alert_settings')).statusCode).toBe(403);
    const invalid = await call(t.app, team.owner.cookie, 'PUT', '/api/alert_settings', {
      ...custom,
      colony_station_count: 1,
      weak_signal_dbm: 0,
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'colony_station_count', code: 'threshold_invalid' }),
        expect.objectContaining({ propertyPath: 'weak_signal_dbm', code: 'threshold_invalid' }),
      ]),
    );
  });

  it('changes the thresholds a merge patch names and keeps the others (PATCH, owner only)', async () => {
    const team3 = await createPcoTeam(t.app, t.db);
    const patch = (cookie: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/alert_settings',
        headers: as(cookie, { 'content-type': 'application/merge-patch+json' }),
        payload: JSON.stringify(body),
      });
    const raised = await patch(team3.owner.cookie, { termite_activity_threshold: 45 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ ...DEFAULT_ALERT_SETTINGS, termite_activity_threshold: 45 });
    const invalid = await patch(team3.owner.cookie, { colony_station_count: 1 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'colony_station_count', code: 'threshold_invalid' }),
    ]);
    expect((await patch(team3.manager.cookie, { termite_activity_threshold: 50 })).statusCode).toBe(403);
    expect((await call(t.app, team3.manager.cookie, 'GET', '/api/alert_settings')).json()).toMatchObject({
      termite_activity_threshold: 45,
      colony_station_count: DEFAULT_ALERT_SETTINGS.colony_station_count,
    });
  });
});
