/**
 * The response clock's definition (docs/decisions/019-response-clock.md) on both drivers: it starts at the alert's
 * opening; a check-in by the technician API on the alert's site stops it, one on another site or before the opening
 * does not; an acknowledgement stops it; the target is the space's (or the default) and the median of the fleet health
 * counts responded alerts only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createPcoTeam, TEST_PASSWORD } from '../../../test/factories.js';
import { insertSiteWithStations, insertVisit, modulesWithTestRenderer } from '../../../test/report-factories.js';
import { alertResponseTargets, alerts } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import { medianResponseSeconds, responseClockColumns, responseClockOf } from './response-clock.js';

const BASE = '/api/field/v1';
let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let token: string;
let keyN = 0;

beforeAll(async () => {
  t = await buildTestApp({ modules: modulesWithTestRenderer(), env: { TWO_FACTOR_SPACES: '' } });
  team = await createPcoTeam(t.app, t.db);
  const login = await t.app.inject({
    method: 'POST',
    url: `${BASE}/auth/login`,
    payload: { email: team.technician.email, password: TEST_PASSWORD, device_name: 'Pixel 8' },
  });
  expect(login.statusCode, login.body).toBe(200);
  token = login.json().access_token;
}, 60_000);
afterAll(() => t.close());

/** Whole seconds: the technician API keeps check-in times to the second. */
const base = new Date(Math.floor(Date.now() / 1000) * 1000);
const hours = (h: number, from = base) => new Date(from.getTime() + h * 3_600_000);

async function openAlert(siteId: string, openedAt: Date, type = 'TYPE_COLONY_DETECTED', spaceId = team.spaceId) {
  const id = newUlid();
  await t.db.insert(alerts).values({ id, spaceId, siteId, type, priority: 50, openedAt, details: {} });
  return id;
}

/** Plans a visit of the technician on `siteId` and checks in at `at` through the technician API. */
async function checkIn(siteId: string, at: Date) {
  const visit = await insertVisit(t.db, team.spaceId, siteId, {
    startAt: hours(-1, at),
    endAt: hours(1, at),
    intervenerIds: [team.technician.membershipId],
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `${BASE}/interventions/${visit}/check-in`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `clock-${Date.now()}-${++keyN}` },
    payload: { at: at.toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function clockOf(alertId: string) {
  const [row] = await t.db
    .select({
      openedAt: alerts.openedAt,
      closedAt: alerts.closedAt,
      closeReason: alerts.closeReason,
      ...responseClockColumns(),
    })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  if (!row) throw new Error('no alert');
  return { row, clock: responseClockOf(row, new Date()) };
}

describe('the response clock', () => {
  it('runs from the opening, and is stopped by the first check-in on the site after it, not by others', async () => {
    const { siteId } = await insertSiteWithStations(t.db, team.spaceId, { stationCount: 1 });
    const { siteId: otherSite } = await insertSiteWithStations(t.db, team.spaceId, { stationCount: 1 });
    const openedAt = hours(-10);
    const alertId = await openAlert(siteId, openedAt);
    await checkIn(siteId, hours(-12)); // before the opening
    await checkIn(otherSite, hours(-5)); // another site
    let { row, clock } = await clockOf(alertId);
    expect(clock).toMatchObject({ state: 'running', responseSeconds: null, targetHours: 72, level: 'ok' });
    expect(row.dueAt.toISOString()).toBe(hours(72, openedAt).toISOString());
    expect(clock.secondsLeft).toBeGreaterThan(61 * 3600);

    await checkIn(siteId, hours(-4));
    await checkIn(siteId, hours(-2)); // a later one does not move it
    ({ clock } = await clockOf(alertId));
    expect(clock).toMatchObject({ state: 'responded', responseSeconds: 6 * 3600, level: 'ok', missed: false });
  });

  it('is stopped by the acknowledgement when it comes first, and colours by time left', async () => {
    const { siteId } = await insertSiteWithStations(t.db, team.spaceId, { stationCount: 1 });
    const acknowledged = await openAlert(siteId, hours(-80), 'TYPE_TERMITE_ALERT');
    await t.db
      .update(alerts)
      .set({ closedAt: hours(-75), closeReason: 'acknowledged' })
      .where(eq(alerts.id, acknowledged));
    await checkIn(siteId, hours(-70));
    expect((await clockOf(acknowledged)).clock).toMatchObject({ state: 'responded', responseSeconds: 5 * 3600 });

    const { siteId: quiet } = await insertSiteWithStations(t.db, team.spaceId, { stationCount: 1 });
    expect((await clockOf(await openAlert(quiet, hours(-60)))).clock.level).toBe('warning'); // 12 h of 72 left
    const overdue = (await clockOf(await openAlert(quiet, hours(-73), 'TYPE_TERMITE_ALERT'))).clock;
    expect(overdue).toMatchObject({ state: 'running', level: 'overdue', missed: true });
    const cleared = await openAlert(quiet, hours(-30), 'TYPE_LOW_BATTERY');
    await t.db
      .update(alerts)
      .set({ closedAt: hours(-29), closeReason: 'cleared' })
      .where(eq(alerts.id, cleared));
    expect((await clockOf(cleared)).clock).toMatchObject({ state: 'cleared', responseSeconds: null });
  });

  it("uses the space's target for the type, and the median counts responded alerts", async () => {
    const space = await createPcoTeam(t.app, t.db);
    const { siteId } = await insertSiteWithStations(t.db, space.spaceId, { stationCount: 1 });
    await t.db.insert(alertResponseTargets).values({ spaceId: space.spaceId, alertType: 'TYPE_LOW_BATTERY', hours: 5 });
    const low = await openAlert(siteId, hours(-4), 'TYPE_LOW_BATTERY', space.spaceId);
    expect((await clockOf(low)).clock).toMatchObject({ targetHours: 5, level: 'warning' });
    for (const [opened, ack] of [
      [-50, -48],
      [-40, -36],
      [-30, -20],
    ] as const) {
      const id = await openAlert(siteId, hours(opened), 'TYPE_COMMUNICATION_ERROR', space.spaceId);
      await t.db
        .update(alerts)
        .set({ closedAt: hours(ack), closeReason: 'acknowledged' })
        .where(eq(alerts.id, id));
    }
    const medians = await medianResponseSeconds(t.db, [space.spaceId, team.spaceId], hours(-24 * 30));
    expect(medians.get(space.spaceId)).toBe(4 * 3600);
  });
});
