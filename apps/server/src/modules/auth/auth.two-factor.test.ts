/**
 * Issue 3 "Sign-in and sessions", SPEC §7 `POST /security/token/2fa` and `/2fa-resend`: members of the spaces of
 * `TWO_FACTOR_SPACES` (admin, dealer by default) confirm their password with a 6-digit code sent by e-mail; codes
 * are single use, valid 10 minutes, replaced by a resend; 5 wrong codes end the attempt; 'remember this device'
 * skips the step for 180 days until revoked.
 */
import {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  type Role,
  TRUSTED_DEVICE_COOKIE,
  TWO_FACTOR_COOKIE,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace } from '../../../test/factories.js';
import { createAuthRepository } from './auth.repository.js';
import { browser, buildAuthTestApp, codeIn, createTestClock, DAY, MINUTE } from './auth.test-support.js';

const clock = createTestClock();
let t: TestApp;
let adminSpace: string;
let dealerSpace: string;
let pcoSpace: string;

beforeAll(async () => {
  t = await buildAuthTestApp(clock);
  adminSpace = await createSpace(t.db, 'admin', { name: 'Isoptera' });
  dealerSpace = await createSpace(t.db, 'dealer', { name: 'Termi Distribution' });
  pcoSpace = await createSpace(t.db, 'pco', { name: 'Bordeaux Termites', dealerId: dealerSpace });
});
afterAll(() => t.close());

const member = (space: () => string, role: Role) => createMember(t.db, space(), role);
const admin = () => member(() => adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
const dealer = () => member(() => dealerSpace, 'ROLE_DEALER_SPACE_OWNER');
const pco = () => member(() => pcoSpace, 'ROLE_PCO_SPACE_OWNER');

/** Signs in with a browser and answers the browser and the code e-mailed for that attempt. */
async function startAttempt(email: string, options: { rememberMe?: boolean } = {}) {
  const b = browser(t);
  const response = await b.signIn(email, undefined, options.rememberMe);
  expect(response.json()).toEqual({ two_factor: true, email });
  const code = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
  return { b, code };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /security/token/request for a two-factor space', () => {
  it('opens no session for an admin member but mails a code; the code opens the session', async () => {
    const { email } = await admin();
    const b = browser(t);
    const first = await b.signIn(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor: true, email });
    expect(first.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)).toBeUndefined();
    expect(first.cookies.find((c) => c.name === REFRESH_TOKEN_COOKIE)).toBeUndefined();
    const attempt = first.cookies.find((c) => c.name === TWO_FACTOR_COOKIE);
    expect(attempt).toMatchObject({ httpOnly: true, path: '/security', sameSite: 'Strict' });
    expect(attempt?.secure).toBeFalsy(); // APP_URL is http in tests
    expect((await b.me()).statusCode).toBe(401);

    const mail = await t.mailbox.waitFor(email, { template: 'two_factor_code' });
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const second = await b.code(code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({});
    expect(second.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.httpOnly).toBe(true);
    expect(second.cookies.find((c) => c.name === TWO_FACTOR_COOKIE)?.value).toBe('');
    expect(b.jar.has(TWO_FACTOR_COOKIE)).toBe(false);
    const me = await b.me();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, user_type: 'admin', role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN' });
  });

  it('lets PCO members in at once without mail, but asks dealer members for the code too', async () => {
    const pcoMember = await pco();
    const b = browser(t);
    const p = await b.signIn(pcoMember.email);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toEqual({});
    expect(b.jar.has(ACCESS_TOKEN_COOKIE)).toBe(true);
    expect(b.jar.has(TWO_FACTOR_COOKIE)).toBe(false);
    expect((await b.me()).json()).toMatchObject({ email: pcoMember.email, user_type: 'pco' });

    const dealerMember = await dealer();
    const d = await browser(t).signIn(dealerMember.email);
    expect(d.json()).toEqual({ two_factor: true, email: dealerMember.email });
    await t.mailbox.waitFor(dealerMember.email, { template: 'two_factor_code' });
    // the dealer's mail, queued after the PCO sign-in, has arrived: none was queued for the PCO member
    expect((await t.mailbox.all()).filter((m) => m.to.includes(pcoMember.email))).toEqual([]);
  });

  it('gives a mobile client its tokens in the body after the code', async () => {
    const { email } = await dealer();
    const { b, code } = await startAttempt(email);
    const response = await b.send('POST', '/security/token/2fa', { auth_code: code }, { 'client-type': 'mobile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('carries "remember me" of the sign-in through the code step (30-day refresh cookie, else 1 day)', async () => {
    const { email } = await admin();
    const remembered = await startAttempt(email, { rememberMe: true });
    const long = await remembered.b.code(remembered.code);
    const longExpiry = long.cookies.find((c) => c.name === REFRESH_TOKEN_COOKIE)?.expires?.getTime() ?? 0;
    expect(longExpiry - clock.now().getTime()).toBeGreaterThan(29 * DAY);

    const plain = await startAttempt(email);
    const short = await plain.b.code(plain.code);
    const shortExpiry = short.cookies.find((c) => c.name === REFRESH_TOKEN_COOKIE)?.expires?.getTime() ?? 0;
    expect(shortExpiry - clock.now().getTime()).toBeLessThan(DAY + MINUTE);
    expect(shortExpiry - clock.now().getTime()).toBeGreaterThan(DAY - MINUTE);
  });
});

describe('POST /security/token/2fa', () => {
  it('refuses a code used once already (401 two_factor_expired)', async () => {
    const { email } = await admin();
    const { b, code } = await startAttempt(email);
    const attemptCookie = b.jar.get(TWO_FACTOR_COOKIE) ?? '';
    expect((await b.code(code)).statusCode).toBe(200);
    b.jar.set(TWO_FACTOR_COOKIE, attemptCookie); // replay the attempt cookie the server cleared
    const replay = await b.code(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: 401, error: 'two_factor_expired' });
  });

  it('answers 400 auth_code_invalid for a wrong code, and the right one still works after', async () => {
    const { email } = await dealer();
    const { b, code } = await startAttempt(email);
    const response = await b.code(wrong(code));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ '@type': 'hydra:Error', error: 'auth_code_invalid' });
    expect((await b.me()).statusCode).toBe(401);
    expect((await b.code(code)).statusCode).toBe(200);
    expect((await b.me()).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes (400 auth_code_invalid); a resent code works', async () => {
    const { email } = await admin();
    const { b, code } = await startAttempt(email);
    clock.advance(10 * MINUTE + 1_000);
    const late = await b.code(code);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('auth_code_invalid');
    expect((await b.resend()).statusCode).toBe(204);
    const fresh = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
    expect((await b.code(fresh)).statusCode).toBe(200);
  });

  it('ends the attempt after 5 wrong codes: even the right code is then refused', async () => {
    const { email } = await dealer();
    const { b, code } = await startAttempt(email);
    for (let i = 0; i < 5; i++) {
      const response = await b.code(wrong(code));
      expect(response.statusCode, `wrong code ${i + 1}`).toBe(400);
      expect(response.json().error).toBe('auth_code_invalid');
    }
    const after = await b.code(code);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('two_factor_expired');
    expect(b.jar.has(TWO_FACTOR_COOKIE)).toBe(false);
  });

  it('answers 401 two_factor_expired without an attempt cookie or with an unknown one', async () => {
    const b = browser(t);
    const none = await b.code('123456');
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('two_factor_expired');
    b.jar.set(TWO_FACTOR_COOKIE, 'not-an-attempt');
    expect((await b.code('123456')).json().error).toBe('two_factor_expired');
  });

  it('ends a login attempt left open for more than an hour', async () => {
    const { email } = await admin();
    const { b, code } = await startAttempt(email);
    clock.advance(61 * MINUTE);
    expect((await b.code(code)).json().error).toBe('two_factor_expired');
  });

  it('validates the code: 422 auth_code_required, auth_code_invalid when not 6 digits', async () => {
    const b = browser(t);
    const missing = await b.send('POST', '/security/token/2fa', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'auth_code', code: 'auth_code_required' }),
    ]);
    const short = await b.code('12345');
    expect(short.statusCode).toBe(422);
    expect(short.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'auth_code', code: 'auth_code_invalid' }),
    ]);
  });
});

describe('POST /security/token/2fa-resend', () => {
  it('mails a new code; the previous one stops working at once', async () => {
    const { email } = await dealer();
    const { b, code: first } = await startAttempt(email);
    const resend = await b.resend();
    expect(resend.statusCode).toBe(204);
    expect(resend.body).toBe('');
    const second = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
    if (second !== first) {
      const old = await b.code(first);
      expect(old.statusCode).toBe(400);
      expect(old.json().error).toBe('auth_code_invalid');
    }
    expect((await b.code(second)).statusCode).toBe(200);
  });

  it('answers 401 two_factor_expired once the attempt is over or without one', async () => {
    expect((await browser(t).resend()).json()).toMatchObject({ status: 401, error: 'two_factor_expired' });
    const { email } = await admin();
    const { b, code } = await startAttempt(email);
    const attemptCookie = b.jar.get(TWO_FACTOR_COOKIE) ?? '';
    await b.code(code);
    b.jar.set(TWO_FACTOR_COOKIE, attemptCookie);
    const after = await b.resend();
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('two_factor_expired');
  });
});

describe('remember this device', () => {
  it('sets a signed trusted-device cookie for 180 days that skips the step at the next sign-in', async () => {
    const { email } = await admin();
    const { b, code } = await startAttempt(email);
    const response = await b.code(code, true);
    expect(response.statusCode).toBe(200);
    const trusted = response.cookies.find((c) => c.name === TRUSTED_DEVICE_COOKIE);
    expect(trusted).toMatchObject({ httpOnly: true, path: '/security' });
    expect(trusted?.value).toMatch(/^[\w-]+\.[\w-]+$/); // token.signature
    const days = ((trusted?.expires?.getTime() ?? 0) - clock.now().getTime()) / DAY;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThanOrEqual(180);

    // later, a browser holding only the trusted cookie
    const later = browser(t);
    later.jar.set(TRUSTED_DEVICE_COOKIE, trusted?.value ?? '');
    const again = await later.signIn(email);
    expect(again.json()).toEqual({});
    expect((await later.me()).json()).toMatchObject({ email });
  });

  it('does not skip the step when the trusted cookie is not set, tampered with or of another account', async () => {
    const owner = await dealer();
    const { b, code } = await startAttempt(owner.email);
    const value = (await b.code(code, true)).cookies.find((c) => c.name === TRUSTED_DEVICE_COOKIE)?.value ?? '';

    const untrusted = await browser(t).signIn(owner.email);
    expect(untrusted.json().two_factor).toBe(true);
    await t.mailbox.waitFor(owner.email, { template: 'two_factor_code' });

    const tampered = browser(t);
    const [token, signature] = value.split('.');
    tampered.jar.set(TRUSTED_DEVICE_COOKIE, `${token}.${signature?.slice(1)}A`);
    expect((await tampered.signIn(owner.email)).json().two_factor).toBe(true);
    await t.mailbox.waitFor(owner.email, { template: 'two_factor_code' });

    const colleague = await dealer();
    const shared = browser(t);
    shared.jar.set(TRUSTED_DEVICE_COOKIE, value);
    expect((await shared.signIn(colleague.email)).json().two_factor).toBe(true);
  });

  it('no longer skips the step once the device is revoked', async () => {
    const { email, accountId } = await admin();
    const { b, code } = await startAttempt(email);
    const value = (await b.code(code, true)).cookies.find((c) => c.name === TRUSTED_DEVICE_COOKIE)?.value ?? '';
    const next = browser(t);
    next.jar.set(TRUSTED_DEVICE_COOKIE, value);
    expect((await next.signIn(email)).json()).toEqual({});

    expect(await createAuthRepository(t.db).revokeTrustedDevices(accountId, clock.now())).toBe(1);
    const revoked = browser(t);
    revoked.jar.set(TRUSTED_DEVICE_COOKIE, value);
    expect((await revoked.signIn(email)).json()).toEqual({ two_factor: true, email });
  });

  it('no longer skips the step after 180 days', async () => {
    const { email } = await dealer();
    const { b, code } = await startAttempt(email);
    const value = (await b.code(code, true)).cookies.find((c) => c.name === TRUSTED_DEVICE_COOKIE)?.value ?? '';
    clock.advance(180 * DAY + MINUTE);
    const old = browser(t);
    old.jar.set(TRUSTED_DEVICE_COOKIE, value);
    expect((await old.signIn(email)).json()).toEqual({ two_factor: true, email });
  });
});

describe('TWO_FACTOR_SPACES', () => {
  it('asks the spaces it names only: with "pco", PCO members get a code and dealer members do not', async () => {
    const other = await buildAuthTestApp(createTestClock(), { TWO_FACTOR_SPACES: 'pco' });
    try {
      const dealerId = await createSpace(other.db, 'dealer');
      const pcoId = await createSpace(other.db, 'pco', { dealerId });
      const dealerMember = await createMember(other.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
      const pcoMember = await createMember(other.db, pcoId, 'ROLE_PCO_SPACE_TECHNICIAN');
      expect((await browser(other).signIn(dealerMember.email)).json()).toEqual({});
      const b = browser(other);
      expect((await b.signIn(pcoMember.email)).json()).toEqual({ two_factor: true, email: pcoMember.email });
      const code = codeIn(await other.mailbox.waitFor(pcoMember.email, { template: 'two_factor_code' }));
      expect((await b.code(code)).statusCode).toBe(200);
      expect((await b.me()).json()).toMatchObject({ email: pcoMember.email, role: 'ROLE_PCO_SPACE_TECHNICIAN' });
    } finally {
      await other.close();
    }
  });
});
