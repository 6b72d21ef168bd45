/**
 * SPEC §7 "Invites, per type", §8 "Invites": sending, listing, resending, cancelling invitations and changing the
 * role of an invited member, for the three space types, with the tenancy and role rules.
 */
import {
  type HydraCollection,
  INVITATION_TTL_DAYS,
  INVITES_PATH,
  type PendingInvite,
  type ProblemBody,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, createSpace, login, type TestMember } from '../../../test/factories.js';
import {
  INVITES_TEST_ENV,
  invitationLink,
  inviteAndGetToken,
  sendInvites,
  violationsOf,
} from './invites.test-support.js';

type Team = Awaited<ReturnType<typeof createPcoTeam>>;
type Logged = TestMember & { cookie: string };

let t: TestApp;
let pco: Team;
let pcoName: string;
let otherOwner: Logged;
let otherTechnician: TestMember;
let dealerOwner: Logged;
let dealerUser: TestMember;
let superAdmin: Logged;
let plainAdmin: Logged;

const PCO = INVITES_PATH.pco;
const errorOf = (response: { json(): unknown }) => (response.json() as ProblemBody).error;

async function list(cookie: string, query = '', path = PCO): Promise<HydraCollection<PendingInvite>> {
  const response = await t.app.inject({ method: 'GET', url: `${path}${query}`, headers: as(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function lookup(token: string, path = `${PCO}/get-pco`) {
  return t.app.inject({ method: 'GET', url: `${path}/${token}` });
}

async function loginAs(member: TestMember): Promise<Logged> {
  return { ...member, cookie: await login(t.app, member.email) };
}

beforeAll(async () => {
  t = await buildTestApp({ env: INVITES_TEST_ENV });
  pco = await createPcoTeam(t.app, t.db);
  pcoName = (await t.db.query.spaces.findFirst({ where: (s, { eq }) => eq(s.id, pco.spaceId) }))?.name ?? '';
  await t.db.execute(
    `update accounts set firstname = 'Sophie', lastname = 'Durand' where id = '${pco.owner.accountId}'`,
  );
  const otherPco = await createSpace(t.db, 'pco');
  otherOwner = await loginAs(await createMember(t.db, otherPco, 'ROLE_PCO_SPACE_OWNER'));
  otherTechnician = await createMember(t.db, otherPco, 'ROLE_PCO_SPACE_TECHNICIAN');
  const dealer = await createSpace(t.db, 'dealer');
  dealerOwner = await loginAs(await createMember(t.db, dealer, 'ROLE_DEALER_SPACE_OWNER'));
  dealerUser = await createMember(t.db, dealer, 'ROLE_DEALER_SPACE_USER');
  const admin = await createSpace(t.db, 'admin');
  superAdmin = await loginAs(await createMember(t.db, admin, 'ROLE_ADMIN_SPACE_SUPER_ADMIN'));
  plainAdmin = await loginAs(await createMember(t.db, admin, 'ROLE_ADMIN_SPACE_ADMIN'));
});
afterAll(() => t.close());

describe('POST {invites}/send', () => {
  it('invites several people at once, lists them and mails each a 7-day activation link', async () => {
    const before = Date.now();
    const response = await sendInvites(t, pco.owner.cookie, [
      { email: 'Alice.Martin@Example.com', role: 'ROLE_PCO_SPACE_MANAGER' },
      { email: 'bruno@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN', lang: 'en' },
      { email: 'chloe@example.com', role: 'ROLE_PCO_SPACE_USER' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { invites } = response.json() as { invites: PendingInvite[] };
    expect(invites.map((i) => [i.email, i.role])).toEqual([
      ['alice.martin@example.com', 'ROLE_PCO_SPACE_MANAGER'],
      ['bruno@example.com', 'ROLE_PCO_SPACE_TECHNICIAN'],
      ['chloe@example.com', 'ROLE_PCO_SPACE_USER'],
    ]);
    const first = invites[0] as PendingInvite;
    expect(first['@id']).toBe(`${PCO}/${first.ulid}`);
    const invitedAt = Date.parse(first.last_invited_at);
    expect(invitedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.expires_at) - invitedAt).toBe(INVITATION_TTL_DAYS * 86_400_000);

    const alice = await invitationLink(t, 'alice.martin@example.com');
    expect(alice.url).toBe(`https://app.isoptera.test/activation?token=${alice.token}&user_type=pco&user_exist=0`);
    expect(alice.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(alice.mail.text).toContain('Sophie Durand');
    expect(alice.mail.text).toContain(pcoName);
    const bruno = await invitationLink(t, 'bruno@example.com');
    expect(bruno.token).not.toBe(alice.token);
    await invitationLink(t, 'chloe@example.com');

    const listed = await list(pco.manager.cookie);
    expect(listed['hydra:member'].map((i) => i.email)).toEqual(
      expect.arrayContaining(['alice.martin@example.com', 'bruno@example.com', 'chloe@example.com']),
    );
    expect(listed['hydra:member'].find((i) => i.ulid === first.ulid)).toEqual(first);
    // the new accounts carry the invite's language, else the inviter's; the members get a chip colour
    const accounts = await t.db.query.accounts.findMany({
      where: (a, { inArray }) => inArray(a.email, ['alice.martin@example.com', 'bruno@example.com']),
    });
    expect(Object.fromEntries(accounts.map((a) => [a.email, [a.lang, a.passwordHash]]))).toEqual({
      'alice.martin@example.com': ['fr', null],
      'bruno@example.com': ['en', null],
    });
    const member = await t.db.query.memberships.findFirst({ where: (m, { eq }) => eq(m.id, first.ulid) });
    expect(member).toMatchObject({ status: 'invited', spaceId: pco.spaceId });
    expect(member?.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses the same e-mail twice in one request, flagging the later copies, and creates nobody', async () => {
    const response = await sendInvites(t, pco.owner.cookie, [
      { email: 'dup@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      { email: 'solo@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      { email: 'DUP@example.com', role: 'ROLE_PCO_SPACE_MANAGER' },
      { email: 'dup@example.com', role: 'ROLE_PCO_SPACE_USER' },
    ]);
    expect(violationsOf(response)).toEqual([
      'invites.2.email: email_entered_several_times',
      'invites.3.email: email_entered_several_times',
    ]);
    expect((await list(pco.owner.cookie, '?email=solo'))['hydra:totalItems']).toBe(0);
    expect(await t.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.email, 'solo@example.com') })).toBe(
      undefined,
    );
  });

  it('refuses a member of this space and a member of another space of the same type (email_already_exist)', async () => {
    const response = await sendInvites(t, pco.owner.cookie, [
      { email: 'fresh@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      { email: pco.technician.email.toUpperCase(), role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      { email: otherTechnician.email, role: 'ROLE_PCO_SPACE_TECHNICIAN' },
      { email: 'alice.martin@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
    ]);
    expect(violationsOf(response)).toEqual([
      'invites.1.email: email_already_exist',
      'invites.2.email: email_already_exist',
      'invites.3.email: email_already_exist',
    ]);
    // the same person already invited into another PCO cannot be invited here either
    const elsewhere = await sendInvites(
      t,
      otherOwner.cookie,
      [{ email: 'alice.martin@example.com', role: 'ROLE_PCO_SPACE_TECHNICIAN' }],
      'pco',
    );
    expect(violationsOf(elsewhere)).toEqual(['invites.0.email: email_already_exist']);
  });

  it('invites an existing account of another space type: the link says the account exists', async () => {
    const { userExist } = await inviteAndGetToken(t, pco.owner.cookie, dealerUser.email, 'ROLE_PCO_SPACE_TECHNICIAN');
    expect(userExist).toBe('1');
  });

  it('refuses roles the inviter may not grant (chosen_role_not_allowed on the role)', async () => {
    const byManager = await sendInvites(t, pco.manager.cookie, [
      { email: 'boss@example.com', role: 'ROLE_PCO_SPACE_OWNER' },
      { email: 'peer@example.com', role: 'ROLE_PCO_SPACE_MANAGER' },
      { email: 'dealer-role@example.com', role: 'ROLE_DEALER_SPACE_USER' },
    ]);
    expect(violationsOf(byManager)).toEqual([
      'invites.0.role: chosen_role_not_allowed',
      'invites.2.role: chosen_role_not_allowed',
    ]);
    const byOwner = await sendInvites(t, pco.owner.cookie, [
      { email: 'boss@example.com', role: 'ROLE_PCO_SPACE_OWNER' },
    ]);
    expect(violationsOf(byOwner)).toEqual(['invites.0.role: chosen_role_not_allowed']);
    const byDealerOwner = await sendInvites(
      t,
      dealerOwner.cookie,
      [
        { email: 'dealer-boss@example.com', role: 'ROLE_DEALER_SPACE_OWNER' },
        { email: 'pco-role@example.com', role: 'ROLE_PCO_SPACE_MANAGER' },
      ],
      'dealer',
    );
    expect(violationsOf(byDealerOwner)).toEqual([
      'invites.0.role: chosen_role_not_allowed',
      'invites.1.role: chosen_role_not_allowed',
    ]);
    const byAdmin = await sendInvites(
      t,
      plainAdmin.cookie,
      [{ email: 'root@example.com', role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN' }],
      'admin',
    );
    expect(violationsOf(byAdmin)).toEqual(['invites.0.role: chosen_role_not_allowed']);
  });

  it('lets a manager invite a manager, a dealer owner a dealer user and a super admin an admin', async () => {
    await inviteAndGetToken(t, pco.manager.cookie, 'peer@example.com', 'ROLE_PCO_SPACE_MANAGER');
    const dealer = await inviteAndGetToken(
      t,
      dealerOwner.cookie,
      'sales@example.com',
      'ROLE_DEALER_SPACE_USER',
      'dealer',
    );
    const admin = await inviteAndGetToken(t, superAdmin.cookie, 'ops@example.com', 'ROLE_ADMIN_SPACE_ADMIN', 'admin');
    expect((await list(dealerOwner.cookie, '', INVITES_PATH.dealer))['hydra:member'].map((i) => i.ulid)).toEqual([
      dealer.ulid,
    ]);
    expect((await list(superAdmin.cookie, '', INVITES_PATH.admin))['hydra:member'].map((i) => i.ulid)).toEqual([
      admin.ulid,
    ]);
  });

  it('validates the body with the contract (email_invalid, role_required, role_invalid, invites_required)', async () => {
    expect(
      violationsOf(
        await sendInvites(t, pco.owner.cookie, [
          { email: 'not-an-email', role: 'ROLE_PCO_SPACE_USER' },
          { email: 'ok@example.com', role: '' },
          { email: 'ok2@example.com', role: 'ROLE_NOPE' },
        ]),
      ),
    ).toEqual(['invites.0.email: email_invalid', 'invites.1.role: role_required', 'invites.2.role: role_invalid']);
    expect(violationsOf(await sendInvites(t, pco.owner.cookie, []))).toEqual(['invites: invites_required']);
  });

  it('is refused to a technician, to another space type and without a session', async () => {
    const invite = [{ email: 'x@example.com', role: 'ROLE_PCO_SPACE_USER' as const }];
    expect((await sendInvites(t, pco.technician.cookie, invite)).statusCode).toBe(403);
    expect((await sendInvites(t, pco.owner.cookie, invite, 'dealer')).statusCode).toBe(403);
    expect((await sendInvites(t, dealerOwner.cookie, invite, 'pco')).statusCode).toBe(403);
    expect((await sendInvites(t, pco.owner.cookie, invite, 'admin')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${PCO}/send`,
      headers: { 'client-type': 'webapp' },
      payload: { invites: invite },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET {invites}', () => {
  it('lists only the invited members of the actor’s space, last invited first, filtered by e-mail and paged', async () => {
    await inviteAndGetToken(t, otherOwner.cookie, 'elsewhere@example.com', 'ROLE_PCO_SPACE_USER');
    const all = await list(pco.owner.cookie);
    const emails = all['hydra:member'].map((i) => i.email);
    expect(emails).not.toContain('elsewhere@example.com');
    expect(emails).not.toContain(pco.technician.email);
    const times = all['hydra:member'].map((i) => Date.parse(i.last_invited_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const filtered = await list(pco.owner.cookie, '?email=EXAMPLE.COM&itemsPerPage=2&page=2');
    expect(filtered['hydra:totalItems']).toBe(
      all['hydra:member'].filter((i) => i.email.endsWith('example.com')).length,
    );
    expect(filtered['hydra:member'].map((i) => i.email)).toEqual(
      all['hydra:member']
        .filter((i) => i.email.endsWith('example.com'))
        .slice(2, 4)
        .map((i) => i.email),
    );
    expect((await list(pco.owner.cookie, '?email=%25'))['hydra:totalItems']).toBe(0);
    expect((await list(otherOwner.cookie))['hydra:member'].map((i) => i.email)).toEqual(['elsewhere@example.com']);
    const technician = await t.app.inject({ method: 'GET', url: PCO, headers: as(pco.technician.cookie) });
    expect(technician.statusCode).toBe(403);
  });
});

describe('POST {invites}/resend/{id}', () => {
  it('mails a new link: the old one stops working, last_invited_at moves', async () => {
    const first = await inviteAndGetToken(t, pco.owner.cookie, 'resend@example.com', 'ROLE_PCO_SPACE_TECHNICIAN');
    const [before] = (await list(pco.owner.cookie, '?email=resend@'))['hydra:member'];
    await new Promise((r) => setTimeout(r, 20));
    const response = await t.app.inject({
      method: 'POST',
      url: `${PCO}/resend/${first.ulid}`,
      headers: as(pco.manager.cookie),
    });
    expect(response.statusCode, response.body).toBe(204);
    const second = await invitationLink(t, 'resend@example.com');
    expect(second.token).not.toBe(first.token);
    const old = await lookup(first.token);
    expect(old.statusCode).toBe(404);
    expect(errorOf(old)).toBe('invalid_invite_token');
    expect((await lookup(second.token)).statusCode).toBe(200);
    const [after] = (await list(pco.owner.cookie, '?email=resend@'))['hydra:member'];
    expect(Date.parse(after?.last_invited_at ?? '')).toBeGreaterThan(Date.parse(before?.last_invited_at ?? ''));
    expect(Date.parse(after?.expires_at ?? '')).toBeGreaterThan(Date.parse(before?.expires_at ?? ''));
  });

  it('answers 404 invitation_not_found for an active member, another PCO’s invitation or an unknown id', async () => {
    const elsewhere = await inviteAndGetToken(t, otherOwner.cookie, 'other-resend@example.com', 'ROLE_PCO_SPACE_USER');
    for (const id of [pco.technician.membershipId, elsewhere.ulid, '01J00000000000000000000000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${PCO}/resend/${id}`,
        headers: as(pco.owner.cookie),
      });
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response)).toBe('invitation_not_found');
    }
    const technician = await t.app.inject({
      method: 'POST',
      url: `${PCO}/resend/${elsewhere.ulid}`,
      headers: as(pco.technician.cookie),
    });
    expect(technician.statusCode).toBe(403);
  });
});

describe('DELETE {invites}/{ulid}', () => {
  it('cancels an invitation: it leaves the list, its link stops working and the new account is removed', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'cancel@example.com', 'ROLE_PCO_SPACE_USER');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${PCO}/${invite.ulid}`,
      headers: as(pco.owner.cookie),
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await list(pco.owner.cookie, '?email=cancel@'))['hydra:totalItems']).toBe(0);
    expect(errorOf(await lookup(invite.token))).toBe('invalid_invite_token');
    expect(await t.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.email, 'cancel@example.com') })).toBe(
      undefined,
    );
    const again = await t.app.inject({ method: 'DELETE', url: `${PCO}/${invite.ulid}`, headers: as(pco.owner.cookie) });
    expect(errorOf(again)).toBe('invitation_not_found');
  });

  it('keeps an account that has a password or another membership', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, dealerOwner.email, 'ROLE_PCO_SPACE_MANAGER');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${PCO}/${invite.ulid}`,
      headers: as(pco.owner.cookie),
    });
    expect(response.statusCode).toBe(204);
    expect((await login(t.app, dealerOwner.email)).length).toBeGreaterThan(0);
    // an account without password invited into a dealer too keeps existing when the PCO invitation is cancelled
    await inviteAndGetToken(t, dealerOwner.cookie, 'two-spaces@example.com', 'ROLE_DEALER_SPACE_USER', 'dealer');
    const pcoInvite = await inviteAndGetToken(t, pco.owner.cookie, 'two-spaces@example.com', 'ROLE_PCO_SPACE_USER');
    await t.app.inject({ method: 'DELETE', url: `${PCO}/${pcoInvite.ulid}`, headers: as(pco.owner.cookie) });
    expect(
      await t.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.email, 'two-spaces@example.com') }),
    ).not.toBe(undefined);
  });

  it('answers 404 for an active member or another PCO’s invitation, 403 for a technician', async () => {
    const elsewhere = await inviteAndGetToken(t, otherOwner.cookie, 'other-cancel@example.com', 'ROLE_PCO_SPACE_USER');
    for (const id of [pco.manager.membershipId, elsewhere.ulid]) {
      const response = await t.app.inject({ method: 'DELETE', url: `${PCO}/${id}`, headers: as(pco.owner.cookie) });
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response)).toBe('invitation_not_found');
    }
    const technician = await t.app.inject({
      method: 'DELETE',
      url: `${PCO}/${elsewhere.ulid}`,
      headers: as(pco.technician.cookie),
    });
    expect(technician.statusCode).toBe(403);
    expect((await lookup(elsewhere.token)).statusCode).toBe(200);
  });

  it('refuses an admin to cancel or resend the invitation of a super admin (403), and keeps its link', async () => {
    const invite = await inviteAndGetToken(
      t,
      superAdmin.cookie,
      'root2@example.com',
      'ROLE_ADMIN_SPACE_SUPER_ADMIN',
      'admin',
    );
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `${INVITES_PATH.admin}/${invite.ulid}`,
      headers: as(plainAdmin.cookie),
    });
    expect(cancel.statusCode).toBe(403);
    const resend = await t.app.inject({
      method: 'POST',
      url: `${INVITES_PATH.admin}/resend/${invite.ulid}`,
      headers: as(plainAdmin.cookie),
    });
    expect(resend.statusCode).toBe(403);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/invite_admins/get-admin/${invite.token}` });
    expect(lookup.statusCode).toBe(200);
  });
});

describe('PUT {invites}/{ulid}/role', () => {
  const putRole = (cookie: string, ulid: string, newRole: string, path = PCO) =>
    t.app.inject({ method: 'PUT', url: `${path}/${ulid}/role`, headers: as(cookie), payload: { new_role: newRole } });

  it('changes the role of an invited member', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'promote@example.com', 'ROLE_PCO_SPACE_TECHNICIAN');
    const response = await putRole(pco.manager.cookie, invite.ulid, 'ROLE_PCO_SPACE_MANAGER');
    expect(response.statusCode, response.body).toBe(204);
    expect((await list(pco.owner.cookie, '?email=promote@'))['hydra:member'][0]?.role).toBe('ROLE_PCO_SPACE_MANAGER');
    const lookedUp = (await lookup(invite.token)).json() as { role: string };
    expect(lookedUp.role).toBe('ROLE_PCO_SPACE_MANAGER');
  });

  it('refuses a role above what the actor may grant (422 chosen_role_not_allowed) and bad roles (422)', async () => {
    const invite = await inviteAndGetToken(t, pco.owner.cookie, 'demote@example.com', 'ROLE_PCO_SPACE_USER');
    for (const role of ['ROLE_PCO_SPACE_OWNER', 'ROLE_DEALER_SPACE_USER']) {
      const response = await putRole(pco.manager.cookie, invite.ulid, role);
      expect(response.statusCode, role).toBe(422);
      expect(errorOf(response)).toBe('chosen_role_not_allowed');
    }
    expect(violationsOf(await putRole(pco.owner.cookie, invite.ulid, 'ROLE_NOPE'))).toEqual(['new_role: role_invalid']);
    expect(violationsOf(await putRole(pco.owner.cookie, invite.ulid, ''))).toEqual(['new_role: role_required']);
    const dealer = await inviteAndGetToken(
      t,
      dealerOwner.cookie,
      'dealer-role2@example.com',
      'ROLE_DEALER_SPACE_USER',
      'dealer',
    );
    const toOwner = await putRole(dealerOwner.cookie, dealer.ulid, 'ROLE_DEALER_SPACE_OWNER', INVITES_PATH.dealer);
    expect(errorOf(toOwner)).toBe('chosen_role_not_allowed');
  });

  it('answers 404 for an active member or another PCO’s invitation, 403 for a technician', async () => {
    const elsewhere = await inviteAndGetToken(t, otherOwner.cookie, 'other-role@example.com', 'ROLE_PCO_SPACE_USER');
    for (const id of [pco.technician.membershipId, elsewhere.ulid]) {
      const response = await putRole(pco.owner.cookie, id, 'ROLE_PCO_SPACE_MANAGER');
      expect(response.statusCode, id).toBe(404);
      expect(errorOf(response)).toBe('invitation_not_found');
    }
    expect((await putRole(pco.technician.cookie, elsewhere.ulid, 'ROLE_PCO_SPACE_USER')).statusCode).toBe(403);
  });
});
