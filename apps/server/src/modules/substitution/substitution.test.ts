/**
 * SPEC §1, §4 "Space change" / "Substitution exit", §7 "Users" and "Self", issue 4 "Audit trail": entering and
 * leaving a dealer or PCO space by substitution, the rights it gives and takes back at once, the refresh that keeps
 * it, the audit rows of changes made under it, and the change of space of a multi-space account.
 */
import {
  ACCESS_TOKEN_COOKIE,
  type AuditEvent,
  type CurrentUser,
  type HydraCollection,
  REFRESH_TOKEN_COOKIE,
} from '@isoptera/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, setMembershipStatus, setPcoDealer } from '../../../test/factories.js';
import { memberships } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

let t: TestApp;
let dealerId: string;
let pcoId: string;
let otherPcoId: string;
let admin: { email: string; accountId: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const adminSpace = await createSpace(t.db, 'admin');
  admin = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN', { firstname: 'Alice', lastname: 'Admin' });
  dealerId = await createSpace(t.db, 'dealer');
  pcoId = await createSpace(t.db, 'pco', { dealerId });
  otherPcoId = await createSpace(t.db, 'pco');
});
afterAll(() => t.close());

/** The cookie header after `response`: `cookie` with the cookies the response set replaced. */
function merge(cookie: string, response: LightMyRequestResponse): string {
  const jar = new Map(cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]));
  for (const c of response.cookies) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(cookie), ...(payload ? { payload } : {}) });
const me = async (cookie: string): Promise<CurrentUser> => (await call(cookie, 'GET', '/api/me')).json();
const clientBody = (name: string) => ({
  client: { name, company: true },
  contact: {
    lastname: 'Dupont',
    firstname: 'Jean',
    title: 'Gérant',
    email: 'jean@example.fr',
    phone: '+33 6 12 34 56 78',
  },
});

/** Signs `email` in and enters `space` through `url`; answers the cookie header after the 204. */
async function enter(email: string, url: string, body: object): Promise<string> {
  const cookie = await login(t, email);
  const response = await call(cookie, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(204);
  expect(response.cookies.some((c) => c.name === ACCESS_TOKEN_COOKIE && c.value !== '')).toBe(true);
  return merge(cookie, response);
}

describe('admin substitution', () => {
  it('enters a PCO as its owner, lists and creates its clients, and the change is audited under its name', async () => {
    const cookie = await enter(admin.email, '/api/user_admins/connect-on-pco', { connected_on_pco_ulid: pcoId });
    const current = await me(cookie);
    expect(current).toMatchObject({ user_type: 'pco', role: 'ROLE_PCO_SPACE_OWNER', email: admin.email });
    expect(current.connected_on_pco).toMatchObject({ ulid: pcoId });
    expect(current.connected_on_dealer).toBeNull();

    const created = await call(cookie, 'POST', '/api/client_contacts', {
      ...clientBody('Substituted SARL'),
      password: 'never-logged',
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await call(cookie, 'GET', '/api/clients');
    expect(list.statusCode).toBe(200);
    expect(list.json()['hydra:member'].map((c: { name: string }) => c.name)).toContain('Substituted SARL');

    const audit = await call(cookie, 'GET', '/api/space_parameters/audit');
    expect(audit.statusCode, audit.body).toBe(200);
    const events = (audit.json() as HydraCollection<AuditEvent>)['hydra:member'];
    const event = events.find((e) => e.action === 'POST /api/client_contacts');
    expect(event?.actor).toContain(`Alice Admin <${admin.email}>`);
    expect(event?.actor_type).toBe('admin');
    expect(event?.changes).toMatchObject({ client: { name: 'Substituted SARL' } });
    expect(event).toMatchObject({ entity_type: 'client_contacts', entity_id: created.json().client.ulid });
    expect(JSON.stringify(event?.changes)).not.toContain('never-logged');
    // nothing is recorded for reads, and the newest comes first
    expect(events.some((e) => e.action.startsWith('GET '))).toBe(false);
    const second = await call(cookie, 'POST', '/api/client_contacts', clientBody('Second SARL'));
    expect(second.statusCode).toBe(201);
    const again = (await call(cookie, 'GET', '/api/space_parameters/audit')).json() as HydraCollection<AuditEvent>;
    expect(again['hydra:totalItems']).toBe(events.length + 1);
    expect(again['hydra:member'][0]?.changes).toMatchObject({ client: { name: 'Second SARL' } });
  });

  it('a refresh no longer allowed to keep the substitution ends it for good', async () => {
    const dealer = await createSpace(t.db, 'dealer');
    const otherDealer = await createSpace(t.db, 'dealer');
    const pco = await createSpace(t.db, 'pco', { dealerId: dealer });
    const owner = await createMember(t.db, dealer, 'ROLE_DEALER_SPACE_OWNER');
    const cookie = await enter(owner.email, '/api/user_dealers/connect-on-pco', { connected_on_pco_ulid: pco });
    const refresh = async (jar: string) => {
      const token = jar
        .split('; ')
        .find((p) => p.startsWith(`${REFRESH_TOKEN_COOKIE}=`))
        ?.split('=')[1];
      const response = await t.app.inject({
        method: 'POST',
        url: '/security/token/refresh',
        headers: { 'client-type': 'webapp' },
        cookies: { [REFRESH_TOKEN_COOKIE]: token ?? '' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return merge(jar, response);
    };
    // the PCO goes to another dealer: the next refresh brings the dealer back to its own space …
    await setPcoDealer(t.db, pco, otherDealer);
    const back = await refresh(cookie);
    expect(await me(back)).toMatchObject({ user_type: 'dealer', connected_on_pco: null });
    // … and it stays there even once the PCO is back with its dealer
    await setPcoDealer(t.db, pco, dealer);
    expect(await me(await refresh(back))).toMatchObject({ user_type: 'dealer', connected_on_pco: null });
  });

  it('refresh keeps the substitution; leaving ends it for the very same access token', async () => {
    const cookie = await enter(admin.email, '/api/user_admins/connect-on-pco', { connected_on_pco_ulid: pcoId });
    const refreshToken = cookie
      .split('; ')
      .find((p) => p.startsWith(`${REFRESH_TOKEN_COOKIE}=`))
      ?.split('=')[1];
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/security/token/refresh',
      headers: { 'client-type': 'webapp' },
      cookies: { [REFRESH_TOKEN_COOKIE]: refreshToken ?? '' },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const afterRefresh = merge(cookie, refreshed);
    const refreshedAccess = refreshed.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.value ?? '';
    expect(t.app.jwt.decode<{ ssp?: string; spc: string }>(refreshedAccess)).toMatchObject({ ssp: pcoId, spc: pcoId });
    expect(await me(afterRefresh)).toMatchObject({ user_type: 'pco', connected_on_pco: { ulid: pcoId } });
    expect((await call(afterRefresh, 'GET', '/api/clients')).statusCode).toBe(200);

    const left = await call(afterRefresh, 'POST', '/api/user_admins/disconnect-on-pco');
    expect(left.statusCode, left.body).toBe(204);
    // the old token (still unexpired) no longer reaches the PCO's clients
    expect((await call(afterRefresh, 'GET', '/api/clients')).statusCode).toBe(401);
    expect((await call(afterRefresh, 'GET', '/api/me')).statusCode).toBe(401);
    const back = merge(afterRefresh, left);
    expect(await me(back)).toMatchObject({
      user_type: 'admin',
      connected_on_pco: null,
      role: 'ROLE_ADMIN_SPACE_ADMIN',
    });
    expect((await call(back, 'GET', '/api/clients')).statusCode).toBe(403);
  });

  it('a refresh drops the substitution once the admin may no longer substitute', async () => {
    const adminSpace = await createSpace(t.db, 'admin');
    const other = await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN');
    const cookie = await enter(other.email, '/api/user_admins/connect-on-pco', { connected_on_pco_ulid: pcoId });
    // raw SQL: tests outside repositories may not import drizzle (both drivers' clients take `query(text, params)`)
    const client = (t.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<unknown> } }).$client;
    await client.query('update memberships set role = $1 where id = $2', ['ROLE_ADMIN_SPACE_USER', other.membershipId]);
    const refreshToken = cookie
      .split('; ')
      .find((p) => p.startsWith(`${REFRESH_TOKEN_COOKIE}=`))
      ?.split('=')[1];
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/security/token/refresh',
      headers: { 'client-type': 'webapp' },
      cookies: { [REFRESH_TOKEN_COOKIE]: refreshToken ?? '' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await me(merge(cookie, refreshed))).toMatchObject({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_USER' });
  });

  it('enters a dealer and leaves it', async () => {
    const cookie = await enter(admin.email, '/api/user_admins/connect-on-dealer', {
      connected_on_dealer_ulid: dealerId,
    });
    expect(await me(cookie)).toMatchObject({
      user_type: 'dealer',
      role: 'ROLE_DEALER_SPACE_OWNER',
      connected_on_dealer: { ulid: dealerId },
      connected_on_pco: null,
    });
    const left = await call(cookie, 'POST', '/api/user_admins/disconnect-on-dealer');
    expect(left.statusCode).toBe(204);
    expect(await me(merge(cookie, left))).toMatchObject({ user_type: 'admin', connected_on_dealer: null });
  });

  it('answers 404 for an unknown, closed or wrong-type space', async () => {
    const cookie = await login(t, admin.email);
    const closed = await createSpace(t.db, 'pco', { closedAt: new Date() });
    for (const ulid of [newUlid(), closed, dealerId]) {
      const response = await call(cookie, 'POST', '/api/user_admins/connect-on-pco', { connected_on_pco_ulid: ulid });
      expect(response.statusCode).toBe(404);
      expect(response.json().code ?? response.json().error).toBeDefined();
      expect(response.body).toContain('connected_on_pco_not_found');
    }
    const dealer = await call(cookie, 'POST', '/api/user_admins/connect-on-dealer', {
      connected_on_dealer_ulid: pcoId,
    });
    expect(dealer.statusCode).toBe(404);
    expect(dealer.body).toContain('connected_on_dealer_not_found');
  });
});

describe('dealer substitution', () => {
  it("enters its own dealer's PCO, not another dealer's (404)", async () => {
    const dealer = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER');
    const cookie = await enter(dealer.email, '/api/user_dealers/connect-on-pco', { connected_on_pco_ulid: pcoId });
    expect(await me(cookie)).toMatchObject({
      user_type: 'pco',
      role: 'ROLE_PCO_SPACE_OWNER',
      connected_on_pco: { ulid: pcoId },
    });
    expect((await call(cookie, 'GET', '/api/clients')).statusCode).toBe(200);
    const left = await call(cookie, 'POST', '/api/user_dealers/disconnect-on-pco');
    expect(left.statusCode).toBe(204);
    const back = merge(cookie, left);
    expect(await me(back)).toMatchObject({
      user_type: 'dealer',
      role: 'ROLE_DEALER_SPACE_USER',
      connected_on_pco: null,
    });

    const other = await call(back, 'POST', '/api/user_dealers/connect-on-pco', { connected_on_pco_ulid: otherPcoId });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('connected_on_pco_not_found');
  });

  it('refuses a PCO member (403) and a dealer calling the admin route (403)', async () => {
    const owner = await createMember(t.db, pcoId, 'ROLE_PCO_SPACE_OWNER');
    const pcoCookie = await login(t, owner.email);
    const body = { connected_on_pco_ulid: pcoId };
    expect((await call(pcoCookie, 'POST', '/api/user_dealers/connect-on-pco', body)).statusCode).toBe(403);
    expect((await call(pcoCookie, 'POST', '/api/user_admins/connect-on-pco', body)).statusCode).toBe(403);
    const dealer = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    const dealerCookie = await login(t, dealer.email);
    expect((await call(dealerCookie, 'POST', '/api/user_admins/connect-on-pco', body)).statusCode).toBe(403);
    // a PCO owner sees its own space's audit trail (empty of others' spaces)
    const audit = await call(pcoCookie, 'GET', '/api/space_parameters/audit');
    expect(audit.statusCode).toBe(200);
    const events = (audit.json() as HydraCollection<AuditEvent>)['hydra:member'];
    expect(events.length).toBeGreaterThan(0);
    // entering and leaving are no changes of the space
    expect(events.filter((e) => /connect-on-/.test(e.action))).toEqual([]);
    const otherOwner = await createMember(t.db, otherPcoId, 'ROLE_PCO_SPACE_OWNER');
    const otherAudit = await call(await login(t, otherOwner.email), 'GET', '/api/space_parameters/audit');
    expect(otherAudit.json()['hydra:totalItems']).toBe(0);
  });
});

describe('PUT /api/me/change-space', () => {
  it('switches between a dealer and a PCO membership of one account, and the session stays there', async () => {
    const person = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_OWNER');
    await t.db.insert(memberships).values({
      id: newUlid(),
      accountId: person.accountId,
      spaceId: pcoId,
      spaceType: 'pco',
      role: 'ROLE_PCO_SPACE_MANAGER',
      status: 'active',
      color: '#336699',
    });
    let cookie = await login(t, person.email);
    expect(await me(cookie)).toMatchObject({ have_user_dealer_space: true, have_user_pco_space: true });

    const toDealer = await call(cookie, 'PUT', '/api/me/change-space', { space: 'dealer' });
    expect(toDealer.statusCode, toDealer.body).toBe(204);
    cookie = merge(cookie, toDealer);
    expect(await me(cookie)).toMatchObject({ user_type: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER' });
    expect((await call(cookie, 'GET', '/api/clients')).statusCode).toBe(403);

    const toPco = await call(cookie, 'PUT', '/api/me/change-space', { space: 'pco' });
    expect(toPco.statusCode).toBe(204);
    cookie = merge(cookie, toPco);
    expect(await me(cookie)).toMatchObject({ user_type: 'pco', role: 'ROLE_PCO_SPACE_MANAGER', pco: { ulid: pcoId } });
    expect((await call(cookie, 'GET', '/api/clients')).statusCode).toBe(200);

    // a refresh keeps the new space
    const refreshToken = cookie
      .split('; ')
      .find((p) => p.startsWith(`${REFRESH_TOKEN_COOKIE}=`))
      ?.split('=')[1];
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/security/token/refresh',
      headers: { 'client-type': 'webapp' },
      cookies: { [REFRESH_TOKEN_COOKIE]: refreshToken ?? '' },
    });
    expect(await me(merge(cookie, refreshed))).toMatchObject({ user_type: 'pco' });
  });

  it('answers 400 space_required / invalid_space and 409 space_not_allowed', async () => {
    const person = await createMember(t.db, dealerId, 'ROLE_DEALER_SPACE_USER');
    const cookie = await login(t, person.email);
    const cases: [object, number, string][] = [
      [{}, 400, 'space_required'],
      [{ space: '' }, 400, 'space_required'],
      [{ space: 'moon' }, 400, 'invalid_space'],
      [{ space: 'admin' }, 409, 'space_not_allowed'],
      [{ space: 'pco' }, 409, 'space_not_allowed'],
    ];
    for (const [body, status, code] of cases) {
      const response = await call(cookie, 'PUT', '/api/me/change-space', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.body).toContain(code);
    }
    // a disabled membership or a closed space is no space one can enter
    await t.db.insert(memberships).values({
      id: newUlid(),
      accountId: person.accountId,
      spaceId: pcoId,
      spaceType: 'pco',
      role: 'ROLE_PCO_SPACE_USER',
      status: 'disabled',
      color: '#336699',
    });
    expect((await call(cookie, 'PUT', '/api/me/change-space', { space: 'pco' })).statusCode).toBe(409);

    // not during substitution
    const sub = await call(cookie, 'POST', '/api/user_dealers/connect-on-pco', { connected_on_pco_ulid: pcoId });
    const substituted = merge(cookie, sub);
    const refused = await call(substituted, 'PUT', '/api/me/change-space', { space: 'dealer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('space_not_allowed');
  });
});

describe('PUT /api/me/change-space with TWO_FACTOR_SPACES=admin,dealer', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ env: { TWO_FACTOR_SPACES: 'admin,dealer' } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  /** A dealer user who also manages one of the dealer's PCOs (membership added now). */
  async function pcoManagerAlsoDealerUser() {
    const dealer = await createSpace(strict.db, 'dealer');
    const pco = await createSpace(strict.db, 'pco', { dealerId: dealer });
    const person = await createMember(strict.db, dealer, 'ROLE_DEALER_SPACE_USER');
    const addPcoMembership = () =>
      strict.db.insert(memberships).values({
        id: newUlid(),
        accountId: person.accountId,
        spaceId: pco,
        spaceType: 'pco',
        role: 'ROLE_PCO_SPACE_MANAGER',
        status: 'active',
        color: '#336699',
      });
    return { person, addPcoMembership };
  }
  const changeSpace = (cookie: string, space: string) =>
    strict.app.inject({
      method: 'PUT',
      url: '/api/me/change-space',
      headers: { ...as(cookie), 'content-type': 'application/json' },
      payload: { space },
    });

  it('asks the code of an account holding any two-factor space, then lets it switch both ways', async () => {
    const { person, addPcoMembership } = await pcoManagerAlsoDealerUser();
    await addPcoMembership();
    const cookie = await login(strict, person.email);
    // the PCO membership is chosen at sign-in, but the account also holds a dealer space: the code was asked
    const mails = await strict.mailbox.all();
    expect(mails.filter((m) => m.to.includes(person.email) && m.template === 'two_factor_code')).toHaveLength(1);
    expect((await changeSpace(cookie, 'dealer')).statusCode).toBe(204);
    expect((await changeSpace(cookie, 'pco')).statusCode).toBe(204);
  });

  it('refuses to enter a two-factor space from a session that never passed the code (409)', async () => {
    const { person, addPcoMembership } = await pcoManagerAlsoDealerUser();
    // the dealer membership is disabled at sign-in: only the PCO one counts, no code is asked …
    await addPcoMembership();
    await setMembershipStatus(strict.db, person.membershipId, 'disabled');
    const cookie = await login(strict.app, person.email);
    // … then it is enabled again: the session never passed the code
    await setMembershipStatus(strict.db, person.membershipId, 'active');
    const response = await changeSpace(cookie, 'dealer');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'space_not_allowed' });
  });
});
