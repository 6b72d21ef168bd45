/**
 * SPEC §7 generic `/api/users` (issue 14): create a member of the current space with a password, read, edit and
 * delete members of the current space, with the rules of §5 (fields, password) and §6 (grantable roles, tenancy).
 */
import type { ProblemBody, SpaceUser } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, type TestMember } from '../../../test/factories.js';

const STRONG = 'Termite-Create-2026!';
let t: TestApp;
let pcoSpace: string;
let owner: TestMember & { cookie: string };
let manager: TestMember & { cookie: string };
let otherSpaceMember: TestMember;

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(cookie), ...(payload ? { payload } : {}) });

const body = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Léa',
  lastname: 'Moreau',
  email: `lea.${Math.random().toString(36).slice(2, 8)}@example.com`,
  lang: 'fr',
  new_password1: STRONG,
  new_password2: STRONG,
  ...overrides,
});

const violations = (response: { statusCode: number; json(): unknown; body: string }) => {
  expect(response.statusCode, response.body).toBe(422);
  return ((response.json() as ProblemBody).violations ?? []).map((v) => `${v.propertyPath}: ${v.code}`);
};

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  pcoSpace = await createSpace(t.db, 'pco', { name: 'Bordeaux Termites' });
  const o = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_OWNER');
  owner = { ...o, cookie: await login(t.app, o.email) };
  const m = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_MANAGER');
  manager = { ...m, cookie: await login(t.app, m.email) };
  otherSpaceMember = await createMember(t.db, await createSpace(t.db, 'pco'), 'ROLE_PCO_SPACE_TECHNICIAN');
});
afterAll(() => t.close());

describe('POST /api/users', () => {
  it('creates an active plain member who can sign in with the password at once', async () => {
    const payload = body({ email: 'Lea.Moreau@Example.com' });
    const response = await call(owner.cookie, 'POST', '/api/users', payload);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as SpaceUser;
    expect(created).toMatchObject({
      firstname: 'Léa',
      lastname: 'Moreau',
      email: 'lea.moreau@example.com',
      role: 'ROLE_PCO_SPACE_USER',
      status: 'active',
      lang: 'fr',
      timezone: 'Europe/Paris',
    });
    await expect(login(t.app, 'lea.moreau@example.com', STRONG)).resolves.toContain('=');
    const read = await call(owner.cookie, 'GET', `/api/users/${created.ulid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...created, last_login_at: expect.any(String) });
    const list = await call(owner.cookie, 'GET', '/api/user_pcos?search=moreau');
    expect((list.json() as { 'hydra:member': SpaceUser[] })['hydra:member'].map((u) => u.ulid)).toContain(created.ulid);
  });

  it('gives the role asked when the actor may grant it, and refuses an owner or higher role', async () => {
    const technician = await call(manager.cookie, 'POST', '/api/users', body({ role: 'ROLE_PCO_SPACE_TECHNICIAN' }));
    expect(technician.statusCode, technician.body).toBe(201);
    expect((technician.json() as SpaceUser).role).toBe('ROLE_PCO_SPACE_TECHNICIAN');
    expect(violations(await call(owner.cookie, 'POST', '/api/users', body({ role: 'ROLE_PCO_SPACE_OWNER' })))).toEqual([
      'role: chosen_role_not_allowed',
    ]);
    expect(
      violations(await call(owner.cookie, 'POST', '/api/users', body({ role: 'ROLE_DEALER_SPACE_USER' }))),
    ).toEqual(['role: chosen_role_not_allowed']);
  });

  it('checks the fields and the password rule of SPEC §5, and creates nothing', async () => {
    const email = 'refused@example.com';
    expect(
      violations(
        await call(
          owner.cookie,
          'POST',
          '/api/users',
          body({ email, firstname: '', lastname: 'R2D2', new_password1: 'short', new_password2: 'other' }),
        ),
      ).sort(),
    ).toEqual(['firstname: firstname_required', 'lastname: lastname_invalid', 'new_password1: password_must_be']);
    expect(
      violations(await call(owner.cookie, 'POST', '/api/users', body({ email, new_password2: `${STRONG}x` }))),
    ).toEqual(['new_password2: passwords_do_not_match']);
    expect(violations(await call(owner.cookie, 'POST', '/api/users', body({ email, lang: 'de' })))).toEqual([
      'lang: language_not_accepted',
    ]);
    await expect(login(t.app, email, STRONG)).rejects.toThrow();
  });

  it('refuses an e-mail that already has an account, even in another space and in other case', async () => {
    const response = await call(
      owner.cookie,
      'POST',
      '/api/users',
      body({ email: otherSpaceMember.email.toUpperCase() }),
    );
    expect(violations(response)).toEqual(['email: email_already_exist']);
  });
});

describe('GET, PUT, DELETE /api/users/{ulid}', () => {
  it('reads, edits and deletes a member of the current space', async () => {
    const member = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_TECHNICIAN');
    const current = (await call(owner.cookie, 'GET', `/api/users/${member.membershipId}`)).json() as SpaceUser;
    const edited = await call(owner.cookie, 'PUT', `/api/users/${member.membershipId}`, {
      firstname: 'Hugo',
      lastname: 'Petit',
      email: current.email,
      lang: 'en',
      timezone: 'Europe/Lisbon',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      firstname: 'Hugo',
      lastname: 'Petit',
      lang: 'en',
      timezone: 'Europe/Lisbon',
    });
    expect((await call(owner.cookie, 'DELETE', `/api/users/${member.membershipId}`)).statusCode).toBe(204);
    expect((await call(owner.cookie, 'GET', `/api/users/${member.membershipId}`)).statusCode).toBe(404);
  });

  it('answers 404 for a member of another space and refuses to delete oneself', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await call(owner.cookie, method, `/api/users/${otherSpaceMember.membershipId}`);
      expect(response.statusCode).toBe(404);
      expect((response.json() as ProblemBody).error).toBe('user_not_found');
    }
    const self = await call(owner.cookie, 'DELETE', `/api/users/${owner.membershipId}`);
    expect(self.statusCode).toBe(400);
    expect((self.json() as ProblemBody).error).toBe('no_change_your_role');
  });

  it('refuses a manager editing the owner (403), as the per-type call does', async () => {
    const current = (await call(manager.cookie, 'GET', `/api/users/${owner.membershipId}`)).json() as SpaceUser;
    const response = await call(manager.cookie, 'PUT', `/api/users/${owner.membershipId}`, {
      firstname: 'X',
      lastname: 'Y',
      email: current.email,
      lang: 'fr',
      timezone: 'Europe/Paris',
    });
    expect(response.statusCode).toBe(403);
  });
});
