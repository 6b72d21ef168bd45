/**
 * Issue 11 "Hardening": the brute-force limits count by client address, and only a trusted proxy may name that
 * address in `X-Forwarded-For` (`TRUST_PROXY`). With the default (production included), a client rotating the header
 * is still one address and meets the 10-failures limit of sign-in (auth.limits.ts).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace } from '../../../test/factories.js';
import { buildAuthTestApp, createTestClock, HEADERS } from './auth.test-support.js';

/** Production's environment; the test app runs on its test database whatever `DATABASE_URL` says. */
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'postgres://isoptera@db.internal:5432/isoptera',
  APP_URL: 'https://app.isoptera.example',
};
let untrusting: TestApp;
let behindProxies: TestApp;
let oneHop: TestApp;
let sequence = 0;

beforeAll(async () => {
  untrusting = await buildAuthTestApp(createTestClock(), PRODUCTION);
  behindProxies = await buildAuthTestApp(createTestClock(), { ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' });
  oneHop = await buildAuthTestApp(createTestClock(), { ...PRODUCTION, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await untrusting?.close();
  await behindProxies?.close();
  await oneHop?.close();
});

/** A fresh documentation address (`203.0.113.0/24`, `198.51.100.0/24`) as a client would claim it. */
const claimedAddress = () => {
  const n = ++sequence;
  return `${n % 2 ? '203.0.113' : '198.51.100'}.${n % 250}`;
};

/** A failed sign-in of `email` from socket address `remoteAddress`, claiming `forwardedFor`. */
const wrongPassword = (t: TestApp, email: string, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/security/token/request',
    remoteAddress,
    headers: { ...HEADERS, 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'Wrong-Password-1!' },
  });

async function victim(t: TestApp): Promise<string> {
  const spaceId = await createSpace(t.db, 'pco');
  return (await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER')).email;
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);

describe('TRUST_PROXY unset (the default, production included)', () => {
  it('ignores X-Forwarded-For: 11 wrong passwords from one socket with rotating headers meet the limit (429)', async () => {
    const email = await victim(untrusting);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++) answers.push(await wrongPassword(untrusting, email, '192.0.2.10', claimedAddress()));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), 429]);
    expect(answers[10]?.headers['retry-after']).toBeDefined();
  });
});

describe('TRUST_PROXY=10.0.0.0/8', () => {
  it('takes the client address from X-Forwarded-For set by a trusted proxy', async () => {
    const email = await victim(behindProxies);
    // one client behind two of our proxies: one address, one counter
    const client = claimedAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await wrongPassword(behindProxies, email, i % 2 ? '10.1.0.1' : '10.1.0.2', client));
    }
    expect(statuses(answers)).toEqual([...Array(10).fill(401), 429]);
    // other people behind the same proxies are other addresses
    expect((await wrongPassword(behindProxies, email, '10.1.0.1', claimedAddress())).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a socket that is not a trusted proxy', async () => {
    const email = await victim(behindProxies);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++)
      answers.push(await wrongPassword(behindProxies, email, '192.0.2.20', claimedAddress()));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), 429]);
  });
});

describe('TRUST_PROXY=1 (one reverse proxy in front)', () => {
  it('counts by the address the proxy appended, whatever the client put before it', async () => {
    const email = await victim(oneHop);
    const client = claimedAddress();
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await wrongPassword(oneHop, email, '192.0.2.30', `${claimedAddress()}, ${client}`));
    }
    expect(statuses(answers)).toEqual([...Array(10).fill(401), 429]);
    expect((await wrongPassword(oneHop, email, '192.0.2.30', claimedAddress())).statusCode).toBe(401);
  });
});
