/**
 * Issue 15 "Automatic reports", through the API and the job's builder driven with its own clock: the schedule's
 * routes (PCO and site override, rules, other space 404), the periodic report's content (stations, alerts with their
 * response time, visits, activity per day, advice), exactly once per site and period under a retry and two
 * concurrent runs, a quiet period with and without "all clear", "send automatically", a Tokyo space, the alert
 * reports' 24 h limit and the silent gateway's equipment notice.
 */
import type { AutomaticReportSettings } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  automaticReportsOf,
  insertAlert,
  insertCheckedInVisit,
  insertMonitoredSite,
  setDevice,
  setOwnerPreferences,
  setSchedule,
} from '../../../test/automatic-report-factories.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { insertReadings } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import {
  call,
  modulesWithTestRenderer,
  testDoubleRenderReportPdf,
  violations,
} from '../../../test/report-factories.js';
import type { AppModule, ModuleDeps } from '../../platform/module.js';
import { createAlertEngine } from '../alerts/alert-engine.js';
import { reportSenderOn } from '../reports/report-sender.js';
import type { AutomaticReportData } from './automatic-report-data.js';
import { createAutomaticReportBuilder } from './automatic-reports.builder.js';

let t: TestApp;
let deps: ModuleDeps;
let team: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  let captured: ModuleDeps | undefined;
  const probe: AppModule = {
    name: 'automatic-reports-test-probe',
    async register(_app, d) {
      captured = d;
    },
  };
  t = await buildTestApp({
    modules: [...modulesWithTestRenderer(), probe],
    env: { LOG_LEVEL: 'error' },
    logStream: { write: (line: string) => (line.includes('"level":50') ? process.stderr.write(line) : undefined) },
  });
  deps = captured as ModuleDeps;
  team = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

const builder = () =>
  createAutomaticReportBuilder({
    db: t.db,
    send: reportSenderOn(t.db, { mail: deps.mail, renderPdf: testDoubleRenderReportPdf }),
  });
const MONTHLY: AutomaticReportSettings = {
  frequency: 'monthly',
  weekday: 1,
  month_day: 1,
  hour: 8,
  delivery: 'to_review',
  primary_contact: true,
  recipients: [],
  all_clear: true,
};
/** 1 November 2026, 08:10 in Paris (UTC+1): October's monthly report is due. */
const NOV_1 = new Date('2026-11-01T07:10:00Z');
const day = (iso: string) => new Date(iso);

describe('the schedule routes', () => {
  it('the PCO’s: defaults (off), owner writes, manager reads, rules as violations, merge patch', async () => {
    const other = await createPcoTeam(t.app, t.db);
    const read = await call(t, other.manager.cookie, 'GET', '/api/automatic_report_settings');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      '@type': 'AutomaticReportSettings',
      frequency: 'off',
      month_day: 1,
      hour: 8,
      delivery: 'to_review',
      primary_contact: true,
      all_clear: true,
    });
    expect((await call(t, other.manager.cookie, 'PUT', '/api/automatic_report_settings', MONTHLY)).statusCode).toBe(
      403,
    );
    expect((await call(t, other.technician.cookie, 'GET', '/api/automatic_report_settings')).statusCode).toBe(403);

    const bad = await call(t, other.owner.cookie, 'PUT', '/api/automatic_report_settings', {
      ...MONTHLY,
      frequency: 'daily',
      weekday: 8,
      month_day: 29,
      hour: 24,
      delivery: 'fax',
      recipients: ['not-an-address'],
    });
    expect(bad.statusCode).toBe(422);
    expect(violations(bad)).toEqual([
      'delivery:delivery_invalid',
      'frequency:frequency_invalid',
      'hour:hour_invalid',
      'month_day:month_day_invalid',
      'recipients.0:email_invalid',
      'weekday:weekday_invalid',
    ]);

    const saved = await call(t, other.owner.cookie, 'PUT', '/api/automatic_report_settings', {
      ...MONTHLY,
      month_day: 'last',
      recipients: ['Office@Customer.example'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      frequency: 'monthly',
      month_day: 'last',
      recipients: ['office@customer.example'],
    });
    const patched = await call(t, other.owner.cookie, 'PATCH', '/api/automatic_report_settings', {
      frequency: 'weekly',
      weekday: 5,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ frequency: 'weekly', weekday: 5, month_day: 'last', hour: 8 });
  });

  it('a site’s: the PCO’s until it has its own, back to the PCO’s; another space’s site is 404', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, { frequency: 'weekly', weekday: 2 });
    const { siteId } = await insertMonitoredSite(t.db, other.spaceId);
    const url = `/api/sites/${siteId}/automatic_report_settings`;
    const first = await call(t, other.manager.cookie, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      '@type': 'SiteAutomaticReportSettings',
      site_ulid: siteId,
      uses_pco_settings: true,
      settings: { frequency: 'weekly', weekday: 2 },
      pco_settings: { frequency: 'weekly', weekday: 2 },
    });
    const own = await call(t, other.manager.cookie, 'PUT', url, {
      uses_pco_settings: false,
      settings: { ...MONTHLY, frequency: 'quarterly', delivery: 'send_automatically' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      uses_pco_settings: false,
      settings: { frequency: 'quarterly', delivery: 'send_automatically' },
      pco_settings: { frequency: 'weekly' },
    });
    const missing = await call(t, other.manager.cookie, 'PUT', url, { uses_pco_settings: false });
    expect(missing.statusCode).toBe(422);
    const back = await call(t, other.owner.cookie, 'PUT', url, { uses_pco_settings: true });
    expect(back.json()).toMatchObject({ uses_pco_settings: true, settings: { frequency: 'weekly' } });

    // another PCO's site: 404 on both methods
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(
        t,
        team.owner.cookie,
        method,
        url,
        method === 'PUT' ? { uses_pco_settings: true } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'site_not_found' });
    }
  });
});

describe('the monthly report', () => {
  it('shows every station, the alerts with their response time, the visits, activity per day and advice — once', async () => {
    await setSchedule(t.db, team.spaceId, MONTHLY);
    const site = await insertMonitoredSite(t.db, team.spaceId, { siteName: 'Résidence des Pins' });
    const [igs1, igs2, igs3] = site.stations;
    if (!igs1 || !igs2 || !igs3) throw new Error('stations');
    await insertReadings(t.db, igs1.id, [
      { measuredAt: day('2026-10-10T09:00:00Z'), termiteActivity: 35 },
      { measuredAt: day('2026-10-10T15:00:00Z'), termiteActivity: 52 },
      { measuredAt: day('2026-10-11T09:00:00Z'), termiteActivity: 48 },
      { measuredAt: day('2026-10-12T09:00:00Z'), termiteActivity: 31 },
      // 31 October 23:30 in Paris is still October; 1 November 00:30 is not
      { measuredAt: day('2026-10-31T22:30:00Z'), termiteActivity: 10 },
      { measuredAt: day('2026-10-31T23:30:00Z'), termiteActivity: 90 },
    ]);
    await insertReadings(t.db, igs2.id, [{ measuredAt: day('2026-10-20T09:00:00Z'), termiteActivity: 4 }]);
    await setDevice(t.db, igs3.id, { batteryLevel: 'Low', batteryPercent: 8 });
    await setDevice(t.db, site.gateway.id, { lastUpdateAt: day('2026-11-01T06:00:00Z'), signalLevel: -97 });
    await insertAlert(t.db, team.spaceId, site.siteId, {
      equipmentId: igs1.id,
      type: 'TYPE_TERMITE_ALERT',
      openedAt: day('2026-10-10T15:00:00Z'),
      closedAt: day('2026-10-13T08:00:00Z'),
      closeReason: 'cleared',
    });
    await insertAlert(t.db, team.spaceId, site.siteId, {
      equipmentId: null,
      type: 'TYPE_COLONY_DETECTED',
      openedAt: day('2026-10-11T09:00:00Z'),
      closedAt: day('2026-10-11T12:30:00Z'),
      closeReason: 'acknowledged',
    });
    await insertCheckedInVisit(t.db, team.spaceId, site.siteId, day('2026-10-12T07:00:00Z'));

    const job = builder();
    expect(await job.runPeriodic(day('2026-11-01T06:59:00Z'), { spaceId: team.spaceId })).toMatchObject({ built: 0 });
    expect(await job.runPeriodic(NOV_1, { spaceId: team.spaceId })).toEqual({ built: 1, quiet: 0, sent: 0 });
    // a retry, then a run an hour later: nothing more
    expect(await job.runPeriodic(NOV_1, { spaceId: team.spaceId })).toMatchObject({ built: 0 });
    expect(await job.runPeriodic(new Date(NOV_1.getTime() + 3_600_000), { spaceId: team.spaceId })).toMatchObject({
      built: 0,
    });

    const [report, ...others] = await automaticReportsOf(t.db, site.siteId);
    expect(others).toHaveLength(0);
    expect(report).toMatchObject({
      status: 'to_process',
      automaticKind: 'periodic',
      periodStart: day('2026-09-30T22:00:00Z'),
      periodEnd: day('2026-10-31T23:00:00Z'),
      language: 'fr',
    });
    const data = report?.automaticData as AutomaticReportData;
    expect(data.days).toHaveLength(31);
    expect(data.stations.map((s) => [s.reference, s.kind])).toEqual([
      ['GW-01', 'gateway'],
      ['IGS-01', 'igs'],
      ['IGS-02', 'igs'],
      ['IGS-03', 'igs'],
    ]);
    expect(data.stations[0]).toMatchObject({ signal_dbm: -97, last_uplink: '2026-11-01T06:00:00.000Z' });
    expect(data.stations[3]).toMatchObject({ battery_level: 'Low', battery_percent: 8 });
    // the termite alert answered by the check-in 40 h later; the colony by its acknowledgement 3 h 30 later
    expect(data.alerts.map((a) => [a.type, a.reference, a.response_minutes])).toEqual([
      ['TYPE_TERMITE_ALERT', 'IGS-01', 40 * 60],
      ['TYPE_COLONY_DETECTED', null, 210],
    ]);
    expect(data.visits).toEqual([
      {
        type: 'TYPE_CONTROL_VISIT',
        started_at: '2026-10-12T07:00:00.000Z',
        ended_at: '2026-10-12T08:00:00.000Z',
        technician: 'Hugo Martin',
      },
    ]);
    const igs1Series = data.activity.find((s) => s.reference === 'IGS-01')?.values ?? [];
    expect(igs1Series.slice(9, 12)).toEqual([52, 48, 31]);
    expect(igs1Series[30]).toBe(10);
    expect(igs1Series.filter((v) => v !== null)).toHaveLength(4);
    expect(data.advice).toEqual([
      { code: 'station_active', params: { reference: 'IGS-01', days: 3 } },
      { code: 'battery_low', params: { count: 1, references: 'IGS-03' } },
    ]);
    expect(data.quiet).toBe(false);

    // the lists show it with its type and kind, among the reports to process
    const list = await call(
      t,
      team.manager.cookie,
      'GET',
      `/api/reports?status=to_process&site.ulid=${site.siteId}&type=TYPE_AUTOMATIC_REPORT`,
    );
    expect(list.json()['hydra:member']).toEqual([
      expect.objectContaining({
        type: 'TYPE_AUTOMATIC_REPORT',
        automatic_kind: 'periodic',
        intervention_ulid: null,
        visit_started_at: '2026-10-01T00:00:00+02:00',
        visit_ended_at: '2026-10-31T23:59:59+01:00',
      }),
    ]);
    const detail = await call(t, team.manager.cookie, 'GET', `/api/reports/${report?.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      type: 'TYPE_AUTOMATIC_REPORT',
      automatic_kind: 'periodic',
      status: 'to_process',
    });
  });

  it('two runs at once build one report per site and period', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, MONTHLY);
    const sites = [await insertMonitoredSite(t.db, other.spaceId), await insertMonitoredSite(t.db, other.spaceId)];
    const [a, b] = await Promise.all([
      builder().runPeriodic(NOV_1, { spaceId: other.spaceId }),
      builder().runPeriodic(NOV_1, { spaceId: other.spaceId }),
    ]);
    expect((a?.built ?? 0) + (b?.built ?? 0)).toBe(2);
    for (const site of sites) expect(await automaticReportsOf(t.db, site.siteId)).toHaveLength(1);
  });

  it('a quiet period: an "all clear" report, or none when all clear is off', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, { ...MONTHLY, all_clear: false });
    const site = await insertMonitoredSite(t.db, other.spaceId);
    await setDevice(t.db, site.gateway.id, { lastUpdateAt: day('2026-10-31T20:00:00Z') });
    expect(await builder().runPeriodic(NOV_1, { spaceId: other.spaceId })).toEqual({ built: 0, quiet: 1, sent: 0 });
    expect(await automaticReportsOf(t.db, site.siteId)).toHaveLength(0);

    await setSchedule(t.db, other.spaceId, { ...MONTHLY, all_clear: true });
    expect(await builder().runPeriodic(NOV_1, { spaceId: other.spaceId })).toEqual({ built: 1, quiet: 0, sent: 0 });
    const [report] = await automaticReportsOf(t.db, site.siteId);
    expect((report?.automaticData as AutomaticReportData | undefined)?.advice).toEqual([
      { code: 'all_clear', params: {} },
    ]);
  });

  it('"send automatically": sent at once (PDF frozen) to the primary contact and the extra recipients', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, {
      ...MONTHLY,
      delivery: 'send_automatically',
      recipients: ['syndic@customer.example'],
    });
    const site = await insertMonitoredSite(t.db, other.spaceId, { contactEmail: 'anne@customer.example' });
    expect(await builder().runPeriodic(NOV_1, { spaceId: other.spaceId })).toEqual({ built: 1, quiet: 0, sent: 1 });
    const [report] = await automaticReportsOf(t.db, site.siteId);
    expect(report).toMatchObject({ status: 'sent' });
    expect(report?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    for (const to of ['anne@customer.example', 'syndic@customer.example']) {
      const mail = await t.mailbox.waitFor(to, { template: 'visit_report' });
      expect(mail.parsed.attachments?.[0]?.contentType).toBe('application/pdf');
    }
  });

  it('a site’s own schedule overrides the PCO’s; its days and hours are in the space’s zone (Asia/Tokyo)', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setOwnerPreferences(t.db, other.owner.accountId, 'Asia/Tokyo', 'ja');
    await setSchedule(t.db, other.spaceId, { frequency: 'off' });
    const site = await insertMonitoredSite(t.db, other.spaceId);
    const quiet = await insertMonitoredSite(t.db, other.spaceId);
    const put = await call(t, other.owner.cookie, 'PUT', `/api/sites/${site.siteId}/automatic_report_settings`, {
      uses_pco_settings: false,
      settings: { ...MONTHLY, hour: 9 },
    });
    expect(put.statusCode).toBe(200);
    // 1 December 2026 08:50 in Tokyo: not yet; 09:10: November's report, in Japanese
    expect(await builder().runPeriodic(day('2026-11-30T23:50:00Z'), { spaceId: other.spaceId })).toMatchObject({
      built: 0,
    });
    expect(await builder().runPeriodic(day('2026-12-01T00:10:00Z'), { spaceId: other.spaceId })).toMatchObject({
      built: 1,
    });
    const [report] = await automaticReportsOf(t.db, site.siteId);
    expect(report).toMatchObject({
      language: 'ja',
      periodStart: day('2026-10-31T15:00:00Z'),
      periodEnd: day('2026-11-30T15:00:00Z'),
    });
    expect(await automaticReportsOf(t.db, quiet.siteId)).toHaveLength(0);
  });
});

describe('event reports', () => {
  it('a new termite or colony alert makes an alert report at once, at most one per site per 24 h', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, { ...MONTHLY, frequency: 'weekly' });
    const engine = createAlertEngine({ db: t.db, mail: deps.mail, events: deps.events, appUrl: deps.config.appUrl });
    const site = await insertMonitoredSite(t.db, other.spaceId);
    const [igs1, igs2, igs3] = site.stations;
    if (!igs1 || !igs2 || !igs3) throw new Error('stations');
    const now = new Date();
    const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

    await insertReadings(t.db, igs1.id, [{ measuredAt: hours(-2), termiteActivity: 45 }]);
    expect((await engine.evaluate({ spaceId: other.spaceId, equipmentIds: [igs1.id], at: hours(-1) })).opened).toBe(1);
    let reportsOfSite = await automaticReportsOf(t.db, site.siteId);
    expect(reportsOfSite).toHaveLength(1);
    expect(reportsOfSite[0]).toMatchObject({ automaticKind: 'alert', status: 'to_process' });
    const data = reportsOfSite[0]?.automaticData as AutomaticReportData;
    expect(data.advice[0]).toEqual({ code: 'station_active', params: { reference: 'IGS-01', days: 1 } });

    // a second station 10 h later opens a termite alert and the colony: no second report within 24 h
    await insertReadings(t.db, igs2.id, [{ measuredAt: hours(8), termiteActivity: 60 }]);
    expect((await engine.evaluate({ spaceId: other.spaceId, equipmentIds: [igs2.id], at: hours(9) })).opened).toBe(2);
    expect(await automaticReportsOf(t.db, site.siteId)).toHaveLength(1);

    // 25 h after the first: a new alert makes a new report
    await insertReadings(t.db, igs3.id, [{ measuredAt: hours(23), termiteActivity: 70 }]);
    expect((await engine.evaluate({ spaceId: other.spaceId, equipmentIds: [igs3.id], at: hours(24) })).opened).toBe(1);
    reportsOfSite = await automaticReportsOf(t.db, site.siteId);
    expect(reportsOfSite.map((r) => r.automaticKind)).toEqual(['alert', 'alert']);

    // a site whose automatic reports are off gets none
    await setSchedule(t.db, other.spaceId, { ...MONTHLY, frequency: 'off' });
    const off = await insertMonitoredSite(t.db, other.spaceId);
    const station = off.stations[0];
    if (!station) throw new Error('station');
    await insertReadings(t.db, station.id, [{ measuredAt: hours(-2), termiteActivity: 45 }]);
    expect((await engine.evaluate({ spaceId: other.spaceId, equipmentIds: [station.id], at: hours(-1) })).opened).toBe(
      1,
    );
    expect(await automaticReportsOf(t.db, off.siteId)).toHaveLength(0);
  });

  it('a gateway silent for more than 24 h makes one equipment notice for the PCO, to process', async () => {
    const other = await createPcoTeam(t.app, t.db);
    await setSchedule(t.db, other.spaceId, { ...MONTHLY, delivery: 'send_automatically' });
    const now = new Date('2026-11-20T10:00:00Z');
    const silent = await insertMonitoredSite(t.db, other.spaceId);
    const talking = await insertMonitoredSite(t.db, other.spaceId);
    await setDevice(t.db, silent.gateway.id, { lastUpdateAt: new Date(now.getTime() - 30 * 3_600_000) });
    await setDevice(t.db, talking.gateway.id, { lastUpdateAt: new Date(now.getTime() - 10 * 3_600_000) });

    expect(await builder().gatewayNotices(now, { spaceId: other.spaceId })).toBe(1);
    expect(await builder().gatewayNotices(new Date(now.getTime() + 900_000), { spaceId: other.spaceId })).toBe(0);
    const [notice, ...more] = await automaticReportsOf(t.db, silent.siteId);
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({ automaticKind: 'equipment', status: 'to_process' });
    expect((notice?.automaticData as AutomaticReportData | undefined)?.advice).toContainEqual({
      code: 'gateway_silent',
      params: { reference: 'GW-01', days: 1 },
    });
    expect(await automaticReportsOf(t.db, talking.siteId)).toHaveLength(0);
    const rows = await t.db.query.reports.findMany({ where: (r, { eq }) => eq(r.spaceId, other.spaceId) });
    expect(rows).toHaveLength(1);
  });
});
