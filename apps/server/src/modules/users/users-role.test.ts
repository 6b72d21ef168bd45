/**
 * SPEC §6 ("A role can be changed except one's own. Invitable roles are restricted … Changing a role may require
 * reassigning sites"), §7 "Users": `PUT {users}/{ulid}/role`, `GET|PUT {users}/{ulid}/referent-sites`.
 */
import type { ReferentSite } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createMember, createSpace, login, type TestMember } from '../../../test/factories.js';
import { call, insertReferentSite, membershipRow, referentOf } from '../../../test/users-factories.js';

let t: TestApp;
let spaceId: string;
let owner: TestMember & { cookie: string };
let manager: TestMember & { cookie: string };

const setRole = (target: TestMember | string, newRole: unknown, cookie = owner.cookie, path = '/api/user_pcos') =>
  call(t.app, cookie, 'PUT', `${path}/${typeof target === 'string' ? target : target.membershipId}/role`, {
    new_role: newRole,
  });
const roleOf = async (target: TestMember) => (await membershipRow(t.db, target.membershipId))?.role;
const technician = (extra: Parameters<typeof createMember>[3] = {}) =>
  createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', extra);

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  spaceId = await createSpace(t.db, 'pco');
  const o = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  owner = { ...o, cookie: await login(t.app, o.email) };
  const mg = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
  manager = { ...mg, cookie: await login(t.app, mg.email) };
});
afterAll(() => t.close());

describe('PUT /api/user_pcos/{ulid}/role', () => {
  it('changes the role (204)', async () => {
    const member = await technician();
    const response = await setRole(member, 'ROLE_PCO_SPACE_MANAGER');
    expect(response.statusCode, response.body).toBe(204);
    expect(await roleOf(member)).toBe('ROLE_PCO_SPACE_MANAGER');
    const detail = await call(t.app, owner.cookie, 'GET', `/api/user_pcos/${member.membershipId}`);
    expect(detail.json().role).toBe('ROLE_PCO_SPACE_MANAGER');
    expect((await setRole(member, 'ROLE_PCO_SPACE_MANAGER')).statusCode).toBe(204);
  });

  it("changes an invited member's role too, who stays invited", async () => {
    const invited = await technician({ status: 'invited' });
    expect((await setRole(invited, 'ROLE_PCO_SPACE_MANAGER')).statusCode).toBe(204);
    expect(await membershipRow(t.db, invited.membershipId)).toMatchObject({
      role: 'ROLE_PCO_SPACE_MANAGER',
      status: 'invited',
    });
  });

  it("refuses one's own role (400 no_change_your_role)", async () => {
    const response = await setRole(manager, 'ROLE_PCO_SPACE_TECHNICIAN', manager.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('no_change_your_role');
    expect(await roleOf(manager)).toBe('ROLE_PCO_SPACE_MANAGER');
  });

  it('refuses a role above what the actor may grant, an owner role, or another type (422 chosen_role_not_allowed)', async () => {
    const member = await technician();
    for (const [role, cookie] of [
      ['ROLE_PCO_SPACE_OWNER', manager.cookie],
      ['ROLE_PCO_SPACE_OWNER', owner.cookie],
      ['ROLE_DEALER_SPACE_USER', owner.cookie],
      ['ROLE_ADMIN_SPACE_SUPER_ADMIN', owner.cookie],
    ] as const) {
      const response = await setRole(member, role, cookie);
      expect(response.statusCode, role).toBe(422);
      expect(response.json().error).toBe('chosen_role_not_allowed');
    }
    expect(await roleOf(member)).toBe('ROLE_PCO_SPACE_TECHNICIAN');
    // a manager may grant up to manager
    expect((await setRole(member, 'ROLE_PCO_SPACE_MANAGER', manager.cookie)).statusCode).toBe(204);
  });

  it("never lets anyone else change the owner's role (422 chosen_role_not_allowed)", async () => {
    const response = await setRole(owner, 'ROLE_PCO_SPACE_TECHNICIAN', manager.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('chosen_role_not_allowed');
    expect(await roleOf(owner)).toBe('ROLE_PCO_SPACE_OWNER');
  });

  it('validates the role (422 role_required, role_invalid)', async () => {
    const member = await technician();
    const missing = await call(t.app, owner.cookie, 'PUT', `/api/user_pcos/${member.membershipId}/role`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().violations[0]).toMatchObject({ propertyPath: 'new_role', code: 'role_required' });
    const unknown = await setRole(member, 'ROLE_GOD');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().violations[0]).toMatchObject({ propertyPath: 'new_role', code: 'role_invalid' });
  });

  it('applies the same rules in dealer and admin spaces', async () => {
    const dealerId = await createSpace(t.db, 'dealer');
    const dealerOwner = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const dealerUser = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER');
    const userCookie = await login(t.app, dealerUser.email);
    const ownerCookie = await login(t.app, dealerOwner.email);
    const denied = await setRole(dealerOwner, 'ROLE_DEALER_SPACE_USER', userCookie, '/api/user_dealers');
    expect(denied.statusCode).toBe(422);
    expect(denied.json().error).toBe('chosen_role_not_allowed');
    const toOwner = await setRole(dealerUser, 'ROLE_DEALER_SPACE_OWNER', ownerCookie, '/api/user_dealers');
    expect(toOwner.json().error).toBe('chosen_role_not_allowed');

    const adminId = await createSpace(t.db, 'admin');
    const superAdmin = await createMember(t.db, adminId, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
    const admin = await createMember(t.db, adminId, 'ROLE_ADMIN_SPACE_ADMIN');
    const plain = await createMember(t.db, adminId, 'ROLE_ADMIN_SPACE_USER');
    const adminCookie = await login(t.app, admin.email);
    const superCookie = await login(t.app, superAdmin.email);
    const up = await setRole(plain, 'ROLE_ADMIN_SPACE_SUPER_ADMIN', adminCookie, '/api/user_admins');
    expect(up.statusCode).toBe(422);
    expect(up.json().error).toBe('chosen_role_not_allowed');
    expect((await setRole(plain, 'ROLE_ADMIN_SPACE_ADMIN', adminCookie, '/api/user_admins')).statusCode).toBe(204);
    expect((await setRole(admin, 'ROLE_ADMIN_SPACE_SUPER_ADMIN', superCookie, '/api/user_admins')).statusCode).toBe(
      204,
    );
    // a PCO owner has no business on the admin path
    expect((await setRole(plain, 'ROLE_ADMIN_SPACE_USER', owner.cookie, '/api/user_admins')).statusCode).toBe(403);
  });
});

describe('referent sites (role change → reassign → role change)', () => {
  it('walks the owner through reassigning the sites before the role changes', async () => {
    const leaving = await technician({ firstname: 'Lucas', lastname: 'Moreau' });
    const taking = await technician({ firstname: 'Emma', lastname: 'Petit' });
    const disabled = await technician({ status: 'disabled' });
    const siteA = await insertReferentSite(t.db, spaceId, leaving.membershipId, 'Villa Les Pins', 'Bernard SARL');
    const siteB = await insertReferentSite(
      t.db,
      spaceId,
      leaving.membershipId,
      'Entrepôt Mérignac',
      'Alpha Logistique',
    );
    const unrelated = await insertReferentSite(t.db, spaceId, taking.membershipId, 'Maison Dupont', 'Dupont');
    const otherSpace = await createSpace(t.db, 'pco');
    const stranger = await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_TECHNICIAN');
    const foreignSite = await insertReferentSite(t.db, otherSpace, stranger.membershipId, 'Ailleurs');
    const base = `/api/user_pcos/${leaving.membershipId}`;

    // 1. the role change is held back: 200 with the number of sites, role unchanged
    const pending = await setRole(leaving, 'ROLE_PCO_SPACE_MANAGER');
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ nb_referent_site: 2 });
    expect(await roleOf(leaving)).toBe('ROLE_PCO_SPACE_TECHNICIAN');

    // 2. the sites to hand over, by client name
    const listed = await call(t.app, owner.cookie, 'GET', `${base}/referent-sites`);
    expect(listed.statusCode).toBe(200);
    const sites = listed.json()['hydra:member'] as ReferentSite[];
    expect(listed.json()['hydra:totalItems']).toBe(2);
    const client = (name: string) => ({
      '@id': expect.stringMatching(/^\/api\/clients\/[0-9A-Z]{26}$/),
      '@type': 'Client',
      ulid: expect.any(String),
      name,
    });
    expect(sites).toEqual([
      {
        '@id': `/api/sites/${siteB}`,
        '@type': 'Site',
        ulid: siteB,
        name: 'Entrepôt Mérignac',
        client: client('Alpha Logistique'),
      },
      {
        '@id': `/api/sites/${siteA}`,
        '@type': 'Site',
        ulid: siteA,
        name: 'Villa Les Pins',
        client: client('Bernard SARL'),
      },
    ]);

    // 3. wrong hand-overs change nothing
    const reassign = (assignments: { site: string; referent: string }[]) =>
      call(t.app, owner.cookie, 'PUT', `${base}/referent-sites`, { assignments });
    const partial = await reassign([{ site: siteA, referent: taking.membershipId }]);
    expect(partial.statusCode).toBe(422);
    expect(partial.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'assignments', code: 'referent_sites_required' }),
    ]);
    for (const referent of [leaving.membershipId, disabled.membershipId, stranger.membershipId, 'nope']) {
      const bad = await reassign([
        { site: siteA, referent: taking.membershipId },
        { site: siteB, referent },
      ]);
      expect(bad.statusCode, referent).toBe(422);
      expect(bad.json().violations).toEqual([
        expect.objectContaining({ propertyPath: 'assignments.1.referent', code: 'referent_invalid' }),
      ]);
    }
    const notHeld = await reassign([
      { site: siteA, referent: taking.membershipId },
      { site: siteB, referent: taking.membershipId },
      { site: unrelated, referent: owner.membershipId },
    ]);
    expect(notHeld.json().violations).toEqual([
      expect.objectContaining({ propertyPath: 'assignments.2.site', code: 'site_invalid' }),
    ]);
    const foreign = await reassign([
      { site: siteA, referent: taking.membershipId },
      { site: siteB, referent: taking.membershipId },
      { site: foreignSite, referent: taking.membershipId },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('site_not_found');
    expect(await referentOf(t.db, siteA)).toBe(leaving.membershipId);
    expect(await referentOf(t.db, foreignSite)).toBe(stranger.membershipId);
    expect(await referentOf(t.db, unrelated)).toBe(taking.membershipId);

    // 4. the hand-over (IRIs or bare ULIDs), all at once
    const done = await reassign([
      { site: `/api/sites/${siteA}`, referent: `/api/user_pcos/${taking.membershipId}` },
      { site: siteB, referent: owner.membershipId },
    ]);
    expect(done.statusCode, done.body).toBe(204);
    expect(await referentOf(t.db, siteA)).toBe(taking.membershipId);
    expect(await referentOf(t.db, siteB)).toBe(owner.membershipId);
    expect((await call(t.app, owner.cookie, 'GET', `${base}/referent-sites`)).json()).toMatchObject({
      'hydra:member': [],
      'hydra:totalItems': 0,
    });

    // 5. the same role change now goes through
    expect((await setRole(leaving, 'ROLE_PCO_SPACE_MANAGER')).statusCode).toBe(204);
    expect(await roleOf(leaving)).toBe('ROLE_PCO_SPACE_MANAGER');
  });

  it('lets a referent keep the same role without reassigning', async () => {
    const referent = await technician();
    await insertReferentSite(t.db, spaceId, referent.membershipId, 'Chai Saint-Émilion');
    expect((await setRole(referent, 'ROLE_PCO_SPACE_TECHNICIAN')).statusCode).toBe(204);
  });

  it('answers an empty list outside PCO spaces', async () => {
    const dealerId = await createSpace(t.db, 'dealer');
    const dealerOwner = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const cookie = await login(t.app, dealerOwner.email);
    const response = await call(t.app, cookie, 'GET', `/api/user_dealers/${dealerOwner.membershipId}/referent-sites`);
    expect(response.json()).toEqual({
      '@context': '/api/contexts/Site',
      '@id': `/api/user_dealers/${dealerOwner.membershipId}/referent-sites`,
      '@type': 'hydra:Collection',
      'hydra:member': [],
      'hydra:totalItems': 0,
    });
  });
});
