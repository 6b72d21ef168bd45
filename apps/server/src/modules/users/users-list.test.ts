/**
 * SPEC §4 "User lifecycle", §6, §7 "Users, per type": `GET {users}` (segments, order, search, role, paging),
 * `GET {users}/{ulid}`, and who may call the users paths of which type (tenancy: another space's member is 404).
 */
import type { HydraCollection, SpaceUser } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, type TestMember } from '../../../test/factories.js';
import { call, insertReferentSite, setMemberState } from '../../../test/users-factories.js';

type Member = TestMember & { cookie?: string };
let t: TestApp;
let owner: Member & { cookie: string };
let technicianCookie: string;
let otherOwner: Member & { cookie: string };
let m: Record<string, Member>;

const list = async (query = '', cookie = owner.cookie, path = '/api/user_pcos') => {
  const response = await call(t.app, cookie, 'GET', `${path}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HydraCollection<SpaceUser>;
};
const names = (collection: HydraCollection<SpaceUser>) =>
  collection['hydra:member'].map((u) => `${u.firstname} ${u.lastname}`);

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const spaceId = await createSpace(t.db, 'pco');
  const o = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', {
    firstname: 'Sophie',
    lastname: 'Durand',
    email: 'sophie.durand@pco.example',
  });
  owner = { ...o, cookie: await login(t.app, o.email) };
  const tech = (firstname: string, lastname: string, extra: Parameters<typeof createMember>[3] = {}) =>
    createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname, lastname, ...extra });
  m = {
    manager: await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER', { firstname: 'Thomas', lastname: 'Bernard' }),
    elodie: await tech('Élodie', 'Martin', { email: 'e.martin@pco.example' }),
    lucas: await tech('Lucas', 'Moreau', { color: '#c2410c' }),
    anne: await tech('Anne', 'Zola'),
    invitedOld: await tech('Ines', 'Invitée', { status: 'invited' }),
    invitedNew: await tech('Igor', 'Invité', { status: 'invited' }),
    disabledOld: await tech('Denis', 'Désactivé', { status: 'disabled' }),
    disabledNew: await tech('Diane', 'Désactivée', { status: 'disabled' }),
  };
  const id = (key: string) => (m[key] as Member).membershipId;
  // Anne was invited long ago and is active now: her old invitation date must not move her out of the name order.
  await setMemberState(t.db, id('anne'), { lastInvitedAt: new Date('2026-03-05T10:00:00Z') });
  await setMemberState(t.db, id('invitedOld'), { lastInvitedAt: new Date('2026-02-01T10:00:00Z') });
  await setMemberState(t.db, id('invitedNew'), { lastInvitedAt: new Date('2026-03-01T10:00:00Z') });
  await setMemberState(t.db, id('disabledOld'), { disabledAt: new Date('2026-01-05T10:00:00Z') });
  await setMemberState(t.db, id('disabledNew'), { disabledAt: new Date('2026-02-10T10:00:00Z') });
  await insertReferentSite(t.db, spaceId, id('lucas'), 'Entrepôt Mérignac');
  await insertReferentSite(t.db, spaceId, id('lucas'), 'Villa Les Pins');
  technicianCookie = await login(t.app, (m.lucas as Member).email);

  const otherSpace = await createSpace(t.db, 'pco');
  const other = await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_OWNER', { firstname: 'Haruto', lastname: 'Sato' });
  otherOwner = { ...other, cookie: await login(t.app, other.email) };
  await createMember(t.db, otherSpace, 'ROLE_PCO_SPACE_TECHNICIAN', { firstname: 'Lucas', lastname: 'Autre' });
});
afterAll(() => t.close());

describe('GET /api/user_pcos (users list)', () => {
  it('lists disabled first (latest first), then invited (latest first), then active by last name, first name', async () => {
    const result = await list();
    expect(result['hydra:totalItems']).toBe(9);
    expect(names(result)).toEqual([
      'Diane Désactivée',
      'Denis Désactivé',
      'Igor Invité',
      'Ines Invitée',
      'Thomas Bernard',
      'Sophie Durand',
      'Élodie Martin',
      'Lucas Moreau',
      'Anne Zola',
    ]);
    expect(result['@type']).toBe('hydra:Collection');
  });

  it('describes each member as SpaceUser, with the number of sites they are the referent of', async () => {
    const lucas = (await list('?search=moreau'))['hydra:member'][0];
    expect(lucas).toEqual({
      '@id': `/api/user_pcos/${m.lucas?.membershipId}`,
      '@type': 'User',
      ulid: m.lucas?.membershipId,
      firstname: 'Lucas',
      lastname: 'Moreau',
      email: m.lucas?.email,
      role: 'ROLE_PCO_SPACE_TECHNICIAN',
      status: 'active',
      color: '#c2410c',
      avatar: null,
      lang: 'fr',
      timezone: 'Europe/Paris',
      disabled_at: null,
      last_invited_at: null,
      last_login_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
      licence_number: null,
      nb_referent_site: 2,
    });
    const disabled = (await list('?status=disabled'))['hydra:member'][0];
    // the actor's zone (Europe/Paris, UTC+1 in February)
    expect(disabled?.disabled_at).toBe('2026-02-10T11:00:00+01:00');
    expect(disabled?.nb_referent_site).toBe(0);
  });

  it('shows one segment at a time', async () => {
    expect(names(await list('?status=invited'))).toEqual(['Igor Invité', 'Ines Invitée']);
    expect(names(await list('?status=disabled'))).toEqual(['Diane Désactivée', 'Denis Désactivé']);
    const active = await list('?status=active');
    expect(active['hydra:totalItems']).toBe(5);
    expect(active['hydra:member'].every((u) => u.status === 'active')).toBe(true);
  });

  it('searches first name, last name and e-mail, ignoring case and accents', async () => {
    expect(names(await list('?search=elodie'))).toEqual(['Élodie Martin']);
    expect(names(await list('?search=MARTIN'))).toEqual(['Élodie Martin']);
    expect(names(await list('?search=e.martin@pco'))).toEqual(['Élodie Martin']);
    expect(names(await list('?search=desactive'))).toEqual(['Diane Désactivée', 'Denis Désactivé']);
    expect(names(await list('?search=invit&status=invited'))).toEqual(['Igor Invité', 'Ines Invitée']);
    expect((await list('?search=%25'))['hydra:totalItems']).toBe(0);
  });

  it('filters by role, and refuses an unknown role (400)', async () => {
    expect(names(await list('?role=ROLE_PCO_SPACE_MANAGER'))).toEqual(['Thomas Bernard']);
    expect((await list('?role=ROLE_PCO_SPACE_TECHNICIAN'))['hydra:totalItems']).toBe(7);
    const bad = await call(t.app, owner.cookie, 'GET', '/api/user_pcos?role=ROLE_NOPE');
    expect(bad.statusCode).toBe(400);
  });

  it('shows a member of another PCO only the members of that PCO', async () => {
    const result = await list('', otherOwner.cookie);
    expect(names(result)).toEqual(['Lucas Autre', 'Haruto Sato']);
    expect((await list('?search=lucas', otherOwner.cookie))['hydra:totalItems']).toBe(1);
  });
});

describe('paging', () => {
  it('answers 30 members a page, with the total and the paging links', async () => {
    const spaceId = await createSpace(t.db, 'pco');
    const big = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_OWNER', { firstname: 'Paul', lastname: 'Aaron' });
    for (let i = 0; i < 34; i++) {
      await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', {
        firstname: 'Tech',
        lastname: `Nom${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
      });
    }
    const cookie = await login(t.app, big.email);
    const first = await list('', cookie);
    expect(first['hydra:totalItems']).toBe(35);
    expect(first['hydra:member']).toHaveLength(30);
    expect(first['hydra:view']?.['hydra:next']).toBe('/api/user_pcos?page=2');
    const second = await list('?page=2', cookie);
    expect(second['hydra:member']).toHaveLength(5);
    expect(names(second).at(-1)).toBe('Tech NomBH');
    expect(second['hydra:view']?.['hydra:next']).toBeUndefined();
  });
});

describe('GET /api/user_pcos/{ulid}', () => {
  it('answers the member', async () => {
    const response = await call(t.app, owner.cookie, 'GET', `/api/user_pcos/${m.invitedNew?.membershipId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: m.invitedNew?.membershipId,
      status: 'invited',
      last_invited_at: '2026-03-01T11:00:00+01:00',
      nb_referent_site: 0,
    });
  });

  it('answers 404 user_not_found for an unknown or malformed id', async () => {
    for (const id of ['01J00000000000000000000000', 'nope']) {
      const response = await call(t.app, owner.cookie, 'GET', `/api/user_pcos/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('user_not_found');
    }
  });
});

describe('tenancy and access', () => {
  it("answers 404 user_not_found for another PCO's member, on every call", async () => {
    const id = m.lucas?.membershipId as string;
    const base = `/api/user_pcos/${id}`;
    const calls: [method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', base],
      [
        'PUT',
        base,
        { firstname: 'Pirate', lastname: 'Pirate', email: 'pirate@x.example', lang: 'fr', timezone: 'UTC' },
      ],
      ['PUT', `${base}/role`, { new_role: 'ROLE_PCO_SPACE_MANAGER' }],
      ['PUT', `${base}/disable`],
      ['PUT', `${base}/enable`],
      ['DELETE', base],
      ['GET', `${base}/referent-sites`],
      ['PUT', `${base}/referent-sites`, { assignments: [] }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(t.app, otherOwner.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('user_not_found');
    }
    const avatar = await t.app.inject({
      method: 'POST',
      url: `${base}/avatar`,
      headers: as(otherOwner.cookie, { 'content-type': 'multipart/form-data; boundary=x' }),
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(avatar.statusCode).toBe(404);
    // nothing changed for the real member
    expect((await list('?search=moreau'))['hydra:member'][0]).toMatchObject({ status: 'active', firstname: 'Lucas' });
  });

  it('refuses a technician (403)', async () => {
    const response = await call(t.app, technicianCookie, 'GET', '/api/user_pcos');
    expect(response.statusCode).toBe(403);
    const own = await call(t.app, technicianCookie, 'GET', `/api/user_pcos/${m.lucas?.membershipId}`);
    expect(own.statusCode).toBe(403);
  });

  it('refuses a PCO owner on the dealer and admin paths (403)', async () => {
    for (const path of ['/api/user_dealers', '/api/user_admins', `/api/user_dealers/${owner.membershipId}`]) {
      expect((await call(t.app, owner.cookie, 'GET', path)).statusCode, path).toBe(403);
    }
  });

  it('serves a dealer space to its owner and users, and no PCO path to them', async () => {
    const dealerId = await createSpace(t.db, 'dealer');
    const dealerOwner = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER', {
      firstname: 'Denise',
      lastname: 'Distri',
    });
    const dealerUser = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER', {
      firstname: 'Damien',
      lastname: 'Vendeur',
    });
    for (const member of [dealerOwner, dealerUser]) {
      const cookie = await login(t.app, member.email);
      const result = await list('', cookie, '/api/user_dealers');
      expect(names(result)).toEqual(['Denise Distri', 'Damien Vendeur']);
      expect(result['hydra:member'][0]).toMatchObject({
        '@id': `/api/user_dealers/${dealerOwner.membershipId}`,
        role: 'ROLE_DEALER_SPACE_OWNER',
        nb_referent_site: 0,
      });
      expect((await call(t.app, cookie, 'GET', '/api/user_pcos')).statusCode).toBe(403);
      expect((await call(t.app, cookie, 'GET', '/api/user_admins')).statusCode).toBe(403);
    }
  });

  it('serves the admin space to super admins and admins, not to plain admin users', async () => {
    const adminId = await createSpace(t.db, 'admin');
    const superAdmin = await createMember(t.db, adminId, 'ROLE_ADMIN_SPACE_SUPER_ADMIN', { lastname: 'Alpha' });
    const plain = await createMember(t.db, adminId, 'ROLE_ADMIN_SPACE_USER', { lastname: 'Beta' });
    const result = await list('', await login(t.app, superAdmin.email), '/api/user_admins');
    expect(result['hydra:member'].map((u) => u['@id'])).toEqual([
      `/api/user_admins/${superAdmin.membershipId}`,
      `/api/user_admins/${plain.membershipId}`,
    ]);
    const plainCookie = await login(t.app, plain.email);
    expect((await call(t.app, plainCookie, 'GET', '/api/user_admins')).statusCode).toBe(403);
  });
});
