/**
 * Shared set-up of the reports API tests (issue 12): the app with the PDF renderer test double, a PCO team, a second
 * PCO (another tenant), and a past visit on a fresh site with stations per test. For tests only.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import type { TestInstallation } from '../../../test/equipment-factories.js';
import { createPcoTeam } from '../../../test/factories.js';
import {
  call,
  hoursFrom,
  insertClientWithContact,
  insertSiteWithStations,
  insertVisit,
  modulesWithTestRenderer,
  type ReportTeam,
  recordVisit,
} from '../../../test/report-factories.js';

export const ctx = {} as { t: TestApp; team: ReportTeam; other: ReportTeam };

/** Builds the app and both teams before the file's tests, closes it after. */
export function setUpReportsApp(): void {
  beforeAll(async () => {
    ctx.t = await buildTestApp({ modules: modulesWithTestRenderer() });
    ctx.team = await createPcoTeam(ctx.t.app, ctx.t.db);
    ctx.other = await createPcoTeam(ctx.t.app, ctx.t.db);
  });
  afterAll(() => ctx.t.close());
}

let sequence = 0;

/** A visit that ended an hour ago (or at `end`), on a fresh site of a fresh client; nothing recorded yet. */
export async function pastVisit(
  options: {
    team?: ReportTeam;
    type?: string;
    status?: string;
    stationCount?: number;
    end?: Date;
    clientName?: string;
    siteName?: string;
  } = {},
): Promise<{ visitId: string; site: TestInstallation; clientId: string; end: Date; contactEmail: string }> {
  const team = options.team ?? ctx.team;
  sequence += 1;
  const contactEmail = `client${sequence}.${Date.now()}@customer.example`;
  const clientId = await insertClientWithContact(
    ctx.t.db,
    team.spaceId,
    options.clientName ?? `Client ${sequence}`,
    contactEmail,
  );
  const site = await insertSiteWithStations(ctx.t.db, team.spaceId, {
    clientId,
    status: options.status,
    stationCount: options.stationCount,
    siteName: options.siteName ?? `Site ${sequence}`,
  });
  // whole seconds, as the API writes them
  const end = new Date(Math.floor((options.end ?? hoursFrom(new Date(), -1)).getTime() / 1000) * 1000);
  const visitId = await insertVisit(ctx.t.db, team.spaceId, site.siteId, {
    type: options.type,
    startAt: hoursFrom(end, -2),
    endAt: end,
    intervenerIds: [team.technician.membershipId],
  });
  return { visitId, site, clientId, end, contactEmail };
}

/** A past visit recorded by the team's owner: its report (the answer's body) and the visit's records. */
export async function recordedReport(options: Parameters<typeof pastVisit>[0] = {}) {
  const visit = await pastVisit(options);
  const team = options.team ?? ctx.team;
  const response = await recordVisit(ctx.t, team.owner.cookie, visit.visitId);
  if (response.statusCode !== 201) throw new Error(`record the visit: ${response.statusCode} ${response.body}`);
  return { ...visit, report: response.json() as import('@isoptera/contracts').Report };
}

/** `call` as the team's owner. */
export const asOwner = (method: Parameters<typeof call>[2], url: string, payload?: unknown) =>
  call(ctx.t, ctx.team.owner.cookie, method, url, payload);
