/**
 * SPEC §2.7 "Users: edit (name, e-mail, password, language, timezone)", §5, §7 "Users": `PUT {users}/{ulid}` —
 * values applied, `email_already_exist`, password change ending the account's sessions, mass assignment ignored,
 * who may edit whom; and its merge-patch twin `PATCH {users}/{ulid}` (issue 11, ADR 009).
 */
import type { UserEditBody } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, TEST_PASSWORD, type TestMember } from '../../../test/factories.js';
import {
  accountRow,
  addMembership,
  call,
  loginStatus,
  membershipRow,
  refreshStatus,
  refreshTokenOf,
} from '../../../test/users-factories.js';

let t: TestApp;
let spaceId: string;
let owner: TestMember & { cookie: string };
let managerCookie: string;

const NEW_PASSWORD = 'Nouveau-Mot-2026!';
const MERGE_PATCH = 'application/merge-patch+json';
const form = (member: TestMember, changes: Partial<UserEditBody> = {}): UserEditBody => ({
  firstname: 'Émilie',
  lastname: "O'Neil-Durand",
  email: member.email,
  lang: 'ja',
  timezone: 'Asia/Tokyo',
  ...changes,
});
const edit = (member: TestMember, body: unknown, cookie = owner.cookie) =>
  call(t.app, cookie, 'PUT', `/api/user_pcos/${member.membershipId}`, body);
const technician = () => createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');

beforeAll(async () => {
  t = await buildTestApp();
  spaceId = await createSpace(t.db, 'pco');
  const o = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  owner = { ...o, cookie: await login(t.app, o.email) };
  const manager = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
  managerCookie = await login(t.app, manager.email);
});
afterAll(() => t.close());

describe('PUT /api/user_pcos/{ulid}', () => {
  it("changes the member's name, e-mail, language and time zone and answers the member", async () => {
    const member = await technician();
    const response = await edit(member, form(member, { email: '  Emilie.ONeil@Example.COM ' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: member.membershipId,
      firstname: 'Émilie',
      lastname: "O'Neil-Durand",
      email: 'emilie.oneil@example.com',
      lang: 'ja',
      timezone: 'Asia/Tokyo',
      role: 'ROLE_PCO_SPACE_TECHNICIAN',
    });
    const again = await call(t.app, owner.cookie, 'GET', `/api/user_pcos/${member.membershipId}`);
    expect(again.json()).toMatchObject({ email: 'emilie.oneil@example.com', timezone: 'Asia/Tokyo' });
    // the new address signs in at once
    expect(await loginStatus(t.app, 'emilie.oneil@example.com', TEST_PASSWORD)).toBe(200);
  });

  it('refuses an e-mail another account uses (422 email_already_exist), whatever its case', async () => {
    const member = await technician();
    const elsewhere = await createMember(t.db, await createSpace(t.db, 'pco'), 'ROLE_PCO_SPACE_TECHNICIAN', {
      email: 'taken@other.example',
    });
    const response = await edit(member, form(member, { email: 'TAKEN@other.example' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'email', code: 'email_already_exist' }),
    ]);
    expect((await accountRow(t.db, member.accountId))?.email).toBe(member.email);
    expect((await accountRow(t.db, elsewhere.accountId))?.email).toBe('taken@other.example');
  });

  it('keeps an unchanged e-mail and validates the fields (422 with their codes)', async () => {
    const member = await technician();
    expect((await edit(member, form(member))).statusCode).toBe(200);
    const response = await edit(member, {
      ...form(member),
      firstname: '',
      lang: 'de',
      timezone: 'Mars/Olympus',
      new_password1: 'short',
      new_password2: 'short',
    });
    expect(response.statusCode).toBe(422);
    const codes = Object.fromEntries(
      (response.json().violations as { propertyPath: string; code: string }[]).map((v) => [v.propertyPath, v.code]),
    );
    expect(codes).toEqual({
      firstname: 'firstname_required',
      lang: 'language_not_accepted',
      timezone: 'timezone_not_accepted',
      new_password1: 'password_must_be',
    });
    const mismatch = await edit(member, {
      ...form(member),
      new_password1: NEW_PASSWORD,
      new_password2: 'Other-2026!x',
    });
    expect(mismatch.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'new_password2', code: 'passwords_do_not_match' }),
    ]);
  });

  it('ignores fields it does not know: role, status, avatar and account ids stay as they were', async () => {
    const member = await technician();
    const response = await edit(member, {
      ...form(member),
      role: 'ROLE_PCO_SPACE_OWNER',
      status: 'disabled',
      avatar: 'https://evil.example/x.png',
      disabled_at: '2026-01-01T00:00:00Z',
      nb_referent_site: 9,
      ulid: '01J00000000000000000000000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: member.membershipId,
      role: 'ROLE_PCO_SPACE_TECHNICIAN',
      status: 'active',
      avatar: null,
      disabled_at: null,
    });
    const row = await membershipRow(t.db, member.membershipId);
    expect(row).toMatchObject({ role: 'ROLE_PCO_SPACE_TECHNICIAN', status: 'active', disabledAt: null });
  });

  it("changes the password: the member's sessions end, the old password fails, the new one signs in", async () => {
    const member = await technician();
    const memberCookie = await login(t.app, member.email);
    const response = await edit(member, { ...form(member), new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(await refreshStatus(t.app, refreshTokenOf(memberCookie))).toBe(401);
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(401);
    expect(await loginStatus(t.app, member.email, NEW_PASSWORD)).toBe(200);
    expect((await accountRow(t.db, member.accountId))?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('keeps the password when no new one is given', async () => {
    const member = await technician();
    const memberCookie = await login(t.app, member.email);
    expect((await edit(member, form(member))).statusCode).toBe(200);
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(200);
    expect(await refreshStatus(t.app, refreshTokenOf(memberCookie))).toBe(200);
  });

  it('lets the actor change its own password without ending the session it works in, but ends its others', async () => {
    const self = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
    const working = await login(t.app, self.email);
    const elsewhere = await login(t.app, self.email);
    const response = await edit(
      self,
      { ...form(self), new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
      working,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await refreshStatus(t.app, refreshTokenOf(elsewhere))).toBe(401);
    expect(await refreshStatus(t.app, refreshTokenOf(working))).toBe(200);
  });

  it('lets a manager edit a technician but not the owner (403)', async () => {
    const member = await technician();
    expect((await edit(member, form(member), managerCookie)).statusCode).toBe(200);
    const response = await edit(
      owner,
      form(owner, { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }),
      managerCookie,
    );
    expect(response.statusCode).toBe(403);
    expect(await loginStatus(t.app, owner.email, TEST_PASSWORD)).toBe(200);
  });

  it('never changes the e-mail or password of an account that also belongs to another space (409)', async () => {
    const member = await technician();
    const dealerId = await createSpace(t.db, 'dealer');
    // the same account also holds a membership of a dealer space
    await addMembership(t.db, member.accountId, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const email = await edit(member, form(member, { email: 'hijack@evil.example' }));
    expect(email.statusCode).toBe(409);
    expect(email.json().error).toBe('account_shared_with_other_space');
    const password = await edit(member, { ...form(member), new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(password.statusCode).toBe(409);
    expect(password.json().error).toBe('account_shared_with_other_space');
    expect((await accountRow(t.db, member.accountId))?.email).toBe(member.email);
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(200);
    // the name, language and time zone may still be set
    expect((await edit(member, form(member))).statusCode).toBe(200);
  });
});

describe('PATCH /api/user_pcos/{ulid} (merge patch, ADR 009)', () => {
  const patch = (member: TestMember, payload: unknown, cookie = owner.cookie, contentType = MERGE_PATCH) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/user_pcos/${member.membershipId}`,
      headers: as(cookie, { 'content-type': contentType }),
      payload: JSON.stringify(payload),
    });

  it('renames with only the first name: the last name, e-mail, language and time zone stay', async () => {
    const member = await technician();
    expect((await edit(member, form(member))).statusCode).toBe(200);
    // the issue's own example: a PUT of this body answers 422 lastname_required
    const response = await patch(member, { firstname: 'Sophie' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Sophie',
      lastname: "O'Neil-Durand",
      email: member.email,
      lang: 'ja',
      timezone: 'Asia/Tokyo',
    });
    expect(await accountRow(t.db, member.accountId)).toMatchObject({ firstname: 'Sophie', lastname: "O'Neil-Durand" });
    expect((await edit(member, { firstname: 'Sophie' })).json().violations).toEqual(
      expect.arrayContaining([expect.objectContaining({ propertyPath: 'lastname', code: 'lastname_required' })]),
    );
  });

  it('checks the patched member by the PUT rules (422, nothing written) and removing a required member is a violation', async () => {
    const member = await technician();
    const before = await accountRow(t.db, member.accountId);
    const response = await patch(member, { lastname: null, timezone: 'Mars/Olympus' });
    expect(response.statusCode).toBe(422);
    expect(
      (response.json().violations as { propertyPath: string; code: string }[]).map(
        (v) => `${v.propertyPath}:${v.code}`,
      ),
    ).toEqual(expect.arrayContaining(['lastname:lastname_required', 'timezone:timezone_not_accepted']));
    expect(await accountRow(t.db, member.accountId)).toEqual(before);
  });

  it('changes the password with the two new-password members, ending the sessions as the PUT does', async () => {
    const member = await technician();
    const memberCookie = await login(t.app, member.email);
    const response = await patch(member, { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(await refreshStatus(t.app, refreshTokenOf(memberCookie))).toBe(401);
    expect(await loginStatus(t.app, member.email, NEW_PASSWORD)).toBe(200);
  });

  it('keeps the guards of the PUT: a manager may not patch the owner (403), another space answers 404', async () => {
    const before = await accountRow(t.db, owner.accountId);
    expect((await patch(owner, { firstname: 'Mallory' }, managerCookie)).statusCode).toBe(403);
    expect(await accountRow(t.db, owner.accountId)).toEqual(before);
    const stranger = await createMember(t.db, await createSpace(t.db, 'pco'), 'ROLE_PCO_SPACE_TECHNICIAN');
    const response = await patch(stranger, { firstname: 'Mallory' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('user_not_found');
  });

  it('takes only application/merge-patch+json (415 for plain JSON)', async () => {
    const member = await technician();
    expect((await patch(member, { firstname: 'Sophie' }, owner.cookie, 'application/json')).statusCode).toBe(415);
  });
});
