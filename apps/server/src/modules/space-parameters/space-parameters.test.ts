/**
 * SPEC §2.7 "Space settings", issue 4: `/api/space_parameters` — the owner reads and edits the settings of their
 * space; managers, technicians and dealer users get 403; another space's data never shows; ownership transfer swaps
 * the roles and ends the previous owner's sessions; deleting the account closes the space (members' refresh tokens
 * and sign-ins refused, data kept); the purge removes only spaces closed longer than the retention period.
 */
import type { SpaceParameters, SpaceParametersInput } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, TEST_PASSWORD, type TestMember } from '../../../test/factories.js';
import { call, loginStatus, membershipRow, refreshStatus, refreshTokenOf } from '../../../test/users-factories.js';
import { clients } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';
import { createSpaceParametersRepository } from './space-parameters.repository.js';
import { purgeClosedSpaces } from './space-parameters.service.js';
import { createSpacePurgeJob } from './space-purge-job.js';

let t: TestApp;
const PATH = '/api/space_parameters';
type Member = TestMember & { cookie: string };

async function member(spaceId: string, role: Parameters<typeof createMember>[2], lastname?: string): Promise<Member> {
  const m = await createMember(t.db, spaceId, role, lastname ? { lastname, firstname: 'Alex' } : {});
  return { ...m, cookie: await login(t.app, m.email) };
}

async function pcoTeam(name = `Désinsectisation ${newUlid().slice(-5)}`) {
  const spaceId = await createSpace(t.db, 'pco', { name });
  return {
    spaceId,
    name,
    owner: await member(spaceId, 'ROLE_PCO_SPACE_OWNER', 'Owner'),
    manager: await member(spaceId, 'ROLE_PCO_SPACE_MANAGER', 'Bernard'),
    technician: await member(spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', 'Arnaud'),
  };
}

const settings: SpaceParametersInput = {
  name: '  Termites & Cie  ',
  address: {
    label: '12 rue de la Paix, 75002 Paris, France',
    street: '12 rue de la Paix',
    postal_code: '75002',
    city: 'Paris',
    country: 'France',
    latitude: 48.8686,
    longitude: '2.3314',
  },
  referral_reseller: 'Revendeur Sud',
};

/** The space row, or undefined once purged. */
const spaceRow = (id: string) => t.db.query.spaces.findFirst({ where: (row, { eq }) => eq(row.id, id) });
const clientRow = (id: string) => t.db.query.clients.findFirst({ where: (row, { eq }) => eq(row.id, id) });

const violations = (body: { violations?: { propertyPath: string; code: string }[] }) =>
  (body.violations ?? []).map((v) => [v.propertyPath, v.code]);

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
});
afterAll(() => t.close());

describe('GET /api/space_parameters', () => {
  it("answers the owner's space with the active members other than the owner as transfer candidates", async () => {
    const team = await pcoTeam();
    await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_USER', { status: 'invited' });
    await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_USER', { status: 'disabled' });
    const other = await pcoTeam();

    const response = await call(t.app, team.owner.cookie, 'GET', PATH);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<SpaceParameters>();
    expect(body).toMatchObject({
      ulid: team.spaceId,
      type: 'pco',
      name: team.name,
      address: null,
      logo: null,
      referral_reseller: null,
    });
    expect(body.transfer_candidates).toEqual([
      {
        '@id': `/api/user_pcos/${team.technician.membershipId}`,
        '@type': 'User',
        ulid: team.technician.membershipId,
        firstname: 'Alex',
        lastname: 'Arnaud',
        email: team.technician.email,
      },
      {
        '@id': `/api/user_pcos/${team.manager.membershipId}`,
        '@type': 'User',
        ulid: team.manager.membershipId,
        firstname: 'Alex',
        lastname: 'Bernard',
        email: team.manager.email,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain(other.spaceId);
    expect(JSON.stringify(body)).not.toContain(other.manager.membershipId);
  });

  it("answers a dealer owner's own dealer space", async () => {
    const dealerId = await createSpace(t.db, 'dealer', { name: 'Négoce Ouest' });
    const owner = await member(dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const user = await member(dealerId, 'ROLE_DEALER_SPACE_USER', 'Dupont');
    const response = await call(t.app, owner.cookie, 'GET', PATH);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: dealerId,
      type: 'dealer',
      name: 'Négoce Ouest',
      transfer_candidates: [expect.objectContaining({ ulid: user.membershipId })],
    });
  });

  it('refuses managers, technicians, PCO users and dealer users with 403 on every route', async () => {
    const team = await pcoTeam();
    const pcoUser = await member(team.spaceId, 'ROLE_PCO_SPACE_USER');
    const dealerId = await createSpace(t.db, 'dealer');
    const dealerUser = await member(dealerId, 'ROLE_DEALER_SPACE_USER');
    const adminSpace = await createSpace(t.db, 'admin');
    const admin = await member(adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN');
    for (const who of [team.manager, team.technician, pcoUser, dealerUser, admin]) {
      expect((await call(t.app, who.cookie, 'GET', PATH)).statusCode).toBe(403);
      expect((await call(t.app, who.cookie, 'PUT', PATH, settings)).statusCode).toBe(403);
      const transfer = { new_owner: team.manager.membershipId };
      expect((await call(t.app, who.cookie, 'POST', `${PATH}/transfer`, transfer)).statusCode).toBe(403);
      const remove = { confirmation: team.name };
      expect((await call(t.app, who.cookie, 'POST', `${PATH}/delete`, remove)).statusCode).toBe(403);
    }
    const space = await spaceRow(team.spaceId);
    expect(space?.closedAt).toBeNull();
    expect((await membershipRow(t.db, team.owner.membershipId))?.role).toBe('ROLE_PCO_SPACE_OWNER');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: PATH, headers: { 'client-type': 'webapp' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/space_parameters', () => {
  it('writes name, address and referral reseller of the own space only', async () => {
    const team = await pcoTeam();
    const other = await pcoTeam();
    const response = await call(t.app, team.owner.cookie, 'PUT', PATH, settings);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ulid: team.spaceId,
      name: 'Termites & Cie',
      address: {
        label: '12 rue de la Paix, 75002 Paris, France',
        postal_code: '75002',
        city: 'Paris',
        latitude: '48.868600000',
        longitude: '2.331400000',
      },
      referral_reseller: 'Revendeur Sud',
    });
    const again = await call(t.app, team.owner.cookie, 'GET', PATH);
    expect(again.json()).toMatchObject({ name: 'Termites & Cie', referral_reseller: 'Revendeur Sud' });
    const untouched = await call(t.app, other.owner.cookie, 'GET', PATH);
    expect(untouched.json()).toMatchObject({ name: other.name, address: null, referral_reseller: null });
  });

  it('clears the referral reseller and refuses a missing name or address with 422', async () => {
    const team = await pcoTeam();
    await call(t.app, team.owner.cookie, 'PUT', PATH, settings);
    const cleared = await call(t.app, team.owner.cookie, 'PUT', PATH, { ...settings, referral_reseller: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().referral_reseller).toBeNull();

    const invalid = await call(t.app, team.owner.cookie, 'PUT', PATH, { name: ' ', referral_reseller: null });
    expect(invalid.statusCode).toBe(422);
    expect(violations(invalid.json())).toEqual(
      expect.arrayContaining([
        ['name', 'name_required'],
        ['address', 'address_required'],
      ]),
    );
    expect((await call(t.app, team.owner.cookie, 'GET', PATH)).json().name).toBe('Termites & Cie');
  });
});

describe('PATCH /api/space_parameters (merge patch, SPEC §7)', () => {
  const patch = (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: PATH,
      headers: as(cookie, { 'content-type': 'application/merge-patch+json' }),
      payload: JSON.stringify(body),
    });

  it('changes only what it names, null clears the referral reseller; the PUT rules apply to the result', async () => {
    const team = await pcoTeam();
    await call(t.app, team.owner.cookie, 'PUT', PATH, settings);
    const moved = await patch(team.owner.cookie, { address: { city: 'Paris 2e' }, referral_reseller: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      name: 'Termites & Cie',
      address: { label: '12 rue de la Paix, 75002 Paris, France', city: 'Paris 2e', latitude: '48.868600000' },
      referral_reseller: null,
    });
    const refused = await patch(team.owner.cookie, { name: '' });
    expect(refused.statusCode).toBe(422);
    expect(violations(refused.json())).toEqual([['name', 'name_required']]);
    expect(await patch(team.manager.cookie, { name: 'Pris' }).then((r) => r.statusCode)).toBe(403);
  });
});

describe('POST /api/space_parameters/transfer', () => {
  it("makes the member the PCO's owner, the previous owner a manager, and ends the previous owner's sessions", async () => {
    const team = await pcoTeam();
    const response = await call(t.app, team.owner.cookie, 'POST', `${PATH}/transfer`, {
      new_owner: team.technician.membershipId,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await membershipRow(t.db, team.technician.membershipId))?.role).toBe('ROLE_PCO_SPACE_OWNER');
    expect((await membershipRow(t.db, team.owner.membershipId))?.role).toBe('ROLE_PCO_SPACE_MANAGER');
    expect(await refreshStatus(t.app, refreshTokenOf(team.owner.cookie))).toBe(401);
    expect(await refreshStatus(t.app, refreshTokenOf(team.manager.cookie))).toBe(200);

    // the new owner signs in as owner and sees the previous owner among the candidates
    const newOwner = await login(t.app, team.technician.email);
    const read = await call(t.app, newOwner, 'GET', PATH);
    expect(read.statusCode).toBe(200);
    const candidates = read.json<SpaceParameters>().transfer_candidates.map((c) => c.ulid);
    expect(candidates).toContain(team.owner.membershipId);
    expect(candidates).not.toContain(team.technician.membershipId);
    // the previous owner, signed in again, is a manager: no more access to the settings
    const previous = await login(t.app, team.owner.email);
    expect((await call(t.app, previous, 'GET', PATH)).statusCode).toBe(403);
  });

  it('makes the previous dealer owner a dealer user', async () => {
    const dealerId = await createSpace(t.db, 'dealer');
    const owner = await member(dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const user = await member(dealerId, 'ROLE_DEALER_SPACE_USER');
    const response = await call(t.app, owner.cookie, 'POST', `${PATH}/transfer`, { new_owner: user.membershipId });
    expect(response.statusCode, response.body).toBe(204);
    expect((await membershipRow(t.db, user.membershipId))?.role).toBe('ROLE_DEALER_SPACE_OWNER');
    expect((await membershipRow(t.db, owner.membershipId))?.role).toBe('ROLE_DEALER_SPACE_USER');
  });

  it('refuses the owner, an inactive member, a member of another space or an unknown ULID with 422', async () => {
    const team = await pcoTeam();
    const other = await pcoTeam();
    const invited = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_USER', { status: 'invited' });
    const disabled = await createMember(t.db, team.spaceId, 'ROLE_PCO_SPACE_USER', { status: 'disabled' });
    for (const newOwner of [
      team.owner.membershipId,
      invited.membershipId,
      disabled.membershipId,
      other.manager.membershipId,
      newUlid(),
    ]) {
      const response = await call(t.app, team.owner.cookie, 'POST', `${PATH}/transfer`, { new_owner: newOwner });
      expect(response.statusCode, newOwner).toBe(422);
      expect(violations(response.json())).toEqual([['new_owner', 'new_owner_invalid']]);
    }
    const missing = await call(t.app, team.owner.cookie, 'POST', `${PATH}/transfer`, {});
    expect(missing.statusCode).toBe(422);
    expect(violations(missing.json())).toEqual([['new_owner', 'new_owner_required']]);

    expect((await membershipRow(t.db, team.owner.membershipId))?.role).toBe('ROLE_PCO_SPACE_OWNER');
    expect((await membershipRow(t.db, other.manager.membershipId))?.role).toBe('ROLE_PCO_SPACE_MANAGER');
    expect(await refreshStatus(t.app, refreshTokenOf(team.owner.cookie))).toBe(200);
  });
});

describe('POST /api/space_parameters/delete', () => {
  it('refuses a confirmation that is not exactly the space name with 422 and keeps the space open', async () => {
    const team = await pcoTeam('Cabinet Martin');
    for (const confirmation of ['cabinet martin', 'Cabinet Martin ', 'Autre']) {
      const response = await call(t.app, team.owner.cookie, 'POST', `${PATH}/delete`, { confirmation });
      expect(response.statusCode, confirmation).toBe(422);
      expect(violations(response.json())).toEqual([['confirmation', 'confirmation_invalid']]);
    }
    const space = await spaceRow(team.spaceId);
    expect(space?.closedAt).toBeNull();
    expect((await call(t.app, team.owner.cookie, 'GET', PATH)).statusCode).toBe(200);
  });

  it("closes the space: its members' refresh tokens and sign-ins are refused, the data and other spaces stay", async () => {
    const team = await pcoTeam('Cabinet Leroy');
    const other = await pcoTeam();
    const clientId = newUlid();
    await t.db.insert(clients).values({ id: clientId, spaceId: team.spaceId, name: 'Client gardé' });

    const response = await call(t.app, team.owner.cookie, 'POST', `${PATH}/delete`, { confirmation: 'Cabinet Leroy' });
    expect(response.statusCode, response.body).toBe(204);

    const space = await spaceRow(team.spaceId);
    expect(space?.closedAt).toBeInstanceOf(Date);
    for (const m of [team.owner, team.manager, team.technician]) {
      expect(await refreshStatus(t.app, refreshTokenOf(m.cookie))).toBe(401);
      expect(await loginStatus(t.app, m.email, TEST_PASSWORD)).not.toBe(200);
    }
    expect(await clientRow(clientId)).toBeDefined();
    // the access token of a member of the closed space ends with its session at once (ADR 026)
    expect((await call(t.app, team.owner.cookie, 'GET', PATH)).statusCode).toBe(401);

    expect(await refreshStatus(t.app, refreshTokenOf(other.owner.cookie))).toBe(200);
    expect((await call(t.app, other.owner.cookie, 'GET', PATH)).statusCode).toBe(200);
  });
});

describe('purgeClosedSpaces', () => {
  it('deletes only the spaces closed longer than the retention period, with their data', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);
    const expired = await createSpace(t.db, 'pco', { closedAt: daysAgo(91) });
    const expiredMember = await createMember(t.db, expired, 'ROLE_PCO_SPACE_OWNER');
    const clientId = newUlid();
    await t.db.insert(clients).values({ id: clientId, spaceId: expired, name: 'Client purgé' });
    const recent = await createSpace(t.db, 'pco', { closedAt: daysAgo(89) });
    const open = await createSpace(t.db, 'pco');
    // a closed dealer goes with its expired PCO; one whose PCO is still open is kept
    const expiredDealer = await createSpace(t.db, 'dealer', { closedAt: daysAgo(120) });
    const dealerPco = await createSpace(t.db, 'pco', { dealerId: expiredDealer, closedAt: daysAgo(100) });
    const keptDealer = await createSpace(t.db, 'dealer', { closedAt: daysAgo(120) });
    const keptDealerPco = await createSpace(t.db, 'pco', { dealerId: keptDealer });

    const purged = await purgeClosedSpaces(createSpaceParametersRepository(t.db), now, 90);
    expect(purged.sort()).toEqual([expired, expiredDealer, dealerPco].sort());

    expect(await spaceRow(expired)).toBeUndefined();
    for (const kept of [recent, open, keptDealer, keptDealerPco]) expect(await spaceRow(kept)).toBeDefined();
    expect(await membershipRow(t.db, expiredMember.membershipId)).toBeUndefined();
    expect(await clientRow(clientId)).toBeUndefined();
  });

  it('runs from the pg-boss purge job', async () => {
    const expired = await createSpace(t.db, 'dealer', { closedAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) });
    const recent = await createSpace(t.db, 'dealer', { closedAt: new Date(Date.now() - 24 * 3600 * 1000) });
    const job = createSpacePurgeJob({ db: t.db, log: { info() {}, error() {} }, pollingIntervalSeconds: 0.5 });
    try {
      await job.start();
      await job.runNow();
      await expect.poll(() => spaceRow(expired), { timeout: 10_000 }).toBeUndefined();
      expect(await spaceRow(recent)).toBeDefined();
    } finally {
      await job.stop();
    }
  });
});
