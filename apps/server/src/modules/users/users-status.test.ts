/**
 * SPEC §4 "User lifecycle" (active, disabled, re-enabled), §6 ("A user who is the referent technician of several
 * sites cannot be deleted or deactivated until the sites are reassigned"), §7 "Users": `PUT {users}/{ulid}/disable`,
 * `/enable`, `DELETE {users}/{ulid}`.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, TEST_PASSWORD, type TestMember } from '../../../test/factories.js';
import {
  accountRow,
  addMembership,
  call,
  insertIntervention,
  insertReferentSite,
  loginStatus,
  membershipRow,
  multipartFile,
  openSessions,
  refreshStatus,
  refreshTokenOf,
} from '../../../test/users-factories.js';

let t: TestApp;
let spaceId: string;
let owner: TestMember & { cookie: string };
let managerCookie: string;

const act = (action: 'disable' | 'enable', target: TestMember, cookie = owner.cookie) =>
  call(t.app, cookie, 'PUT', `/api/user_pcos/${target.membershipId}/${action}`);
const remove = (target: TestMember, cookie = owner.cookie) =>
  call(t.app, cookie, 'DELETE', `/api/user_pcos/${target.membershipId}`);
const technician = (extra: Parameters<typeof createMember>[3] = {}) =>
  createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', extra);

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  spaceId = await createSpace(t.db, 'pco');
  const o = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  owner = { ...o, cookie: await login(t.app, o.email) };
  const manager = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
  managerCookie = await login(t.app, manager.email);
});
afterAll(() => t.close());

describe('PUT /api/user_pcos/{ulid}/disable and /enable', () => {
  it('disables a member: their refresh token and their sign-in are refused; re-enabling restores them', async () => {
    const member = await technician();
    const cookie = await login(t.app, member.email);
    const response = await act('disable', member);
    expect(response.statusCode, response.body).toBe(204);
    const row = await membershipRow(t.db, member.membershipId);
    expect(row?.status).toBe('disabled');
    expect(row?.disabledAt).toBeInstanceOf(Date);
    expect(await openSessions(t.db, member.accountId)).toEqual([]);
    expect(await refreshStatus(t.app, refreshTokenOf(cookie))).toBe(401);
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(401);
    const listed = await call(t.app, owner.cookie, 'GET', '/api/user_pcos?status=disabled');
    expect(listed.json()['hydra:member'].map((u: { ulid: string }) => u.ulid)).toContain(member.membershipId);

    expect((await act('enable', member)).statusCode).toBe(204);
    expect(await membershipRow(t.db, member.membershipId)).toMatchObject({ status: 'active', disabledAt: null });
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(200);
  });

  it('ends only the sessions of that space: the person still signs in to their other space', async () => {
    const member = await technician();
    const dealerId = await createSpace(t.db, 'dealer');
    await addMembership(t.db, member.accountId, dealerId, 'ROLE_DEALER_SPACE_USER');
    const cookie = await login(t.app, member.email);
    expect((await call(t.app, cookie, 'GET', '/api/me')).json().user_type).toBe('pco');
    expect((await act('disable', member)).statusCode).toBe(204);
    expect(await refreshStatus(t.app, refreshTokenOf(cookie))).toBe(401);
    const again = await login(t.app, member.email);
    expect((await call(t.app, again, 'GET', '/api/me')).json().user_type).toBe('dealer');
  });

  it('keeps disabling and enabling idempotent', async () => {
    const member = await technician({ status: 'disabled' });
    expect((await act('disable', member)).statusCode).toBe(204);
    const active = await technician();
    expect((await act('enable', active)).statusCode).toBe(204);
    expect((await membershipRow(t.db, active.membershipId))?.status).toBe('active');
  });

  it('refuses oneself (400 no_change_your_role)', async () => {
    for (const action of ['disable', 'enable'] as const) {
      const response = await act(action, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('no_change_your_role');
    }
    expect((await membershipRow(t.db, owner.membershipId))?.status).toBe('active');
  });

  it('refuses the referent of sites (409 user_is_referent with nb_referent_site)', async () => {
    const referent = await technician();
    await insertReferentSite(t.db, spaceId, referent.membershipId, 'Villa Les Pins');
    const response = await act('disable', referent);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'user_is_referent', nb_referent_site: 1 });
    expect((await membershipRow(t.db, referent.membershipId))?.status).toBe('active');
  });

  it('refuses an invited member (409 conflict: the invitation is cancelled instead)', async () => {
    const invited = await technician({ status: 'invited' });
    const response = await act('disable', invited);
    expect(response.statusCode).toBe(409);
    expect((await membershipRow(t.db, invited.membershipId))?.status).toBe('invited');
    // enabling does not activate an invitation
    expect((await act('enable', invited)).statusCode).toBe(204);
    expect((await membershipRow(t.db, invited.membershipId))?.status).toBe('invited');
  });

  it('lets a manager disable a technician but not the owner (403)', async () => {
    const member = await technician();
    expect((await act('disable', member, managerCookie)).statusCode).toBe(204);
    expect((await act('disable', owner, managerCookie)).statusCode).toBe(403);
    expect((await membershipRow(t.db, owner.membershipId))?.status).toBe('active');
  });
});

describe('DELETE /api/user_pcos/{ulid}', () => {
  it('deletes the member and their account when it has no other space', async () => {
    const member = await technician();
    const cookie = await login(t.app, member.email);
    const response = await remove(member);
    expect(response.statusCode, response.body).toBe(204);
    expect(await membershipRow(t.db, member.membershipId)).toBeUndefined();
    expect(await accountRow(t.db, member.accountId)).toBeUndefined();
    expect(await refreshStatus(t.app, refreshTokenOf(cookie))).toBe(401);
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(401);
    expect((await call(t.app, owner.cookie, 'GET', `/api/user_pcos/${member.membershipId}`)).statusCode).toBe(404);
  });

  it('keeps the account and its other memberships', async () => {
    const member = await technician();
    const dealerId = await createSpace(t.db, 'dealer');
    const dealerMembership = await addMembership(t.db, member.accountId, dealerId, 'ROLE_DEALER_SPACE_USER');
    expect((await remove(member)).statusCode).toBe(204);
    expect(await membershipRow(t.db, member.membershipId)).toBeUndefined();
    expect(await accountRow(t.db, member.accountId)).toBeDefined();
    expect(await membershipRow(t.db, dealerMembership)).toBeDefined();
    expect(await loginStatus(t.app, member.email, TEST_PASSWORD)).toBe(200);
  });

  it('deletes an invited member', async () => {
    const invited = await technician({ status: 'invited' });
    expect((await remove(invited)).statusCode).toBe(204);
    expect(await accountRow(t.db, invited.accountId)).toBeUndefined();
  });

  it('deletes the avatar file of a deleted account', async () => {
    const member = await technician();
    const image = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#226644' } })
      .png()
      .toBuffer();
    const file = multipartFile('file', 'a.png', 'image/png', image);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/user_pcos/${member.membershipId}/avatar`,
      headers: as(owner.cookie, { 'content-type': file.contentType }),
      payload: file.payload,
    });
    const key = `avatars/${String(uploaded.json().avatar).split('/').at(-1)}`;
    expect(await t.storage.get(key)).not.toBeNull();
    expect((await remove(member)).statusCode).toBe(204);
    expect(await t.storage.get(key)).toBeNull();
  });

  it('refuses oneself (400), the referent of sites (409 user_is_referent), and the owner to a manager (403)', async () => {
    const self = await remove(owner);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('no_change_your_role');
    const referent = await technician();
    await insertReferentSite(t.db, spaceId, referent.membershipId, 'Entrepôt Mérignac');
    await insertReferentSite(t.db, spaceId, referent.membershipId, 'Maison Dupont');
    const response = await remove(referent);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'user_is_referent', nb_referent_site: 2 });
    expect((await remove(owner, managerCookie)).statusCode).toBe(403);
    expect(await membershipRow(t.db, referent.membershipId)).toBeDefined();
    expect(await membershipRow(t.db, owner.membershipId)).toBeDefined();
  });

  it('keeps a member who took part in visits, so that the visit history stays whole (409 user_has_interventions)', async () => {
    const intervener = await technician();
    const siteId = await insertReferentSite(t.db, spaceId, owner.membershipId, 'Résidence Les Chênes');
    await insertIntervention(t.db, spaceId, siteId, [intervener.membershipId]);
    const response = await remove(intervener);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'user_has_interventions', nb_intervention: 1 });
    expect(await membershipRow(t.db, intervener.membershipId)).toBeDefined();
    // disabling is the way out
    expect((await act('disable', intervener)).statusCode).toBe(204);
  });
});
