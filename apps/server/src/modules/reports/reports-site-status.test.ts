/**
 * Issue 12 "Site status follows the work done" (docs/decisions/010, completing 004): creating the report of a
 * completed visit moves the site — commissioning to operation, closing to closed, a control visit that found no
 * activity on a site to check back to operation, a pre-visit to install — and a control visit's edits keep that true.
 */
import type { SiteStatus } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { siteStatus } from '../interventions/interventions.fixtures.js';
import { asOwner, ctx, recordedReport, setUpReportsApp } from './reports.test-support.js';

setUpReportsApp();

const cases: [string, SiteStatus, SiteStatus][] = [
  ['TYPE_PRE_VISIT', 'STATUS_TO_ESTIMATE', 'STATUS_TO_INSTALL'],
  ['TYPE_PRE_VISIT', 'STATUS_PLANNED_ESTIMATE_VISIT', 'STATUS_TO_INSTALL'],
  ['TYPE_PRE_VISIT', 'STATUS_IN_OPERATION', 'STATUS_IN_OPERATION'],
  ['TYPE_COMMISSIONING', 'STATUS_TO_INSTALL', 'STATUS_IN_OPERATION'],
  ['TYPE_COMMISSIONING', 'STATUS_PLANNED_INSTALL', 'STATUS_IN_OPERATION'],
  ['TYPE_CONTROL_VISIT', 'STATUS_TO_CHECK', 'STATUS_IN_OPERATION'],
  ['TYPE_CONTROL_VISIT', 'STATUS_PLANNED_INSPECTION_VISIT', 'STATUS_IN_OPERATION'],
  ['TYPE_CONTROL_VISIT', 'STATUS_TO_CLOSE', 'STATUS_TO_CLOSE'],
  ['TYPE_CLOSING_SITE', 'STATUS_PLANNED_CLOSING', 'STATUS_CLOSED'],
  ['TYPE_CLOSING_SITE', 'STATUS_IN_OPERATION', 'STATUS_CLOSED'],
];

describe('site status on completion', () => {
  it.each(cases)('the report of a completed %s moves a site %s to %s', async (type, from, to) => {
    const { site } = await recordedReport({ type, status: from, stationCount: 1 });
    expect(await siteStatus(ctx.t.db, site.siteId)).toBe(to);
  });

  it('a control visit’s edits follow its checks: activity puts the site back to check, none to operation again', async () => {
    const { site, report } = await recordedReport({ type: 'TYPE_CONTROL_VISIT', status: 'STATUS_TO_CHECK' });
    expect(await siteStatus(ctx.t.db, site.siteId)).toBe('STATUS_IN_OPERATION');
    const checks = (result: string) =>
      report.station_checks.map((check, i) => ({
        equipment: check.equipment,
        result: i === 1 ? result : 'no_activity',
        action: 'inspected',
      }));
    const url = `/api/reports/${report.ulid}`;
    expect((await asOwner('PATCH', url, { station_checks: checks('activity') })).statusCode).toBe(200);
    expect(await siteStatus(ctx.t.db, site.siteId)).toBe('STATUS_TO_CHECK');
    // an edit that changes no check keeps it where it is
    await asOwner('PATCH', url, { summary: 'Activité au poste 2' });
    expect(await siteStatus(ctx.t.db, site.siteId)).toBe('STATUS_TO_CHECK');
    await asOwner('PATCH', url, { station_checks: checks('no_activity') });
    expect(await siteStatus(ctx.t.db, site.siteId)).toBe('STATUS_IN_OPERATION');
  });

  it('a control visit that found activity leaves a site to check as it is, and never touches a site in operation', async () => {
    const inOperation = await recordedReport({ type: 'TYPE_CONTROL_VISIT', status: 'STATUS_IN_OPERATION' });
    const activity = inOperation.report.station_checks.map((check) => ({
      equipment: check.equipment,
      result: 'activity',
      action: 'baited',
    }));
    await asOwner('PATCH', `/api/reports/${inOperation.report.ulid}`, { station_checks: activity });
    expect(await siteStatus(ctx.t.db, inOperation.site.siteId)).toBe('STATUS_IN_OPERATION');
    // other types never change on edit
    const closing = await recordedReport({ type: 'TYPE_CLOSING_SITE', status: 'STATUS_TO_CLOSE' });
    await asOwner('PATCH', `/api/reports/${closing.report.ulid}`, {
      station_checks: closing.report.station_checks.map((c) => ({ ...c, result: 'activity' })),
    });
    expect(await siteStatus(ctx.t.db, closing.site.siteId)).toBe('STATUS_CLOSED');
  });
});
