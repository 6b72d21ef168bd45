/**
 * Issue 11 "the access token's verification cached until expiry": a token is verified once, then served from the
 * cache until its `exp`; the session checks made on every request still bite at once for a cached token (ADR 003,
 * SPEC §1 "Substitution exit": logout and leaving end a substituted token's rights on the next request).
 */
import { ACCESS_TOKEN_COOKIE } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';

let t: TestApp;
let admin: { email: string };
let pcoId: string;
let owner: { email: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  admin = await createMember(t.db, await createSpace(t.db, 'admin'), 'ROLE_ADMIN_SPACE_ADMIN');
  pcoId = await createSpace(t.db, 'pco');
  owner = await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_OWNER');
});
afterAll(() => t.close());

/** The cookie header with the access cookie replaced by the one `response` set, if any. */
function withAccess(cookie: string, set: { name: string; value: string }[]): string {
  const access = set.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.value;
  if (!access) return cookie;
  return cookie
    .split('; ')
    .map((pair) => (pair.startsWith(`${ACCESS_TOKEN_COOKIE}=`) ? `${ACCESS_TOKEN_COOKIE}=${access}` : pair))
    .join('; ');
}

/** Counts `app.jwt.verify` calls (the signature checks) made while `run` runs. */
async function countVerifications(run: () => Promise<void>): Promise<number> {
  const jwt = t.app.jwt as { verify: (...args: unknown[]) => unknown };
  const original = jwt.verify;
  let calls = 0;
  jwt.verify = (...args: unknown[]) => {
    calls++;
    return original.apply(jwt, args);
  };
  try {
    await run();
  } finally {
    jwt.verify = original;
  }
  return calls;
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: as(cookie) });
const accessOf = (cookie: string) =>
  cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${ACCESS_TOKEN_COOKIE}=`))
    ?.slice(ACCESS_TOKEN_COOKIE.length + 1) ?? '';

describe('access-token verification cache', () => {
  it('verifies a token once, then answers its later requests from the cache', async () => {
    const cookie = await login(t, owner.email);
    const calls = await countVerifications(async () => {
      for (let i = 0; i < 5; i++) expect((await get(cookie, '/api/me')).statusCode).toBe(200);
    });
    expect(calls).toBe(1);
  });

  it('never caches a bad token: a tampered one answers 401 every time', async () => {
    const [header, payload, signature = ''] = accessOf(await login(t, owner.email)).split('.');
    // another first character of the signature (the last one may only carry padding bits)
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const tampered = `${ACCESS_TOKEN_COOKIE}=${forged}`;
    const calls = await countVerifications(async () => {
      expect((await get(tampered, '/api/me')).statusCode).toBe(401);
      expect((await get(tampered, '/api/me')).statusCode).toBe(401);
    });
    expect(calls).toBe(2);
  });

  it('drops a cached token when it expires', async () => {
    // the owner's own claims, re-signed to expire within the second
    const {
      iat: _iat,
      exp: _exp,
      ...claims
    } = t.app.jwt.decode<Record<string, unknown>>(accessOf(await login(t, owner.email))) as Record<string, unknown>;
    const cookie = `${ACCESS_TOKEN_COOKIE}=${t.app.jwt.sign(claims, { expiresIn: 1 })}`;
    expect((await get(cookie, '/api/me')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get(cookie, '/api/me')).statusCode).toBe(401);
  });

  it('a logged-out substituted token answers 401 at once, although it was cached', async () => {
    const signedIn = await login(t, admin.email);
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/user_admins/connect-on-pco',
      headers: as(signedIn),
      payload: { connected_on_pco_ulid: pcoId },
    });
    expect(entered.statusCode, entered.body).toBe(204);
    const cookie = withAccess(signedIn, entered.cookies);
    // used twice: verified once, then cached
    const calls = await countVerifications(async () => {
      expect((await get(cookie, '/api/clients')).statusCode).toBe(200);
      expect((await get(cookie, '/api/clients')).statusCode).toBe(200);
    });
    expect(calls).toBe(1);

    expect((await get(cookie, '/security/logout')).statusCode).toBe(204);
    const after = await countVerifications(async () => {
      expect((await get(cookie, '/api/clients')).statusCode).toBe(401);
      expect((await get(cookie, '/api/me')).statusCode).toBe(401);
    });
    expect(after).toBe(0); // still cached: the session check, not the token, refused it
  });
});
