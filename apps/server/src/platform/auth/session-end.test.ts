/**
 * Issue 16 "Access tokens die with their session" (ADR 026), on both drivers: an access token that was just used
 * (so its session is cached as open, on this instance and on a second instance on the same database) answers 401 at
 * once after logout, after its member is disabled, after its refresh token is reused, and — for a field token —
 * after its device signs out. The instance that made the change refuses the token on the very next request (its
 * answer waited for the barrier notification); the other instance as soon as the notification is delivered
 * (milliseconds): {@link refusedSoon} retries for at most a second, so a lost notification (left to the 60 s safety
 * net) would fail the test.
 */
import { ACCESS_TOKEN_COOKIE, FIELD_API_PREFIX, REFRESH_TOKEN_COOKIE } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, TEST_PASSWORD } from '../../../test/factories.js';
import { refreshStatus, refreshTokenOf } from '../../../test/users-factories.js';

let t: TestApp;
let other: { app: FastifyInstance; close(): Promise<void> };
let pcoId: string;
let owner: { email: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  other = await t.twin();
  pcoId = await createSpace(t.db, 'pco');
  owner = await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_OWNER');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) }).then((r) => r.statusCode);

/** The cookie header with only the access token (what a stolen or kept token would be). */
const accessOnly = (cookie: string) => cookie.split('; ').find((c) => c.startsWith(`${ACCESS_TOKEN_COOKIE}=`)) ?? '';

/** The status of `probe` once it answers 401, trying again every 10 ms for at most a second. */
async function refusedSoon(probe: () => Promise<number>): Promise<{ status: number; tries: number }> {
  let status = 0;
  let tries = 0;
  const until = Date.now() + 1_000;
  do {
    tries++;
    status = await probe();
    if (status === 401) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (Date.now() < until);
  return { status, tries };
}

/** A technician of the PCO, signed in on the web: their cookie, used once on each instance (cached there). */
async function signedInTechnician() {
  const member = await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_TECHNICIAN');
  const cookie = await login(t.app, member.email);
  expect(await me(t.app, cookie)).toBe(200);
  expect(await me(other.app, accessOnly(cookie))).toBe(200);
  return { member, cookie };
}

describe('access tokens end with their session', () => {
  it('after logout, on this instance and on another one', async () => {
    const { cookie } = await signedInTechnician();
    const logout = await t.app.inject({ method: 'GET', url: '/security/logout', headers: as(cookie) });
    expect(logout.statusCode).toBe(204);
    // the instance that made the change refuses it on the very next request
    expect(await me(t.app, accessOnly(cookie))).toBe(401);
    expect((await refusedSoon(() => me(other.app, accessOnly(cookie)))).status).toBe(401);
  });

  it('after the owner disables the member, on both instances', async () => {
    const { member, cookie } = await signedInTechnician();
    const ownerCookie = await login(t.app, owner.email);
    const disabled = await other.app.inject({
      method: 'PUT',
      url: `/api/user_pcos/${member.membershipId}/disable`,
      headers: as(ownerCookie),
    });
    expect(disabled.statusCode, disabled.body).toBe(204);
    expect(await me(other.app, accessOnly(cookie))).toBe(401);
    expect((await refusedSoon(() => me(t.app, accessOnly(cookie)))).status).toBe(401);
  });

  it('after its refresh token is reused: the whole family, its newest access token included', async () => {
    const { cookie } = await signedInTechnician();
    const refresh = refreshTokenOf(cookie);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/security/token/refresh',
      headers: { 'client-type': 'webapp' },
      cookies: { [REFRESH_TOKEN_COOKIE]: refresh },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = `${ACCESS_TOKEN_COOKIE}=${rotated.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.value}`;
    expect(await me(other.app, fresh)).toBe(200);
    // the old refresh token again: a thief's replay; the session (family) is revoked
    expect(await refreshStatus(t.app, refresh)).toBe(401);
    expect(await me(t.app, fresh)).toBe(401);
    expect((await refusedSoon(() => me(other.app, fresh))).status).toBe(401);
    expect((await refusedSoon(() => me(other.app, accessOnly(cookie)))).status).toBe(401);
  });

  it('a field token after its device signs out, on both instances', async () => {
    const member = await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_TECHNICIAN');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `${FIELD_API_PREFIX}/auth/login`,
      payload: { email: member.email, password: TEST_PASSWORD, device_name: 'Pixel 8' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { access_token: access, refresh_token: refresh } = signedIn.json();
    const day = new Date().toISOString().slice(0, 10);
    const agenda = (app: FastifyInstance) =>
      app
        .inject({
          method: 'GET',
          url: `${FIELD_API_PREFIX}/agenda?from=${day}&to=${day}`,
          headers: { authorization: `Bearer ${access}` },
        })
        .then((r) => r.statusCode);
    expect(await agenda(t.app)).toBe(200);
    expect(await agenda(other.app)).toBe(200);
    const out = await other.app.inject({
      method: 'POST',
      url: `${FIELD_API_PREFIX}/auth/logout`,
      payload: { refresh_token: refresh },
    });
    expect(out.statusCode).toBe(204);
    expect(await agenda(other.app)).toBe(401);
    expect((await refusedSoon(() => agenda(t.app))).status).toBe(401);
  });

  it('keeps serving an open session from the cache', async () => {
    const { cookie } = await signedInTechnician();
    for (let i = 0; i < 3; i++) expect(await me(other.app, accessOnly(cookie))).toBe(200);
  });
});
