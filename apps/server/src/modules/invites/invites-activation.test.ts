/**
 * SPEC §2.1 "Activation", §7 "Invites, per type", §8 "Invitation/activation": the public token routes — the look-up
 * per type, `new-user` and `join-space` — then signing in to the joined space; expiry, single use, rate limit.
 */
import {
  type ActivationResult,
  type CurrentUser,
  INVITES_PATH,
  type InviteLookup,
  type ProblemBody,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, createSpace, login, type TestMember } from '../../../test/factories.js';
import { INVITES_TEST_ENV, inviteAndGetToken, violationsOf } from './invites.test-support.js';

type Team = Awaited<ReturnType<typeof createPcoTeam>>;

let t: TestApp;
let pco: Team;
let pcoName: string;
let dealerId: string;
let dealerOwner: TestMember & { cookie: string };
let superAdmin: TestMember & { cookie: string };

const NEW_PASSWORD = 'Nouveau-Mot-2026!';
const PCO = INVITES_PATH.pco;
const errorOf = (response: { json(): unknown }) => (response.json() as ProblemBody).error;

const lookup = (path: string, token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `${path}/${token}`, ...(remoteAddress ? { remoteAddress } : {}) });

const newUser = (token: string, body: Record<string, unknown>, path = PCO) =>
  t.app.inject({
    method: 'POST',
    url: `${path}/new-user/${token}`,
    headers: { 'client-type': 'webapp' },
    payload: body,
  });

const joinSpace = (token: string, path = PCO) =>
  t.app.inject({
    method: 'POST',
    url: `${path}/join-space/${token}`,
    headers: { 'client-type': 'webapp' },
    payload: {},
  });

const identity = {
  firstname: 'Léa',
  lastname: "D'Almeida",
  new_password: NEW_PASSWORD,
  timezone: 'America/Martinique',
};

async function me(cookie: string): Promise<CurrentUser> {
  const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Moves the expiry of every open link of the membership into the past. */
async function expire(membershipId: string) {
  await t.db.execute(
    `update invitations set expires_at = now() - interval '1 minute' where membership_id = '${membershipId}'`,
  );
}

beforeAll(async () => {
  t = await buildTestApp({ env: INVITES_TEST_ENV });
  pco = await createPcoTeam(t.app, t.db);
  pcoName = (await t.db.query.spaces.findFirst({ where: (s, { eq }) => eq(s.id, pco.spaceId) }))?.name ?? '';
  dealerId = await createSpace(t.db, 'dealer', { name: 'Termi Distribution', logo: '/uploads/logo.png' });
  const owner = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
  dealerOwner = { ...owner, cookie: await login(t.app, owner.email) };
  const adminSpace = await createSpace(t.db, 'admin', { name: 'Isoptera HQ' });
  const admin = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
  superAdmin = { ...admin, cookie: await login(t.app, admin.email) };
});
afterAll(() => t.close());

describe('GET {invites}/get-{type}/{token}', () => {
  it('shows the activation page what it needs, the space under the key of its type', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'new.tech@example.com', 'ROLE_PCO_SPACE_TECHNICIAN');
    const response = await lookup(`${PCO}/get-pco`, invite.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      '@context': '/api/contexts/InviteLookup',
      '@id': `${PCO}/get-pco/${invite.token}`,
      '@type': 'InviteLookup',
      email: 'new.tech@example.com',
      role: 'ROLE_PCO_SPACE_TECHNICIAN',
      user_type: 'pco',
      user_exist: false,
      firstname: '',
      lastname: '',
      pco: { '@id': `/api/pcos/${pco.spaceId}`, '@type': 'Pco', ulid: pco.spaceId, name: pcoName, logo: null },
    } satisfies InviteLookup);

    const dealer = await inviteAndGetToken(
      t,
      dealerOwner.cookie,
      'seller@example.com',
      'ROLE_DEALER_SPACE_USER',
      'dealer',
    );
    const dealerLookup = (await lookup(`${INVITES_PATH.dealer}/get-dealer`, dealer.token)).json() as InviteLookup;
    expect(dealerLookup.dealer).toEqual({
      '@id': `/api/dealers/${dealerId}`,
      '@type': 'Dealer',
      ulid: dealerId,
      name: 'Termi Distribution',
      logo: '/uploads/logo.png',
    });
    expect(dealerLookup.pco).toBeUndefined();
    const admin = await inviteAndGetToken(t, superAdmin.cookie, 'ops@example.com', 'ROLE_ADMIN_SPACE_USER', 'admin');
    const adminLookup = (await lookup(`${INVITES_PATH.admin}/get-admin`, admin.token)).json() as InviteLookup;
    expect(adminLookup).toMatchObject({
      user_type: 'admin',
      role: 'ROLE_ADMIN_SPACE_USER',
      admin: { '@type': 'Admin', name: 'Isoptera HQ' },
    });

    // a link of one type is unknown under the path of another
    for (const [path, token] of [
      [`${INVITES_PATH.dealer}/get-dealer`, invite.token],
      [`${PCO}/get-pco`, dealer.token],
      [`${INVITES_PATH.admin}/get-admin`, invite.token],
    ] as const) {
      const wrong = await lookup(path, token);
      expect(wrong.statusCode, path).toBe(404);
      expect(errorOf(wrong)).toBe('invalid_invite_token');
    }
  });

  it('answers 404 invalid_invite_token for an unknown token', async () => {
    const response = await lookup(`${PCO}/get-pco`, 'x'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe('invalid_invite_token');
  });

  it('answers 410 expire_invite_token after 7 days, also on new-user and join-space', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'late@example.com', 'ROLE_PCO_SPACE_USER');
    await expire(invite.ulid);
    const response = await lookup(`${PCO}/get-pco`, invite.token);
    expect(response.statusCode).toBe(410);
    expect(errorOf(response)).toBe('expire_invite_token');
    expect(errorOf(await newUser(invite.token, identity))).toBe('expire_invite_token');
    expect(errorOf(await joinSpace(invite.token))).toBe('expire_invite_token');
    // a resend gives a fresh link
    await t.app.inject({ method: 'POST', url: `${PCO}/resend/${invite.ulid}`, headers: as(pco.owner.cookie) });
    const again = await t.mailbox.waitFor('late@example.com', { template: 'invitation' });
    const token = /token=([A-Za-z0-9_-]+)/.exec(again.text)?.[1] ?? '';
    expect((await lookup(`${PCO}/get-pco`, token)).statusCode).toBe(200);
  });
});

describe('POST {invites}/new-user/{token}', () => {
  it('activates a new account: names, password and time zone; then it signs in to that space', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'lea@example.com', 'ROLE_PCO_SPACE_MANAGER');
    expect(invite.userExist).toBe('0');
    await expect(login(t.app, 'lea@example.com', NEW_PASSWORD)).rejects.toThrow(/401/);
    const response = await newUser(invite.token, identity);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user_type: 'pco',
      role: 'ROLE_PCO_SPACE_MANAGER',
      email: 'lea@example.com',
    } satisfies ActivationResult);

    const cookie = await login(t.app, 'lea@example.com', NEW_PASSWORD);
    const current = await me(cookie);
    expect(current).toMatchObject({
      ulid: invite.ulid,
      firstname: 'Léa',
      lastname: "D'Almeida",
      timezone: 'America/Martinique',
      role: 'ROLE_PCO_SPACE_MANAGER',
      user_type: 'pco',
      pco: { ulid: pco.spaceId },
    });
    // the manager can work in the space, and the invitation is no longer pending
    const list = await t.app.inject({ method: 'GET', url: PCO, headers: as(pco.owner.cookie) });
    expect((list.json() as { 'hydra:member': { ulid: string }[] })['hydra:member'].map((i) => i.ulid)).not.toContain(
      invite.ulid,
    );
    // single use
    const again = await newUser(invite.token, identity);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe('invalid_invite_token');
    expect(errorOf(await lookup(`${PCO}/get-pco`, invite.token))).toBe('invalid_invite_token');
  });

  it('validates the form with the contract (names, password rule, time zone)', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'weak@example.com', 'ROLE_PCO_SPACE_TECHNICIAN');
    const response = await newUser(invite.token, {
      firstname: '',
      lastname: 'Dupont',
      new_password: 'short',
      timezone: 'Mars/Olympus',
    });
    expect(violationsOf(response)).toEqual([
      'firstname: firstname_required',
      'new_password: password_must_be',
      'timezone: timezone_not_accepted',
    ]);
    // nothing was used up
    expect((await newUser(invite.token, { ...identity, firstname: 'Jean' })).statusCode).toBe(200);
  });

  it('answers 409 conflict (user_exist) when the account already has a password: join-space is the way', async () => {
    const invite = await inviteAndGetToken(
      t,
      dealerOwner.cookie,
      pco.technician.email,
      'ROLE_DEALER_SPACE_USER',
      'dealer',
    );
    const response = await newUser(invite.token, identity, INVITES_PATH.dealer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'conflict', user_exist: true });
    // the password of the account did not change
    expect((await login(t.app, pco.technician.email)).length).toBeGreaterThan(0);
  });

  it('answers 404 invalid_invite_token for a cancelled invitation', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'cancelled@example.com', 'ROLE_PCO_SPACE_USER');
    await t.app.inject({ method: 'DELETE', url: `${PCO}/${invite.ulid}`, headers: as(pco.owner.cookie) });
    const response = await newUser(invite.token, identity);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe('invalid_invite_token');
  });
});

describe('POST {invites}/join-space/{token}', () => {
  it('lets an existing PCO member join a dealer space with the same account: it then holds both spaces', async () => {
    const member = await createMember(t.db, pco.spaceId, 'ROLE_PCO_SPACE_MANAGER', {
      firstname: 'Camille',
      lastname: 'Girard',
    });
    const invite = await inviteAndGetToken(t, dealerOwner.cookie, member.email, 'ROLE_DEALER_SPACE_USER', 'dealer');
    expect(invite.userExist).toBe('1');
    const looked = (await lookup(`${INVITES_PATH.dealer}/get-dealer`, invite.token)).json() as InviteLookup;
    expect(looked).toMatchObject({ user_exist: true, firstname: 'Camille', lastname: 'Girard' });

    const response = await joinSpace(invite.token, INVITES_PATH.dealer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user_type: 'dealer',
      role: 'ROLE_DEALER_SPACE_USER',
      email: member.email,
    } satisfies ActivationResult);

    const current = await me(await login(t.app, member.email));
    expect(current).toMatchObject({ have_user_dealer_space: true, have_user_pco_space: true });
    // the dealer membership is active: the dealer's users list no longer shows it as pending
    const pending = await t.app.inject({ method: 'GET', url: INVITES_PATH.dealer, headers: as(dealerOwner.cookie) });
    expect((pending.json() as { 'hydra:member': { ulid: string }[] })['hydra:member'].map((i) => i.ulid)).not.toContain(
      invite.ulid,
    );
    const again = await joinSpace(invite.token, INVITES_PATH.dealer);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toBe('invalid_invite_token');
  });

  it('answers 409 conflict (user_exist false) for an account without password, 404 on the wrong type path', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'nopassword@example.com', 'ROLE_PCO_SPACE_USER');
    const response = await joinSpace(invite.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'conflict', user_exist: false });
    const wrongType = await joinSpace(invite.token, INVITES_PATH.dealer);
    expect(wrongType.statusCode).toBe(404);
    expect(errorOf(wrongType)).toBe('invalid_invite_token');
  });
});

describe('rate limit of the token routes', () => {
  it('answers 429 with Retry-After after 30 look-ups a minute from one address; other addresses are served', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await lookup(`${PCO}/get-pco`, `guess-${i}`, '203.0.113.7')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await lookup(`${PCO}/get-pco`, 'guess-x', '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup(`${PCO}/get-pco`, 'guess-y', '198.51.100.4')).statusCode).toBe(404);
  });

  it('limits new-user and join-space the same way', async () => {
    for (const [action, address] of [
      ['new-user', '203.0.113.8'],
      ['join-space', '203.0.113.9'],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: `${INVITES_PATH.dealer}/${action}/guess-${i}`,
          headers: { 'client-type': 'webapp' },
          payload: action === 'new-user' ? identity : {},
          remoteAddress: address,
        });
        statuses.push(response.statusCode);
      }
      expect(new Set(statuses.slice(0, 30)), action).toEqual(new Set([404]));
      expect(statuses[30], action).toBe(429);
    }
  });
});
