/** SPEC §7 "Authentication", ARCHITECTURE §4: sign-in, rotating refresh tokens, logout, `GET /api/me`. */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace, TEST_PASSWORD } from '../../../test/factories.js';

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await buildTestApp();
  const dealerId = await createSpace(t.db, 'dealer', { name: 'Termi Distribution' });
  const pcoId = await createSpace(t.db, 'pco', { name: 'Bordeaux Termites', dealerId });
  email = (await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_OWNER', { firstname: 'Sophie', lastname: 'Durand' })).email;
});
afterAll(() => t.close());

const headers = { 'client-type': 'webapp' };
const signIn = (password = TEST_PASSWORD, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/security/token/request',
    headers: { ...headers, ...extra },
    payload: { email, password, _remember_me: true },
  });
const cookieOf = (response: Awaited<ReturnType<typeof signIn>>, name: string) =>
  response.cookies.find((c) => c.name === name);

describe('POST /security/token/request', () => {
  it('sets httpOnly token cookies for the right pair and GET /api/me answers the current user', async () => {
    const response = await signIn();
    expect(response.statusCode).toBe(200);
    const access = cookieOf(response, ACCESS_TOKEN_COOKIE);
    const refresh = cookieOf(response, REFRESH_TOKEN_COOKIE);
    expect(access?.httpOnly).toBe(true);
    expect(access?.sameSite).toBe('Lax');
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.path).toBe('/security');
    expect(response.json()).toEqual({});

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [ACCESS_TOKEN_COOKIE]: access?.value ?? '' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstname: 'Sophie',
      lastname: 'Durand',
      lang: 'fr',
      timezone: 'Europe/Paris',
      user_type: 'pco',
      role: 'ROLE_PCO_SPACE_OWNER',
      have_user_pco_space: true,
      have_user_dealer_space: false,
      have_user_admin_space: false,
      pco: { name: 'Bordeaux Termites' },
      dealer: { name: 'Termi Distribution' },
      connected_on_pco: null,
      connected_on_dealer: null,
      disabled_at: null,
      last_invited_at: null,
      mail_notification: true,
    });
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown e-mail, translated', async () => {
    const wrong = await signIn('Wrong-Password-1!', { 'accept-language': 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json()).toMatchObject({ '@type': 'hydra:Error', status: 401, error: 'invalid_credentials' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/security/token/request',
      headers,
      payload: { email: 'nobody@test.example', password: TEST_PASSWORD },
    });
    expect(unknown.json().error).toBe('invalid_credentials');
  });

  it('answers 422 with violations for a missing e-mail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/security/token/request',
      headers,
      payload: { password: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', code: 'email_required' }),
    ]);
  });

  it('refuses a state-changing request without Client-Type (CSRF defence)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/security/token/request',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('client_type_required');
  });

  it('gives a mobile client its tokens in the body, usable as a Bearer token', async () => {
    const response = await signIn(TEST_PASSWORD, { 'client-type': 'mobile' });
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().email).toBe(email);
  });
});

describe('POST /security/token/refresh', () => {
  it('rotates the refresh token; reusing an old one revokes the whole session', async () => {
    const first = cookieOf(await signIn(), REFRESH_TOKEN_COOKIE)?.value ?? '';
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/security/token/refresh',
        headers,
        cookies: { [REFRESH_TOKEN_COOKIE]: token },
      });

    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = cookieOf(rotated, REFRESH_TOKEN_COOKIE)?.value ?? '';
    expect(second).not.toBe(first);
    const access = cookieOf(rotated, ACCESS_TOKEN_COOKIE)?.value ?? '';
    const me = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { [ACCESS_TOKEN_COOKIE]: access } });
    expect(me.json()).toMatchObject({ email, role: 'ROLE_PCO_SPACE_OWNER' });

    const reused = await refresh(first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('invalid_refresh_token');
    // the family is revoked: the legitimate newer token no longer works either
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('answers 401 without a refresh token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/security/token/refresh', headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /security/logout', () => {
  it('revokes the session and clears the cookies', async () => {
    const login = await signIn();
    const cookies = {
      [ACCESS_TOKEN_COOKIE]: cookieOf(login, ACCESS_TOKEN_COOKIE)?.value ?? '',
      [REFRESH_TOKEN_COOKIE]: cookieOf(login, REFRESH_TOKEN_COOKIE)?.value ?? '',
    };
    const logout = await t.app.inject({ method: 'GET', url: '/security/logout', cookies });
    expect(logout.statusCode).toBe(204);
    expect(cookieOf(logout, ACCESS_TOKEN_COOKIE)?.value).toBe('');
    const refresh = await t.app.inject({ method: 'POST', url: '/security/token/refresh', headers, cookies });
    expect(refresh.statusCode).toBe(401);
  });

  it('GET /api/me answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});
