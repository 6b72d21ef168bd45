/**
 * Issue 3 "Sign-in and sessions", SPEC §7 `POST /security/forgot-password`, `/reset-password`, `/validate-password`:
 * the same answer for known and unknown e-mails, a single-use link valid one hour, and a reset that ends every
 * session and trusted device of the account.
 */
import { REFRESH_TOKEN_COOKIE, TRUSTED_DEVICE_COOKIE } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace, TEST_PASSWORD } from '../../../test/factories.js';
import { accounts, memberships } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import {
  browser,
  buildAuthTestApp,
  codeIn,
  createTestClock,
  HEADERS,
  linkIn,
  MINUTE,
  nextIp,
} from './auth.test-support.js';

const NEW_PASSWORD = 'Brand-New-Password-7?';
const APP_URL = 'https://isoptera.test.example';
const clock = createTestClock();
let t: TestApp;
let pcoSpace: string;

beforeAll(async () => {
  t = await buildAuthTestApp(clock, { APP_URL });
  pcoSpace = await createSpace(t.db, 'pco', { name: 'Bordeaux Termites' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, remoteAddress, headers: { ...HEADERS, ...headers }, payload: payload as object });
/** Each request from its own address: the brute-force limits (auth.limits.test.ts) stay out of the way. */
const forgot = (email: string) => post('/security/forgot-password', { email }, {}, nextIp());
const reset = (token: string, password = NEW_PASSWORD) =>
  post('/security/reset-password', { token, new_password: password });

/** Asks for a reset link for `email` and answers its token, read from the mail. */
async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(204);
  const link = linkIn(await t.mailbox.waitFor(email, { template: 'password_reset' }));
  return link.searchParams.get('token') ?? '';
}

describe('POST /security/forgot-password', () => {
  it('answers 204 with the same empty body for known and unknown e-mails; only the known one gets mail', async () => {
    const known = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
    const unknown = `nobody.${newUlid().toLowerCase()}@test.example`;
    const a = await forgot(unknown);
    const b = await forgot(known.email);
    expect(a.statusCode).toBe(204);
    expect(b.statusCode).toBe(204);
    expect(a.body).toBe('');
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(b.cookies).toEqual(a.cookies);

    const mail = await t.mailbox.waitFor(known.email, { template: 'password_reset' });
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/renew-password`);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    expect((await t.mailbox.all()).filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('sends nothing to an account without password or whose only membership is disabled', async () => {
    // invited and not activated yet: an account without password
    const invited = { accountId: newUlid(), email: `invited.${newUlid().toLowerCase()}@test.example` };
    await t.db.insert(accounts).values({ id: invited.accountId, email: invited.email, passwordHash: null });
    await t.db.insert(memberships).values({
      id: newUlid(),
      accountId: invited.accountId,
      spaceId: pcoSpace,
      spaceType: 'pco',
      role: 'ROLE_PCO_SPACE_USER',
      status: 'invited',
    });
    const disabled = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_USER', { status: 'disabled' });
    expect((await forgot(invited.email)).statusCode).toBe(204);
    expect((await forgot(disabled.email)).statusCode).toBe(204);
    // a known account asked afterwards is served: by then the two requests above were handled
    const known = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_USER');
    await resetToken(known.email);
    const sent = (await t.mailbox.all()).filter((m) => m.to.includes(invited.email) || m.to.includes(disabled.email));
    expect(sent).toEqual([]);
  });

  it('validates the e-mail (422 email_invalid)', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', code: 'email_invalid' }),
    ]);
  });

  it('a new link ends the previous unused one', async () => {
    const { email } = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
    const first = await resetToken(email);
    const second = await resetToken(email);
    const old = await reset(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('error_token_renew');
    expect((await reset(second)).statusCode).toBe(204);
  });
});

describe('POST /security/reset-password', () => {
  it('sets the new password, ends every session of the account, and works once', async () => {
    const { email } = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_OWNER');
    const b = browser(t);
    expect((await b.signIn(email)).statusCode).toBe(200);
    const refreshToken = b.jar.get(REFRESH_TOKEN_COOKIE) ?? '';

    const token = await resetToken(email);
    const response = await reset(token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const refresh = await post('/security/token/refresh', { refresh_token: refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error).toBe('invalid_refresh_token');
    const old = await browser(t).signIn(email);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe('invalid_credentials');
    expect((await browser(t).signIn(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Yet-Another-Password-8!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: 400, error: 'error_token_renew' });
    expect((await browser(t).signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets the trusted devices of the account: the two-factor step is asked again', async () => {
    const dealerId = await createSpace(t.db, 'dealer');
    const { email } = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER');
    const b = browser(t);
    await b.signIn(email);
    await b.code(codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' })), true);
    const trusted = b.jar.get(TRUSTED_DEVICE_COOKIE) ?? '';
    expect(trusted).not.toBe('');

    await reset(await resetToken(email));
    const next = browser(t);
    next.jar.set(TRUSTED_DEVICE_COOKIE, trusted);
    expect((await next.signIn(email, NEW_PASSWORD)).json()).toEqual({ two_factor: true, email });
  });

  it('answers 410 expired_token_renew after one hour, and the password stays as it was', async () => {
    const { email } = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
    const token = await resetToken(email);
    clock.advance(60 * MINUTE + 1_000);
    const response = await reset(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ status: 410, error: 'expired_token_renew' });
    expect((await browser(t).signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 error_token_renew for an unknown link', async () => {
    const response = await reset('this-is-not-a-reset-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('error_token_renew');
  });

  it('refuses a weak password (422 password_must_be) and keeps the link usable', async () => {
    const { email } = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
    const token = await resetToken(email);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'new_password', code: 'password_must_be' }),
    ]);
    expect((await reset(token)).statusCode).toBe(204);
  });
});

describe('POST /security/validate-password', () => {
  it('answers 204 for a password that follows the rule', async () => {
    const response = await post('/security/validate-password', { new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
  });

  it('answers 422 password_must_be, translated, for a weak one and new_password_required without one', async () => {
    for (const weak of ['alllowercase-123!', 'NoDigitsHere-!!', 'Sh0rt!']) {
      const response = await post('/security/validate-password', { new_password: weak }, { 'accept-language': 'en' });
      expect(response.statusCode, weak).toBe(422);
      expect(response.json().violations).toEqual([
        {
          propertyPath: 'new_password',
          code: 'password_must_be',
          message: expect.stringContaining('12 characters'),
        },
      ]);
    }
    const missing = await post('/security/validate-password', {});
    expect(missing.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'new_password', code: 'new_password_required' }),
    ]);
  });
});
