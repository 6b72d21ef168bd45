/**
 * Issue 12 "Products used: applicator with a snapshot of their licence number": a member's applicator licence number
 * through the users API — read on the member and the list, written by `PUT {users}/{ulid}` (null, empty or left out
 * clears it; at most 50 characters: 422 `licence_number_invalid`) and its merge-patch twin (other fields kept) — and
 * copied onto the report of a visit they took part in.
 */
import type { Report, SpaceUser, SpaceUserCollection } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, type TestMember } from '../../../test/factories.js';
import {
  hoursFrom,
  insertSiteWithStations,
  insertVisit,
  modulesWithTestRenderer,
  type ReportTeam,
  recordVisit,
} from '../../../test/report-factories.js';
import { membershipRow } from '../../../test/users-factories.js';

let t: TestApp;
let team: ReportTeam;
let other: ReportTeam;

beforeAll(async () => {
  t = await buildTestApp({ modules: modulesWithTestRenderer() });
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

const url = (member: Pick<TestMember, 'membershipId'>) => `/api/user_pcos/${member.membershipId}`;
const body = (member: TestMember, changes: Record<string, unknown> = {}) => ({
  firstname: 'Hugo',
  lastname: 'Lefèvre',
  email: member.email,
  lang: 'fr',
  timezone: 'Europe/Paris',
  ...changes,
});
const put = (member: TestMember, payload: unknown, cookie = team.owner.cookie) =>
  t.app.inject({ method: 'PUT', url: url(member), headers: as(cookie), payload: payload as object });
const patch = (member: TestMember, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: url(member),
    headers: as(team.owner.cookie, { 'content-type': 'application/merge-patch+json' }),
    payload: JSON.stringify(payload),
  });
const get = async (member: TestMember) => {
  const response = await t.app.inject({ method: 'GET', url: url(member), headers: as(team.owner.cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SpaceUser;
};
const technician = () => createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');

describe('the licence number of a member', () => {
  it('is null until set, then read on the member and in the list', async () => {
    const member = await technician();
    expect((await get(member)).licence_number).toBeNull();
    const response = await put(member, body(member, { licence_number: '  CB-2024-1187 ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as SpaceUser).licence_number).toBe('CB-2024-1187');
    expect((await membershipRow(t.db, member.membershipId))?.licenceNumber).toBe('CB-2024-1187');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user_pcos?itemsPerPage=100',
      headers: as(team.owner.cookie),
    });
    const listed = (list.json() as SpaceUserCollection)['hydra:member'].find((u) => u.ulid === member.membershipId);
    expect(listed?.licence_number).toBe('CB-2024-1187');
  });

  it('is cleared by a PUT that sends null, an empty string or leaves it out (a PUT replaces every field)', async () => {
    const member = await technician();
    for (const cleared of [{ licence_number: null }, { licence_number: '   ' }, {}]) {
      await put(member, body(member, { licence_number: 'AP-77' }));
      const response = await put(member, body(member, cleared));
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as SpaceUser).licence_number).toBeNull();
    }
  });

  it('changes alone through a merge patch, other fields untouched', async () => {
    const member = await technician();
    await put(member, body(member, { firstname: 'Inès' }));
    const response = await patch(member, { licence_number: '東京都-第1234号' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstname: 'Inès', licence_number: '東京都-第1234号' });
    const cleared = await patch(member, { licence_number: null });
    expect(cleared.json()).toMatchObject({ firstname: 'Inès', licence_number: null });
  });

  it('refuses more than 50 characters (422 licence_number_invalid) and keeps the stored one', async () => {
    const member = await technician();
    await put(member, body(member, { licence_number: 'OK-1' }));
    for (const value of ['x'.repeat(51), 42]) {
      const response = await put(member, body(member, { licence_number: value }));
      expect(response.statusCode).toBe(422);
      expect(response.json().violations).toEqual([
        expect.objectContaining({ propertyPath: 'licence_number', code: 'licence_number_invalid' }),
      ]);
    }
    expect((await put(member, body(member, { licence_number: 'x'.repeat(50) }))).statusCode).toBe(200);
  });

  it("is not writable across spaces: another PCO's member answers 404", async () => {
    const response = await put(other.technician, body(other.technician, { licence_number: 'NOPE' }));
    expect(response.statusCode).toBe(404);
    expect((await membershipRow(t.db, other.technician.membershipId))?.licenceNumber).toBeNull();
  });

  it('is copied onto the report of a visit the member took part in', async () => {
    expect((await put(team.technician, body(team.technician, { licence_number: 'CB-2025-0042' }))).statusCode).toBe(
      200,
    );
    const site = await insertSiteWithStations(t.db, team.spaceId, { stationCount: 1 });
    const end = hoursFrom(new Date(), -1);
    const visitId = await insertVisit(t.db, team.spaceId, site.siteId, {
      startAt: hoursFrom(end, -1),
      endAt: end,
      intervenerIds: [team.technician.membershipId],
    });
    const recorded = await recordVisit(t, team.manager.cookie, visitId);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const report = recorded.json() as Report;
    expect(report.interveners.map((person) => person.licence_number)).toEqual(['CB-2025-0042']);
  });
});
