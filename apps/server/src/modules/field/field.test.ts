/**
 * The technician API (issue 12 "The technician API"; docs/decisions/011-technician-api.md) on both drivers: device
 * login (with and without the two-factor code), refresh rotation and reuse detection, logout, roles, bearer only;
 * agenda and site scope; products' ETag; check-in/out; idempotent replays; stations installed, replaced, removed;
 * photos by content; completion → a report to process with the site-status rule; 409 after; the changes feed.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  as,
  createMember,
  createPcoTeam,
  createSpace,
  setMembershipStatus,
  TEST_PASSWORD,
} from '../../../test/factories.js';
import {
  ageIdempotencyKeys,
  backdateSpace,
  equipmentExists,
  reportExists,
  reportsOfIntervention,
  siteStatusOf,
} from '../../../test/field-factories.js';
import {
  insertClientWithContact,
  insertProduct,
  insertSiteWithStations,
  insertVisit,
  modulesWithTestRenderer,
} from '../../../test/report-factories.js';

const BASE = '/api/field/v1';
let t: TestApp;
let team: Awaited<ReturnType<typeof createPcoTeam>>;
let colleague: Awaited<ReturnType<typeof createMember>>;
let siteId: string;
let stationIds: string[];
let visitId: string;
let colleagueVisitId: string;
let otherSiteId: string;
let token: string;
let keyN = 0;

const key = () => `key-${Date.now()}-${++keyN}`;
const bearer = (access = token) => ({ authorization: `Bearer ${access}` });

async function fieldLogin(email: string, extra: Record<string, unknown> = {}, app = t) {
  return app.app.inject({
    method: 'POST',
    url: `${BASE}/auth/login`,
    payload: { email, password: TEST_PASSWORD, device_name: 'Pixel 8', ...extra },
  });
}

function write(method: 'POST' | 'PUT', url: string, payload: unknown, idem = key(), access = token) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(access), 'idempotency-key': idem },
    payload: payload as object,
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const dayFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({ modules: modulesWithTestRenderer(), env: { TWO_FACTOR_SPACES: '' } });
  team = await createPcoTeam(t.app, t.db);
  colleague = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
  const clientId = await insertClientWithContact(t.db, team.spaceId, 'Syndic Lumière', 'claire@example.fr');
  const installation = await insertSiteWithStations(t.db, team.spaceId, { status: 'STATUS_TO_INSTALL', clientId });
  siteId = installation.siteId;
  stationIds = installation.stations.map((s) => s.id);
  const start = new Date(Date.now() - 3_600_000);
  const end = new Date(Date.now() + 3_600_000);
  visitId = await insertVisit(t.db, team.spaceId, siteId, {
    type: 'TYPE_COMMISSIONING',
    startAt: start,
    endAt: end,
    intervenerIds: [team.technician.membershipId],
  });
  const other = await insertSiteWithStations(t.db, team.spaceId, { siteName: 'Autre site' });
  otherSiteId = other.siteId;
  colleagueVisitId = await insertVisit(t.db, team.spaceId, otherSiteId, {
    startAt: start,
    endAt: end,
    intervenerIds: [colleague.membershipId],
  });
  await insertProduct(t.db, team.spaceId);
  const response = await fieldLogin(team.technician.email);
  expect(response.statusCode, response.body).toBe(200);
  token = response.json().access_token;
}, 60_000);
afterAll(() => t.close());

describe('device login', () => {
  it('answers a bearer access token, a refresh token, the user and the space', async () => {
    const response = await fieldLogin(team.manager.email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, space: { ulid: team.spaceId } });
    expect(body.user.ulid).toBe(team.manager.membershipId);
  });

  it('refuses a wrong password (401 invalid_credentials) and a dealer or admin member (403)', async () => {
    expect((await fieldLogin(team.technician.email, { password: 'wrong-password' })).json().error).toBe(
      'invalid_credentials',
    );
    const dealer = await createMember(t.db, await createSpace(t.db, 'dealer'), 'ROLE_DEALER_SPACE_OWNER');
    const admin = await createMember(t.db, await createSpace(t.db, 'admin'), 'ROLE_ADMIN_SPACE_ADMIN');
    const pcoUser = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_USER');
    for (const member of [dealer, admin, pcoUser]) {
      expect((await fieldLogin(member.email)).statusCode).toBe(403);
    }
  });

  it('rotates the refresh token; a reused one revokes the device', async () => {
    const login = (await fieldLogin(team.technician.email)).json();
    const first = await t.app.inject({
      method: 'POST',
      url: `${BASE}/auth/refresh`,
      payload: { refresh_token: login.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(login.refresh_token);
    const reuse = await t.app.inject({
      method: 'POST',
      url: `${BASE}/auth/refresh`,
      payload: { refresh_token: login.refresh_token },
    });
    expect(reuse.json().error).toBe('invalid_refresh_token');
    // the family is revoked: the rotated token and its access token stop too
    const after = await t.app.inject({
      method: 'POST',
      url: `${BASE}/auth/refresh`,
      payload: { refresh_token: next.refresh_token },
    });
    expect(after.statusCode).toBe(401);
    const agenda = await t.app.inject({
      url: `${BASE}/agenda?from=${today()}&to=${today()}`,
      headers: bearer(next.access_token),
    });
    expect(agenda.statusCode).toBe(401);
  });

  it('a refresh fails once the membership is disabled', async () => {
    const member = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
    const login = (await fieldLogin(member.email)).json();
    await setMembershipStatus(t.db, member.membershipId, 'disabled');
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/auth/refresh`,
      payload: { refresh_token: login.refresh_token },
    });
    expect(response.json().error).toBe('invalid_refresh_token');
    const agenda = await t.app.inject({
      url: `${BASE}/agenda?from=${today()}&to=${today()}`,
      headers: bearer(login.access_token),
    });
    expect(agenda.statusCode).toBe(401);
  });

  it('logout revokes the device at once', async () => {
    const login = (await fieldLogin(team.technician.email)).json();
    const out = await t.app.inject({
      method: 'POST',
      url: `${BASE}/auth/logout`,
      payload: { refresh_token: login.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    const agenda = await t.app.inject({
      url: `${BASE}/agenda?from=${today()}&to=${today()}`,
      headers: bearer(login.access_token),
    });
    expect(agenda.statusCode).toBe(401);
  });

  it('field routes take the bearer only; web routes refuse a field token', async () => {
    const withCookie = await t.app.inject({
      url: `${BASE}/agenda?from=${today()}&to=${today()}`,
      headers: as(team.technician.cookie),
    });
    expect(withCookie.statusCode).toBe(401);
    const web = await t.app.inject({ url: '/api/me', headers: bearer() });
    expect(web.statusCode).toBe(401);
  });

  it('counts failed device logins with the web sign-in’s limiter (429 on both doors)', async () => {
    const member = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
    for (let i = 0; i < 10; i++) {
      expect((await fieldLogin(member.email, { password: 'wrong-password' })).statusCode).toBe(401);
    }
    const blocked = await fieldLogin(member.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const web = await t.app.inject({
      method: 'POST',
      url: '/security/token/request',
      headers: { 'client-type': 'webapp' },
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(web.statusCode).toBe(429);
  });

  it('applies the two-factor rules of the web sign-in', async () => {
    const app2 = await buildTestApp({ env: { TWO_FACTOR_SPACES: 'pco' } });
    try {
      const spaceId = await createSpace(app2.db, 'pco');
      const tech = await createMember(app2.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
      const first = await fieldLogin(tech.email, {}, app2);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ two_factor: true });
      const wrong = await fieldLogin(tech.email, { two_factor_code: '000000' }, app2);
      // one chance in a million that 000000 is the code
      expect([400, 200]).toContain(wrong.statusCode);
      if (wrong.statusCode === 400) expect(wrong.json().error).toBe('auth_code_invalid');
      const mail = await app2.mailbox.waitFor(tech.email, { template: 'two_factor_code' });
      const code = mail.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0] ?? '';
      const ok = await fieldLogin(tech.email, { two_factor_code: code }, app2);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().access_token).toBeTruthy();
    } finally {
      await app2.close();
    }
  }, 60_000);
});

describe('reading', () => {
  it('the agenda shows my interventions only, with site, contact and status', async () => {
    const response = await t.app.inject({
      url: `${BASE}/agenda?from=${dayFromToday(-1)}&to=${dayFromToday(1)}`,
      headers: bearer(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().interventions.map((i: { ulid: string }) => i.ulid);
    expect(ids).toContain(visitId);
    expect(ids).not.toContain(colleagueVisitId);
    const item = response.json().interventions.find((i: { ulid: string }) => i.ulid === visitId);
    expect(item).toMatchObject({
      type: 'TYPE_COMMISSIONING',
      status: 'planned',
      client: { name: 'Syndic Lumière' },
      site: { ulid: siteId, contact: { name: 'Claire Fontaine', phone: '+33 6 12 34 56 78' } },
      interveners: [{ ulid: team.technician.membershipId }],
    });
    const bad = await t.app.inject({ url: `${BASE}/agenda?from=2026-01-01&to=2026-12-31`, headers: bearer() });
    expect(bad.statusCode).toBe(400);
  });

  it('a site of my visits shows its stations; another site or another space answers 404', async () => {
    const mine = await t.app.inject({ url: `${BASE}/sites/${siteId}`, headers: bearer() });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().stations.length).toBeGreaterThanOrEqual(stationIds.length);
    expect((await t.app.inject({ url: `${BASE}/sites/${otherSiteId}`, headers: bearer() })).statusCode).toBe(404);
    const foreign = await insertSiteWithStations(t.db, await createSpace(t.db, 'pco'));
    expect((await t.app.inject({ url: `${BASE}/sites/${foreign.siteId}`, headers: bearer() })).statusCode).toBe(404);
  });

  it('products answer a strong ETag and 304 on If-None-Match', async () => {
    const first = await t.app.inject({ url: `${BASE}/products`, headers: bearer() });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ url: `${BASE}/products`, headers: { ...bearer(), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('visit writes', () => {
  it('requires an idempotency key, checks in, replays the same key, refuses a reused key', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: `${BASE}/interventions/${visitId}/check-in`,
      headers: bearer(),
      payload: {},
    });
    expect(none.json().error).toBe('idempotency_key_required');
    const idem = key();
    const body = { position: { lat: 48.85, lng: 2.35, accuracy: 12 } };
    const first = await write('POST', `${BASE}/interventions/${visitId}/check-in`, body, idem);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('checked_in');
    const replay = await write('POST', `${BASE}/interventions/${visitId}/check-in`, body, idem);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const reused = await write('POST', `${BASE}/interventions/${visitId}/check-in`, { position: null }, idem);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('idempotency_key_reused');
    const rows = await reportsOfIntervention(t.db, visitId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('in_progress');
  });

  it('a colleague’s visit and another space’s answer 404', async () => {
    const response = await write('POST', `${BASE}/interventions/${colleagueVisitId}/check-in`, {});
    expect(response.json().error).toBe('intervention_not_found');
    const otherSpace = await createSpace(t.db, 'pco');
    const foreign = await insertSiteWithStations(t.db, otherSpace);
    const foreignVisit = await insertVisit(t.db, otherSpace, foreign.siteId, {
      startAt: new Date(),
      endAt: new Date(Date.now() + 3_600_000),
      intervenerIds: [(await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_TECHNICIAN')).membershipId],
    });
    const checkIn = await write('POST', `${BASE}/interventions/${foreignVisit}/check-in`, {});
    expect(checkIn.statusCode).toBe(404);
    const check = await write(
      'PUT',
      `${BASE}/interventions/${foreignVisit}/station-checks/${foreign.stations[0]?.id}`,
      {
        result: 'activity',
        action: 'inspected',
      },
    );
    expect(check.statusCode).toBe(404);
    expect(await reportsOfIntervention(t.db, foreignVisit)).toHaveLength(0);
  });

  it('station checks are idempotent PUTs', async () => {
    const url = `${BASE}/interventions/${visitId}/station-checks/${stationIds[0]}`;
    const a = await write('PUT', url, { result: 'no_activity', action: 'baited', bait_consumed: 'third' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await write('PUT', url, { result: 'no_activity', action: 'inspected' });
    expect(b.json().action).toBe('inspected');
    const bad = await write('PUT', url, { result: 'nope', action: 'inspected' });
    expect(bad.statusCode).toBe(422);
  });

  it('installs, replaces and removes stations at once', async () => {
    const serial = `FLD${Date.now()}`;
    const install = {
      qr: `https://isoptera.example/s/${serial}`,
      kind: 'igs',
      reference: 'S-NEW',
      trap_type: 'exterior',
      treatment_type: 'TYPE_PREVENTION',
    };
    const installed = await write('POST', `${BASE}/interventions/${visitId}/stations`, install, 'install-once');
    expect(installed.statusCode, installed.body).toBe(201);
    // replayed: the same answer, no second station (the serial would be taken otherwise)
    const again = await write('POST', `${BASE}/interventions/${visitId}/stations`, install, 'install-once');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().station.ulid).toBe(installed.json().station.ulid);
    expect(installed.json().station.serial_number).toBe(serial);
    expect(installed.json().check.action).toBe('installed');
    const replaced = await write('POST', `${BASE}/interventions/${visitId}/stations/${stationIds[1]}/replace`, {});
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().check.action).toBe('station_replaced');
    const removed = await write('POST', `${BASE}/interventions/${visitId}/stations/${stationIds[2]}/remove`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().check).toMatchObject({ action: 'removed', station_ulid: null });
    expect(await equipmentExists(t.db, stationIds[2] as string)).toBe(false);
    // a replacement with a new serial: the old device goes, a new one takes its reference
    const newSerial = `RPL${Date.now()}`;
    const swapped = await write('POST', `${BASE}/interventions/${visitId}/stations/${stationIds[0]}/replace`, {
      serial_number: newSerial,
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().station.serial_number).toBe(newSerial);
    expect(await equipmentExists(t.db, stationIds[0] as string)).toBe(false);
    const site = (await t.app.inject({ url: `${BASE}/sites/${siteId}`, headers: bearer() })).json();
    const serials = site.stations.map((s: { serial_number: string }) => s.serial_number);
    expect(serials).toEqual(expect.arrayContaining([serial, newSerial]));
    const taken = await write('POST', `${BASE}/interventions/${visitId}/stations`, {
      serial_number: serial,
      kind: 'igs',
      reference: 'S-DUP',
      trap_type: 'exterior',
      treatment_type: 'TYPE_PREVENTION',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('serial_number_already_exist');
  });

  it('photos are checked by content and deduplicated by client id', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884400' } })
      .png()
      .toBuffer();
    const upload = (file: Buffer, clientId: string) => {
      const boundary = 'fieldboundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nbefore\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${clientId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `${BASE}/interventions/${visitId}/photos`,
        headers: { ...bearer(), 'idempotency-key': key(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const ok = await upload(png, 'photo-1');
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await upload(png, 'photo-1')).statusCode).toBe(200);
    const bad = await upload(Buffer.from('not an image at all'), 'photo-2');
    expect(bad.statusCode).toBe(422);
  });

  it('records product uses by client id', async () => {
    const productId = await insertProduct(t.db, team.spaceId, { name: 'Termidor' });
    const url = `${BASE}/interventions/${visitId}/product-uses/use-1`;
    const a = await write('PUT', url, { product: productId, quantity: 2 });
    expect(a.statusCode, a.body).toBe(200);
    const b = await write('PUT', url, { product: productId, quantity: 3 });
    expect(b.json().quantity).toBe(3);
  });

  it('completion makes the report to process (site status rule applied); later writes answer 409', async () => {
    const missing = await write('POST', `${BASE}/interventions/${visitId}/complete`, { summary: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations[0].code).toBe('customer_signature_required');
    const notPng = await write('POST', `${BASE}/interventions/${visitId}/complete`, {
      customer_signature_name: 'Claire Fontaine',
      customer_signature: Buffer.from('GIF89a not a png').toString('base64'),
    });
    expect(notPng.statusCode).toBe(422);
    expect(notPng.json().violations[0].code).toBe('signature_invalid');
    const completion = { summary: 'All stations in place', customer_absent: true };
    const done = await write('POST', `${BASE}/interventions/${visitId}/complete`, completion, 'complete-once');
    expect(done.statusCode, done.body).toBe(200);
    // the answer was lost: the app sends the completion again, and gets the same answer
    const replay = await write('POST', `${BASE}/interventions/${visitId}/complete`, completion, 'complete-once');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(done.json());
    const reportId = done.json().report_ulid;
    const list = await t.app.inject({ url: '/api/reports?status=to_process', headers: as(team.manager.cookie) });
    expect(list.json()['hydra:member'].map((r: { ulid: string }) => r.ulid)).toContain(reportId);
    expect(await siteStatusOf(t.db, siteId)).toBe('STATUS_IN_OPERATION');
    const after = await write('POST', `${BASE}/interventions/${visitId}/check-out`, {});
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('visit_completed');
  });

  it('an in-progress report is hidden from the web lists and reads', async () => {
    const other = await insertVisit(t.db, team.spaceId, siteId, {
      startAt: new Date(Date.now() - 3_600_000),
      endAt: new Date(Date.now() + 3_600_000),
      intervenerIds: [team.technician.membershipId],
    });
    const checkIn = await write('POST', `${BASE}/interventions/${other}/check-in`, {}, 'old-key');
    const reportId = checkIn.json().report_ulid;
    // after 24 h a key is forgotten: the same key with another body runs as a new request
    await ageIdempotencyKeys(t.db, 25);
    const later = await write('POST', `${BASE}/interventions/${other}/check-in`, { position: null }, 'old-key');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    const list = await t.app.inject({ url: '/api/reports?status=to_process', headers: as(team.manager.cookie) });
    expect(list.json()['hydra:member'].map((r: { ulid: string }) => r.ulid)).not.toContain(reportId);
    const get = await t.app.inject({ url: `/api/reports/${reportId}`, headers: as(team.manager.cookie) });
    expect(get.statusCode).toBe(404);
  });

  it('deleting a visit under way in the field deletes its unfinished report, never a completed one', async () => {
    const visit = () =>
      insertVisit(t.db, team.spaceId, siteId, {
        startAt: new Date(Date.now() - 3_600_000),
        endAt: new Date(Date.now() + 3_600_000),
        intervenerIds: [team.technician.membershipId],
      });
    const [underWay, done] = [await visit(), await visit()];
    const started = (await write('POST', `${BASE}/interventions/${underWay}/check-in`, {})).json().report_ulid;
    await write('POST', `${BASE}/interventions/${done}/check-in`, {});
    const completed = await write('POST', `${BASE}/interventions/${done}/complete`, { customer_absent: true });
    expect(completed.statusCode, completed.body).toBe(200);
    for (const id of [underWay, done]) {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/interventions/${id}`,
        headers: as(team.owner.cookie),
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    expect(await reportExists(t.db, started)).toBe(false);
    const kept = await t.app.inject({
      url: `/api/reports/${completed.json().report_ulid}`,
      headers: as(team.manager.cookie),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'to_process', intervention: null });
  });
});

describe('bad input never answers 500', () => {
  it('answers 400 or 422 with a code', async () => {
    const cases = [
      await t.app.inject({ url: `${BASE}/agenda?from=2026-13-45&to=nope`, headers: bearer() }),
      await t.app.inject({ url: `${BASE}/agenda`, headers: bearer() }),
      await t.app.inject({ url: `${BASE}/sites/not-a-ulid`, headers: bearer() }),
      await write('POST', `${BASE}/interventions/${visitId}/check-in`, { position: { lat: 'x', lng: 500 } }),
      await write('POST', `${BASE}/interventions/${visitId}/check-in`, { at: '2026-02-30 25:00:00' }),
      await write('PUT', `${BASE}/interventions/not-a-ulid/station-checks/x`, { result: 'activity', action: 'x' }),
      await write('POST', `${BASE}/interventions/${visitId}/stations`, { qr: '::', kind: 'gateway' }),
      await write('PUT', `${BASE}/interventions/${visitId}/product-uses/a%20b`, { product: 'x', quantity: -1 }),
      await t.app.inject({ method: 'POST', url: `${BASE}/auth/login`, payload: { email: 1 } }),
      await t.app.inject({ method: 'POST', url: `${BASE}/auth/refresh`, payload: { refresh_token: 'x'.repeat(50) } }),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error).toBeTruthy();
    }
  });
});

describe('changes', () => {
  it('answers everything without a cursor, then only what changed', async () => {
    const first = await t.app.inject({ url: `${BASE}/changes`, headers: bearer() });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.full).toBe(true);
    expect(body.intervention_ulids).toContain(visitId);
    expect(body.products.length).toBeGreaterThan(0);
    const again = await t.app.inject({
      url: `${BASE}/changes?since=${encodeURIComponent(body.cursor)}`,
      headers: bearer(),
    });
    expect(again.json().full).toBe(false);
    expect(again.json().intervention_ulids).toContain(visitId);
    // nothing changed for an hour; then the office edits one visit: the next call answers it alone
    await backdateSpace(t.db, team.spaceId);
    const quiet = await t.app.inject({ url: `${BASE}/changes`, headers: bearer() });
    const cursor = quiet.json().cursor;
    const second = await insertVisit(t.db, team.spaceId, siteId, {
      startAt: new Date(Date.now() + 86_400_000),
      endAt: new Date(Date.now() + 90_000_000),
      intervenerIds: [team.technician.membershipId],
    });
    await backdateSpace(t.db, team.spaceId);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/interventions/${second}`,
      headers: as(team.manager.cookie, { 'content-type': 'application/merge-patch+json' }),
      payload: { description: 'Bring the ladder' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const delta = (
      await t.app.inject({ url: `${BASE}/changes?since=${encodeURIComponent(cursor)}`, headers: bearer() })
    ).json();
    expect(delta.interventions.map((i: { ulid: string }) => i.ulid)).toEqual([second]);
    expect(delta.interventions[0].description).toBe('Bring the ladder');
    expect(delta.intervention_ulids).toEqual(expect.arrayContaining([visitId, second]));
    expect(delta.products).toEqual([]);
    const junk = await t.app.inject({ url: `${BASE}/changes?since=garbage`, headers: bearer() });
    expect(junk.statusCode).toBe(200);
    expect(junk.json().full).toBe(true);
  });
});
