/**
 * Shared set-up of the sign-in API tests: an app whose auth service runs on a clock the test can move, and a
 * "browser" — a cookie jar with its own IP address (the brute-force limits count per address) that signs in,
 * sends codes and follows the cookies the server sets and clears.
 */

import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { TEST_PASSWORD } from '../../../test/factories.js';
import type { ReceivedMail } from '../../../test/mailbox.js';
import { modules } from '../index.js';
import { createAuthModule } from './auth.module.js';

export const HEADERS = { 'client-type': 'webapp' };
export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** A clock that starts at the real time and moves only forward, by `advance`. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** The real application, with the auth module on `clock`. */
export function buildAuthTestApp(clock: TestClock, env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({
    modules: modules.map((m) => (m.name === 'auth' ? createAuthModule({ now: clock.now }) : m)),
    env,
  });
}

let ipSequence = 0;
/** A fresh client address, `10.x.y.z`. */
export function nextIp(): string {
  const n = ++ipSequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The first 6-digit number of a mail's text part (the two-factor code). */
export function codeIn(mail: ReceivedMail): string {
  const code = mail.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
  if (!code) throw new Error(`no 6-digit code in mail:\n${mail.text}`);
  return code;
}

/** The first link of a mail's text part. */
export function linkIn(mail: ReceivedMail): URL {
  const link = mail.text.match(/https?:\/\/[^\s"'<>]+/)?.[0];
  if (!link) throw new Error(`no link in mail:\n${mail.text}`);
  return new URL(link);
}

export type Browser = ReturnType<typeof browser>;

/** A browser on `t`: keeps the cookies the server sets (drops cleared ones) and sends them all back. */
export function browser(t: TestApp, ip = nextIp()) {
  const jar = new Map<string, string>();
  async function send(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { ...HEADERS, ...headers },
      cookies: Object.fromEntries(jar),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const c of response.cookies as { name: string; value: string; expires?: Date }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() <= Date.now())) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return response;
  }
  return {
    ip,
    jar,
    send,
    signIn: (email: string, password = TEST_PASSWORD, rememberMe = false) =>
      send('POST', '/security/token/request', { email, password, _remember_me: rememberMe }),
    code: (authCode: string, trusted = false) => send('POST', '/security/token/2fa', { auth_code: authCode, trusted }),
    resend: () => send('POST', '/security/token/2fa-resend', {}),
    me: () => send('GET', '/api/me'),
  };
}
