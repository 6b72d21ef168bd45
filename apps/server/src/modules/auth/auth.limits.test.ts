/**
 * Issue 3 "Sign-in and sessions": brute-force limits on sign-in, the two-factor step and forgot-password, per
 * e-mail (or login attempt) and per address — 429 problem+json with `Retry-After` — while other people keep being
 * served (limits in auth.limits.ts).
 */
import { TWO_FACTOR_COOKIE } from '@isoptera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace } from '../../../test/factories.js';
import { newUlid } from '../../platform/ids.js';
import { browser, buildAuthTestApp, codeIn, createTestClock, nextIp } from './auth.test-support.js';

let t: TestApp;
let pcoSpace: string;
let dealerSpace: string;

beforeAll(async () => {
  t = await buildAuthTestApp(createTestClock());
  dealerSpace = await createSpace(t.db, 'dealer');
  pcoSpace = await createSpace(t.db, 'pco', { dealerId: dealerSpace });
});
afterAll(() => t.close());

const pcoMember = () => createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
const dealerMember = () => createMember(t.db, dealerSpace, 'ROLE_DEALER_SPACE_USER');
const unknownEmail = () => `nobody.${newUlid().toLowerCase()}@test.example`;

function expectTooManyRequests(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  expect(response.json()).toMatchObject({ '@type': 'hydra:Error', status: 429, error: 'too_many_requests' });
  expect(response.json().detail).toEqual(expect.any(String));
}

describe('POST /security/token/request limits', () => {
  it('blocks an e-mail after 10 failures from one address, right password included; others are still served', async () => {
    const victim = await pcoMember();
    const colleague = await pcoMember();
    const b = browser(t);
    for (let i = 0; i < 10; i++) {
      expect((await b.signIn(victim.email, 'Wrong-Password-1!')).statusCode, `failure ${i + 1}`).toBe(401);
    }
    expectTooManyRequests(await b.signIn(victim.email));
    // another account from the same client still signs in
    const other = await b.signIn(colleague.email);
    expect(other.statusCode).toBe(200);
    expect((await b.me()).json().email).toBe(colleague.email);
    // and the victim from another address too
    expect((await browser(t).signIn(victim.email)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { email } = await pcoMember();
    const b = browser(t);
    for (let i = 0; i < 12; i++) expect((await b.signIn(email)).statusCode, `sign-in ${i + 1}`).toBe(200);
  });

  it('blocks an address after 50 failures over several e-mails (password spraying)', async () => {
    const b = browser(t);
    for (let i = 0; i < 50; i++) {
      const email = `sprayed.${i % 5}.${b.ip}@test.example`;
      expect((await b.signIn(email, 'Spray-Password-1!')).statusCode, `failure ${i + 1}`).toBe(401);
    }
    const { email } = await pcoMember();
    expectTooManyRequests(await b.signIn(email));
    expect((await browser(t).signIn(email)).statusCode).toBe(200);
  }, 60_000);
});

describe('POST /security/token/2fa limits', () => {
  it('blocks a login attempt after 10 failed tries; a new attempt from the same address is served', async () => {
    const { email } = await dealerMember();
    const b = browser(t);
    await b.signIn(email);
    await t.mailbox.waitFor(email, { template: 'two_factor_code' });
    const attempt = b.jar.get(TWO_FACTOR_COOKIE) ?? '';
    for (let i = 0; i < 10; i++) {
      b.jar.set(TWO_FACTOR_COOKIE, attempt); // keep presenting the ended attempt
      expect([400, 401], `try ${i + 1}`).toContain((await b.code('000000')).statusCode);
    }
    b.jar.set(TWO_FACTOR_COOKIE, attempt);
    expectTooManyRequests(await b.code('000000'));

    await b.signIn(email);
    const code = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
    expect((await b.code(code)).statusCode).toBe(200);
  });

  it('blocks an address after 30 failed tries', async () => {
    const b = browser(t);
    for (let i = 0; i < 30; i++) {
      b.jar.set(TWO_FACTOR_COOKIE, `guess-${i}`);
      expect((await b.code('123456')).statusCode, `try ${i + 1}`).toBe(401);
    }
    b.jar.set(TWO_FACTOR_COOKIE, 'guess-31');
    expectTooManyRequests(await b.code('123456'));
    expect((await browser(t).code('123456')).statusCode).toBe(401);
  });
});

describe('POST /security/token/2fa-resend limits', () => {
  it('allows 5 resends per login attempt in 15 minutes', async () => {
    const { email } = await dealerMember();
    const b = browser(t);
    await b.signIn(email);
    let last = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
    for (let i = 0; i < 5; i++) {
      expect((await b.resend()).statusCode, `resend ${i + 1}`).toBe(204);
      last = codeIn(await t.mailbox.waitFor(email, { template: 'two_factor_code' }));
    }
    expectTooManyRequests(await b.resend());
    // the attempt itself is still open: the latest code mailed opens the session
    expect((await b.code(last)).statusCode).toBe(200);
  });
});

describe('POST /security/forgot-password limits', () => {
  const forgot = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/security/forgot-password',
      remoteAddress,
      headers: { 'client-type': 'webapp' },
      payload: { email },
    });

  it('allows 5 requests per e-mail from one address; other e-mails are still served', async () => {
    const ip = nextIp();
    const { email } = await pcoMember();
    for (let i = 0; i < 5; i++) expect((await forgot(email, ip)).statusCode, `request ${i + 1}`).toBe(204);
    expectTooManyRequests(await forgot(email, ip));
    expect((await forgot(unknownEmail(), ip)).statusCode).toBe(204);
    expect((await forgot(email, nextIp())).statusCode).toBe(204);
  });

  it('answers 429 alike for known and unknown e-mails, and caps an address at 20 requests', async () => {
    const ip = nextIp();
    const unknown = unknownEmail();
    for (let i = 0; i < 5; i++) await forgot(unknown, ip);
    const blockedUnknown = await forgot(unknown, ip);
    expectTooManyRequests(blockedUnknown);
    for (let i = 0; i < 14; i++) expect((await forgot(unknownEmail(), ip)).statusCode).toBe(204);
    expectTooManyRequests(await forgot(unknownEmail(), ip));
    expect((await forgot(unknownEmail(), nextIp())).statusCode).toBe(204);
  });
});
