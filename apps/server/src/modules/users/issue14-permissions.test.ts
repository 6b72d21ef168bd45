/**
 * The permission matrix of the routes of issue 14 (SPEC §6): for every role of every space type, each new route
 * answers its success status, 403 (the role lacks the route's action) or 404 (a member of another space).
 */
import type { Role } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';

const SPACE_OF = (role: Role) =>
  role.startsWith('ROLE_PCO') ? 'pco' : role.startsWith('ROLE_DEALER') ? 'dealer' : 'admin';

/** Each role, and whether it holds the users screens' action (admin, dealer or PCO action) and is owner. */
const MATRIX: { role: Role; users: boolean; pcoOwner: boolean; dealerOwner: boolean }[] = [
  { role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN', users: true, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_ADMIN_SPACE_ADMIN', users: true, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_ADMIN_SPACE_USER', users: false, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_DEALER_SPACE_OWNER', users: true, pcoOwner: false, dealerOwner: true },
  { role: 'ROLE_DEALER_SPACE_USER', users: true, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_PCO_SPACE_OWNER', users: true, pcoOwner: true, dealerOwner: false },
  { role: 'ROLE_PCO_SPACE_MANAGER', users: true, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_PCO_SPACE_TECHNICIAN', users: false, pcoOwner: false, dealerOwner: false },
  { role: 'ROLE_PCO_SPACE_USER', users: false, pcoOwner: false, dealerOwner: false },
];

let t: TestApp;
const spaces: Record<'admin' | 'dealer' | 'pco', string> = { admin: '', dealer: '', pco: '' };
let foreignPcoMember: string;

const PLAIN: Record<'admin' | 'dealer' | 'pco', Role> = {
  admin: 'ROLE_ADMIN_SPACE_USER',
  dealer: 'ROLE_DEALER_SPACE_USER',
  pco: 'ROLE_PCO_SPACE_USER',
};

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  spaces.admin = await createSpace(t.db, 'admin');
  spaces.dealer = await createSpace(t.db, 'dealer');
  spaces.pco = await createSpace(t.db, 'pco', { dealerId: spaces.dealer });
  foreignPcoMember = (await createMember(t.db, await createSpace(t.db, 'pco'), 'ROLE_PCO_SPACE_USER')).membershipId;
});
afterAll(() => t.close());

const ok = (allowed: boolean, status: number) => (allowed ? status : 403);

describe.each(MATRIX)('$role', ({ role, users, pcoOwner, dealerOwner }) => {
  it('gets what its actions allow on every new route', async () => {
    const type = SPACE_OF(role);
    const me = await createMember(t.db, spaces[type], role);
    const cookie = await login(t.app, me.email);
    /** A plain member of the actor's own space, fresh for each call that changes or removes it. */
    const target = async () => (await createMember(t.db, spaces[type], PLAIN[type])).membershipId;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      (await t.app.inject({ method, url, headers: as(cookie), ...(payload ? { payload } : {}) })).statusCode;

    const created = await call('POST', '/api/users', {
      firstname: 'Ana',
      lastname: 'Lima',
      email: `ana.${me.membershipId.toLowerCase()}@example.com`,
      lang: 'pt',
      new_password1: 'Termite-Matrix-2026!',
      new_password2: 'Termite-Matrix-2026!',
    });
    expect(created, 'POST /api/users').toBe(ok(users, 201));
    const own = await target();
    expect(await call('GET', `/api/users/${own}`), 'GET /api/users/{own}').toBe(ok(users, 200));
    const member = (await t.app.inject({ method: 'GET', url: `/api/users/${own}`, headers: as(cookie) })).json() as {
      email?: string;
    };
    if (users) {
      const put = await call('PUT', `/api/users/${own}`, {
        firstname: 'Rui',
        lastname: 'Costa',
        email: member.email,
        lang: 'pt',
        timezone: 'Europe/Lisbon',
      });
      expect(put, 'PUT /api/users/{own}').toBe(200);
    } else {
      const put = await call('PUT', `/api/users/${own}`, {
        firstname: 'Rui',
        lastname: 'Costa',
        email: 'rui@example.com',
        lang: 'pt',
        timezone: 'Europe/Lisbon',
      });
      expect(put, 'PUT /api/users/{own}').toBe(403);
    }
    expect(await call('DELETE', `/api/users/${await target()}`), 'DELETE /api/users/{own}').toBe(ok(users, 204));
    expect(await call('GET', `/api/users/${foreignPcoMember}`), 'GET /api/users/{foreign}').toBe(ok(users, 404));
    expect(await call('DELETE', `/api/users/${foreignPcoMember}`), 'DELETE /api/users/{foreign}').toBe(ok(users, 404));

    const pcoTarget = type === 'pco' ? await target() : foreignPcoMember;
    expect(await call('POST', `/api/user_pcos/${pcoTarget}/easy-connect`), 'PCO easy-connect').toBe(ok(pcoOwner, 204));
    if (pcoOwner) {
      expect(await call('POST', `/api/user_pcos/${foreignPcoMember}/easy-connect`), 'foreign easy-connect').toBe(404);
    }
    const dealerTarget =
      type === 'dealer'
        ? await target()
        : (await createMember(t.db, spaces.dealer, 'ROLE_DEALER_SPACE_USER')).membershipId;
    expect(await call('POST', `/api/user_dealers/${dealerTarget}/easy-connect`), 'dealer easy-connect').toBe(
      ok(dealerOwner, 204),
    );
  });
});

describe('without a session', () => {
  it('answers 401 on every new route but the public sign-in with a link', async () => {
    const anonymous = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
      t.app.inject({ method, url, headers: { 'client-type': 'webapp' }, payload: {} });
    for (const [method, url] of [
      ['POST', '/api/users'],
      ['GET', `/api/users/${foreignPcoMember}`],
      ['PUT', `/api/users/${foreignPcoMember}`],
      ['DELETE', `/api/users/${foreignPcoMember}`],
      ['POST', `/api/user_pcos/${foreignPcoMember}/easy-connect`],
      ['POST', `/api/user_dealers/${foreignPcoMember}/easy-connect`],
    ] as const) {
      expect((await anonymous(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await anonymous('POST', '/security/easy-connect')).statusCode).toBe(422);
  });
});
