/**
 * Issue 12 "Screens" (intervention panel and planning: a past visit shows whether it has a report): the `report` of
 * `GET /api/interventions` and `GET /api/interventions/{id}` — null until the visit is recorded, then the report's
 * ULID and status, following its moves; never another space's report.
 */
import type { Intervention, InterventionCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createPcoTeam } from '../../../test/factories.js';
import {
  call,
  hoursFrom,
  insertSiteWithStations,
  insertVisit,
  modulesWithTestRenderer,
  type ReportTeam,
  recordVisit,
} from '../../../test/report-factories.js';

let t: TestApp;
let team: ReportTeam;
let other: ReportTeam;

beforeAll(async () => {
  t = await buildTestApp({ modules: modulesWithTestRenderer() });
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

/** A visit of `owner`'s team that ended an hour ago on a fresh site; its id and the site's. */
async function pastVisit(owner: ReportTeam = team) {
  const site = await insertSiteWithStations(t.db, owner.spaceId, { stationCount: 2 });
  const end = hoursFrom(new Date(), -1);
  const visitId = await insertVisit(t.db, owner.spaceId, site.siteId, {
    startAt: hoursFrom(end, -1),
    endAt: end,
    intervenerIds: [owner.technician.membershipId],
  });
  return { visitId, siteId: site.siteId };
}

const listOfSite = async (cookie: string, siteId: string) => {
  const response = await call(t, cookie, 'GET', `/api/interventions?site.ulid=${siteId}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as InterventionCollection)['hydra:member'];
};
const detail = async (cookie: string, visitId: string) => {
  const response = await call(t, cookie, 'GET', `/api/interventions/${visitId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Intervention;
};

describe('the report mark of a visit', () => {
  it('is null until the visit is recorded, in the list and the detail', async () => {
    const { visitId, siteId } = await pastVisit();
    expect((await listOfSite(team.manager.cookie, siteId)).map((v) => v.report)).toEqual([null]);
    expect((await detail(team.manager.cookie, visitId)).report).toBeNull();
  });

  it('carries the report (IRI, ULID, status) once recorded, and follows its moves', async () => {
    const { visitId, siteId } = await pastVisit();
    const recorded = await recordVisit(t, team.owner.cookie, visitId);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const reportUlid = (recorded.json() as { ulid: string }).ulid;
    const mark = { '@id': `/api/reports/${reportUlid}`, '@type': 'Report', ulid: reportUlid, status: 'to_process' };
    expect((await listOfSite(team.manager.cookie, siteId)).map((v) => v.report)).toEqual([mark]);
    expect((await detail(team.owner.cookie, visitId)).report).toEqual(mark);

    const discarded = await call(t, team.owner.cookie, 'POST', `/api/reports/${reportUlid}/discard`, {
      reason: 'Visite en double',
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect((await detail(team.manager.cookie, visitId)).report).toEqual({ ...mark, status: 'discarded' });
    expect((await listOfSite(team.manager.cookie, siteId))[0]?.report?.status).toBe('discarded');
  });

  it('keeps one row per visit in a page that mixes recorded and unrecorded visits', async () => {
    const first = await pastVisit();
    const site = first.siteId;
    const end = hoursFrom(new Date(), -3);
    const second = await insertVisit(t.db, team.spaceId, site, {
      startAt: hoursFrom(end, -1),
      endAt: end,
      intervenerIds: [team.technician.membershipId],
    });
    expect((await recordVisit(t, team.owner.cookie, first.visitId)).statusCode).toBe(201);
    const visits = await listOfSite(team.owner.cookie, site);
    expect(visits.map((v) => [v.ulid, v.report?.status ?? null])).toEqual([
      [second, null],
      [first.visitId, 'to_process'],
    ]);
  });

  it("never shows another space's visit or report", async () => {
    const foreign = await pastVisit(other);
    expect((await recordVisit(t, other.owner.cookie, foreign.visitId)).statusCode).toBe(201);
    expect((await call(t, team.owner.cookie, 'GET', `/api/interventions/${foreign.visitId}`)).statusCode).toBe(404);
    expect(await listOfSite(team.owner.cookie, foreign.siteId)).toEqual([]);
    expect((await detail(other.owner.cookie, foreign.visitId)).report?.status).toBe('to_process');
  });
});
