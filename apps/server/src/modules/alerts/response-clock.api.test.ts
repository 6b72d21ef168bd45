/**
 * Issue 15 "Alert → visit on a response clock" through the API, on both drivers: a new colony alert proposes a
 * control visit to the site's referent in their first free slot; Home's running clocks; accepting the proposal plans
 * the visit linked to the alert; dismissing it needs a reason; the technician API's check-in or an acknowledgement
 * stops the clock and the site log shows the response time; the owner is mailed once when a target is missed; the
 * targets are the owner's to set (422 on bad values); owners and managers only, 404 for another space's alert.
 */
import type {
  AlertClockCollection,
  AlertLogEntry,
  HydraCollection,
  ResponseTargetsResource,
  VisitProposal,
} from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertsTestApp,
  alertsOf,
  buildAlertsTestApp,
  hoursAgo,
  setSiteReferent,
} from '../../../test/alerts-support.js';
import { createInstallation, insertReadings } from '../../../test/equipment-factories.js';
import { as, createMember, createPcoTeam, createSpace, login, TEST_PASSWORD } from '../../../test/factories.js';
import { insertVisit } from '../../../test/report-factories.js';
import { call } from '../../../test/users-factories.js';
import { alerts, alertVisitProposals } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import { notifyOverdueAlerts } from './overdue-job.js';
import { firstFreeSlot, proposeVisits } from './visit-proposal.js';

let t: AlertsTestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let other: Awaited<ReturnType<typeof createPcoTeam>>;
let fieldToken: string;
let keyN = 0;

beforeAll(async () => {
  t = await buildAlertsTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/field/v1/auth/login',
    payload: { email: team.technician.email, password: TEST_PASSWORD, device_name: 'Pixel 8' },
  });
  fieldToken = response.json().access_token;
}, 60_000);
afterAll(() => t.close());

const H = 3_600_000;
const at = (iso: string) => new Date(iso);

/** A site of the team with `stations` stations and the technician as referent. */
async function site(stations = 2, spaceId = team.spaceId, referent = team.technician.membershipId) {
  const installation = await createInstallation(t.db, spaceId, { stationCount: stations });
  await setSiteReferent(t, installation.siteId, referent);
  return installation;
}

/** Raises a colony on `installation` through the rules (two stations in termite alert). */
async function raiseColony(installation: Awaited<ReturnType<typeof site>>, spaceId = team.spaceId) {
  const ids = installation.stations.map((s) => s.id);
  for (const id of ids) await insertReadings(t.db, id, [{ measuredAt: hoursAgo(1), termiteActivity: 90 }]);
  await t.engine.evaluate({ spaceId, equipmentIds: ids });
  const colony = (await alertsOf(t, installation.siteId)).find((a) => a.type === 'TYPE_COLONY_DETECTED');
  if (!colony) throw new Error('no colony');
  return colony;
}

/** Checks in through the technician API on a visit of the technician on `siteId` at `when` (default now). */
async function checkIn(siteId: string, when = new Date()) {
  const visit = await insertVisit(t.db, team.spaceId, siteId, {
    startAt: new Date(when.getTime() - H),
    endAt: new Date(when.getTime() + H),
    intervenerIds: [team.technician.membershipId],
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/field/v1/interventions/${visit}/check-in`,
    headers: { authorization: `Bearer ${fieldToken}`, 'idempotency-key': `api-clock-${++keyN}` },
    payload: { at: new Date(Math.floor(when.getTime() / 1000) * 1000).toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function clocks(cookie = team.manager.cookie) {
  const response = await call(t.app, cookie, 'GET', '/api/alert_clocks');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertClockCollection>();
}

async function logEntry(siteId: string, alertId: string) {
  const response = await call(t.app, team.owner.cookie, 'GET', `/api/sites/${siteId}/logs`);
  return response.json<HydraCollection<AlertLogEntry>>()['hydra:member'].find((e) => e.ulid === alertId);
}

describe('the clock through the API', () => {
  it('starts at the opening, shows on Home with a proposal, and stops at the check-in on the site', async () => {
    const installation = await site();
    const elsewhere = await site(1);
    const colony = await raiseColony(installation);

    let home = await clocks();
    const item = home['hydra:member'].find((c) => c.ulid === colony.id);
    expect(item).toMatchObject({ type: 'TYPE_COLONY_DETECTED', target_hours: 72, level: 'ok' });
    expect(item?.seconds_left).toBeGreaterThan(71 * 3600);
    expect(item?.proposal).toMatchObject({
      status: 'proposed',
      type: 'TYPE_CONTROL_VISIT',
      site: { ulid: installation.siteId },
      referent: { ulid: team.technician.membershipId },
    });
    // one proposal per site: the termite alerts of the two stations propose nothing more
    const proposals = await t.db
      .select()
      .from(alertVisitProposals)
      .where(eq(alertVisitProposals.siteId, installation.siteId));
    expect(proposals.map((p) => p.alertId)).toEqual([colony.id]);
    expect((await logEntry(installation.siteId, colony.id))?.response).toMatchObject({
      state: 'running',
      responded_at: null,
      response_seconds: null,
    });

    await checkIn(elsewhere.siteId); // another site does not stop it
    expect((await clocks())['hydra:member'].some((c) => c.ulid === colony.id)).toBe(true);

    // opened two hours ago, checked in now
    await t.db
      .update(alerts)
      .set({ openedAt: hoursAgo(2) })
      .where(eq(alerts.id, colony.id));
    await checkIn(installation.siteId);
    home = await clocks();
    expect(home['hydra:member'].some((c) => c.ulid === colony.id)).toBe(false);
    const entry = await logEntry(installation.siteId, colony.id);
    expect(entry?.response.state).toBe('responded');
    expect(entry?.response.response_seconds).toBeGreaterThanOrEqual(7200 - 5);
    expect(entry?.response.response_seconds).toBeLessThan(7200 + 60);
    expect(entry?.response.missed).toBe(false);
  });

  it('is not stopped by a check-in before the opening, and is stopped by the acknowledgement', async () => {
    const installation = await site();
    await checkIn(installation.siteId, new Date(Date.now() - 3 * H)); // before the alert
    const colony = await raiseColony(installation);
    expect((await clocks())['hydra:member'].some((c) => c.ulid === colony.id)).toBe(true);

    const ack = await call(t.app, team.owner.cookie, 'POST', `/api/alerts/${colony.id}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json<AlertLogEntry>().response).toMatchObject({ state: 'responded', missed: false });
    expect((await clocks())['hydra:member'].some((c) => c.ulid === colony.id)).toBe(false);
  });
});

describe('the owner is mailed once when a target is missed', () => {
  it('mails each overdue alert exactly once, even with two runs at once, and nothing before the due time', async () => {
    const space = await createPcoTeam(t.app, t.db);
    const installation = await createInstallation(t.db, space.spaceId, { stationCount: 1, siteName: 'Chai principal' });
    const overdueId = newUlid();
    const notYet = newUlid();
    await t.db.insert(alerts).values([
      {
        id: overdueId,
        spaceId: space.spaceId,
        siteId: installation.siteId,
        type: 'TYPE_COLONY_DETECTED',
        priority: 50,
        openedAt: hoursAgo(73),
        details: {},
      },
      {
        id: notYet,
        spaceId: space.spaceId,
        siteId: installation.siteId,
        equipmentId: installation.stations[0]?.id,
        type: 'TYPE_TERMITE_ALERT',
        priority: 20,
        openedAt: hoursAgo(70),
        details: {},
      },
    ]);
    const deps = { db: t.db, mail: t.deps.mail, appUrl: t.deps.config.appUrl };
    const runs = await Promise.all([notifyOverdueAlerts(deps), notifyOverdueAlerts(deps)]);
    expect(runs.map((r) => r.notified).filter((n) => n > 0)).toHaveLength(1);
    const mail = await t.mailbox.waitFor(space.owner.email, { template: 'response_target_missed' });
    expect(mail.subject).toBe('Délai d’intervention dépassé sur le site Chai principal\u00a0: Colonie détectée');
    expect(mail.text).toContain(`/sites/${installation.siteId}`);
    expect((await notifyOverdueAlerts(deps)).notified).toBe(0);
    // three hours later the termite alert is overdue too: one more mail, about it only
    expect((await notifyOverdueAlerts(deps, new Date(Date.now() + 3 * H))).notified).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const mails = (await t.mailbox.all()).filter((m) => m.template === 'response_target_missed');
    expect(mails.filter((m) => m.to.includes(space.owner.email.toLowerCase()))).toHaveLength(2);
    expect(mails.some((m) => m.to.includes(space.manager.email.toLowerCase()))).toBe(false);
  });
});

describe('the first free slot', () => {
  it('is a working hour of a working day in the zone, skipping the planned visits', () => {
    // Friday 14 June 2030, 16:30 in Paris (CEST): 17:00 is taken, Monday 08:00–09:30 too → Monday 10:00
    const busy = [
      { startAt: at('2030-06-14T15:00:00Z'), endAt: at('2030-06-14T16:00:00Z') },
      { startAt: at('2030-06-17T06:00:00Z'), endAt: at('2030-06-17T07:30:00Z') },
    ];
    expect(firstFreeSlot(busy, at('2030-06-14T14:30:00Z'), 'Europe/Paris')).toEqual({
      startAt: at('2030-06-17T08:00:00Z'),
      endAt: at('2030-06-17T09:00:00Z'),
    });
    // Saturday evening in Tokyo: Monday 08:00 JST
    expect(firstFreeSlot([], at('2030-06-15T12:00:00Z'), 'Asia/Tokyo').startAt).toEqual(at('2030-06-16T23:00:00Z'));
    // 18:00 is no slot start: the next morning
    expect(firstFreeSlot([], at('2030-06-12T16:00:01Z'), 'Europe/Paris').startAt).toEqual(at('2030-06-13T06:00:00Z'));
  });

  it("is proposed to the referent in the space owner's time zone, after their planned visits", async () => {
    const spaceId = await createSpace(t.db, 'pco');
    await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', { timezone: 'Asia/Tokyo' });
    const referent = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
    const installation = await site(1, spaceId, referent.membershipId);
    // Wednesday 12 June 2030 08:00–10:00 JST is planned
    await insertVisit(t.db, spaceId, installation.siteId, {
      startAt: at('2030-06-11T23:00:00Z'),
      endAt: at('2030-06-12T01:00:00Z'),
      intervenerIds: [referent.membershipId],
    });
    const id = newUlid();
    const openedAt = at('2030-06-11T22:10:00Z'); // Wednesday 07:10 JST
    await t.db.insert(alerts).values({
      id,
      spaceId,
      siteId: installation.siteId,
      type: 'TYPE_TERMITE_ALERT',
      equipmentId: installation.stations[0]?.id,
      priority: 20,
      openedAt,
      details: {},
    });
    const alert = {
      id,
      spaceId,
      siteId: installation.siteId,
      equipmentId: null,
      type: 'TYPE_TERMITE_ALERT',
      openedAt,
      details: {},
    };
    expect(await proposeVisits(t.db, [alert], openedAt)).toEqual([id]);
    expect(await proposeVisits(t.db, [alert], openedAt)).toEqual([]); // once
    const [row] = await t.db.select().from(alertVisitProposals).where(eq(alertVisitProposals.alertId, id));
    expect(row).toMatchObject({
      referentId: referent.membershipId,
      startAt: at('2030-06-12T01:00:00Z'), // 10:00 JST
      endAt: at('2030-06-12T02:00:00Z'),
      status: 'proposed',
    });
  });
});

describe('accepting and dismissing the proposal', () => {
  it('plans the visit linked to the alert once; the site must be the alert’s', async () => {
    const installation = await site();
    const colony = await raiseColony(installation);
    const url = `/api/alerts/${colony.id}/visit_proposal`;
    const proposal = (await call(t.app, team.manager.cookie, 'GET', url)).json<VisitProposal>();
    const body = {
      client: proposal.client['@id'],
      site: proposal.site['@id'],
      type: proposal.type,
      interveners: [proposal.referent?.['@id']],
      start_at: proposal.start_at,
      end_at: proposal.end_at,
      description: null,
      send_mail: false,
    };
    const otherSite = await site(1);
    const wrong = await call(t.app, team.manager.cookie, 'POST', `${url}/accept`, {
      ...body,
      site: `/api/sites/${otherSite.siteId}`,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().violations).toEqual([expect.objectContaining({ propertyPath: 'site', code: 'site_invalid' })]);
    const invalid = await call(t.app, team.manager.cookie, 'POST', `${url}/accept`, { ...body, interveners: [] });
    expect(invalid.statusCode).toBe(422);
    expect((await call(t.app, team.manager.cookie, 'GET', url)).json().status).toBe('proposed');

    const accepted = await call(t.app, team.manager.cookie, 'POST', `${url}/accept`, body);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const visit = accepted.json();
    expect(visit).toMatchObject({ type: 'TYPE_CONTROL_VISIT', site: { ulid: installation.siteId } });
    expect(new Date(visit.start_at).getTime()).toBe(new Date(proposal.start_at).getTime());
    const after = (await call(t.app, team.manager.cookie, 'GET', url)).json<VisitProposal>();
    expect(after).toMatchObject({ status: 'accepted', intervention: `/api/interventions/${visit.ulid}` });
    expect((await clocks())['hydra:member'].find((c) => c.ulid === colony.id)?.proposal).toBeNull();
    const again = await call(t.app, team.manager.cookie, 'POST', `${url}/accept`, body);
    expect(again.json()).toMatchObject({ status: 409, error: 'visit_proposal_already_decided' });
  });

  it('dismisses with a reason (a note for "other"), once; the clock keeps running', async () => {
    const installation = await site();
    const colony = await raiseColony(installation);
    const url = `/api/alerts/${colony.id}/visit_proposal/dismiss`;
    const none = await call(t.app, team.owner.cookie, 'POST', url, {});
    expect(none.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'reason', code: 'dismiss_reason_required' }),
    ]);
    const bare = await call(t.app, team.owner.cookie, 'POST', url, { reason: 'other', note: '  ' });
    expect(bare.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'note', code: 'dismiss_note_required' }),
    ]);
    const done = await call(t.app, team.owner.cookie, 'POST', url, { reason: 'other', note: 'Client absent' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<VisitProposal>()).toMatchObject({
      status: 'dismissed',
      dismiss_reason: 'other',
      dismiss_note: 'Client absent',
    });
    expect((await call(t.app, team.owner.cookie, 'POST', url, { reason: 'false_alarm' })).statusCode).toBe(409);
    expect((await clocks())['hydra:member'].find((c) => c.ulid === colony.id)).toMatchObject({ proposal: null });
  });
});

describe('response targets', () => {
  it('answers the defaults, then the owner’s values; refuses bad ones field by field', async () => {
    const url = '/api/alert_response_targets';
    expect((await call(t.app, other.manager.cookie, 'GET', url)).json<ResponseTargetsResource>()).toEqual({
      '@context': '/api/contexts/AlertResponseTargets',
      '@id': url,
      '@type': 'AlertResponseTargets',
      TYPE_TERMITE_ALERT: 72,
      TYPE_COLONY_DETECTED: 72,
      TYPE_COMMUNICATION_ERROR: 168,
      TYPE_COMMUNICATION_WEAK_SIGNAL: 168,
      TYPE_LOW_BATTERY: 336,
    });
    const body = {
      TYPE_TERMITE_ALERT: 48,
      TYPE_COLONY_DETECTED: 24,
      TYPE_COMMUNICATION_ERROR: 168,
      TYPE_COMMUNICATION_WEAK_SIGNAL: 168,
      TYPE_LOW_BATTERY: 336,
    };
    const bad = await call(t.app, other.owner.cookie, 'PUT', url, {
      ...body,
      TYPE_TERMITE_ALERT: 0,
      TYPE_LOW_BATTERY: 9000,
      TYPE_COLONY_DETECTED: 1.5,
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .violations.map((v: { propertyPath: string; code: string }) => `${v.propertyPath}:${v.code}`)
        .sort(),
    ).toEqual([
      'TYPE_COLONY_DETECTED:response_target_invalid',
      'TYPE_LOW_BATTERY:response_target_invalid',
      'TYPE_TERMITE_ALERT:response_target_invalid',
    ]);
    expect((await call(t.app, other.manager.cookie, 'PUT', url, body)).statusCode).toBe(403);
    const saved = await call(t.app, other.owner.cookie, 'PUT', url, body);
    expect(saved.json()).toMatchObject({ TYPE_TERMITE_ALERT: 48, TYPE_COLONY_DETECTED: 24 });
    const patched = await t.app.inject({
      method: 'PATCH',
      url,
      headers: as(other.owner.cookie, { 'content-type': 'application/merge-patch+json' }),
      payload: { TYPE_LOW_BATTERY: 100 },
    });
    expect(patched.json()).toMatchObject({ TYPE_TERMITE_ALERT: 48, TYPE_LOW_BATTERY: 100 });
    // the running clocks follow
    const installation = await site(2, other.spaceId, other.technician.membershipId);
    const colony = await raiseColony(installation, other.spaceId);
    const item = (await clocks(other.owner.cookie))['hydra:member'].find((c) => c.ulid === colony.id);
    expect(item?.target_hours).toBe(24);
  });
});

describe('permissions', () => {
  it('lets owners and managers in, not technicians, dealers or admins; another space’s alert is 404', async () => {
    const installation = await site();
    const colony = await raiseColony(installation);
    const dealerSpace = await createSpace(t.db, 'dealer');
    const dealer = await createMember(t.db, dealerSpace, 'ROLE_DEALER_SPACE_OWNER');
    const adminSpace = await createSpace(t.db, 'admin');
    const admin = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
    const dealerCookie = await login(t, dealer.email);
    const adminCookie = await login(t, admin.email);
    const reads = ['/api/alert_clocks', '/api/alert_response_targets', `/api/alerts/${colony.id}/visit_proposal`];
    for (const url of reads) {
      expect((await call(t.app, team.owner.cookie, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(t.app, team.manager.cookie, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(t.app, team.technician.cookie, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(t.app, dealerCookie, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(t.app, adminCookie, 'GET', url)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    for (const action of ['visit_proposal', 'visit_proposal/dismiss', 'visit_proposal/accept']) {
      const method = action === 'visit_proposal' ? 'GET' : 'POST';
      const response = await call(
        t.app,
        other.owner.cookie,
        method,
        `/api/alerts/${colony.id}/${action}`,
        method === 'GET' ? undefined : { reason: 'false_alarm' },
      );
      expect(response.statusCode, action).toBe(action.endsWith('accept') ? 422 : 404);
    }
    const foreign = await call(t.app, other.owner.cookie, 'POST', `/api/alerts/${colony.id}/visit_proposal/dismiss`, {
      reason: 'false_alarm',
    });
    expect(foreign.json()).toMatchObject({ status: 404, error: 'alert_not_found' });
    expect((await clocks(other.owner.cookie))['hydra:member'].some((c) => c.ulid === colony.id)).toBe(false);
  });
});
