/**
 * Issue 14, SPEC §2.1 `/easy-connect?token=` and `/token-expires?pco_name=`: the owner of a space e-mails a member a
 * one-time sign-in link, valid 24 hours and used once, that opens a normal session (or the e-mailed code step for a
 * member of a two-factor space type, docs/decisions/007); only the owner, only for members of the owner's space.
 */
import { ACCESS_TOKEN_COOKIE, type ProblemBody, REFRESH_TOKEN_COOKIE, type Role } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, setMembershipStatus } from '../../../test/factories.js';
import { browser, buildAuthTestApp, codeIn, createTestClock, HEADERS, linkIn, MINUTE } from './auth.test-support.js';

const HOUR = 60 * MINUTE;
const clock = createTestClock();
let t: TestApp;
let pcoSpace: string;
let owner: string;
let dealerSpace: string;
let dealerOwner: string;
let otherPcoOwner: string;

const send = (cookie: string, ulid: string, type: 'pco' | 'dealer' = 'pco') =>
  t.app.inject({ method: 'POST', url: `/api/user_${type}s/${ulid}/easy-connect`, headers: as(cookie) });

/** Sends a link as `cookie` to `member` and answers the token read from the member's mail. */
async function linkFor(
  cookie: string,
  member: { membershipId: string; email: string },
  type: 'pco' | 'dealer' = 'pco',
) {
  const response = await send(cookie, member.membershipId, type);
  expect(response.statusCode, response.body).toBe(204);
  const mail = await t.mailbox.waitFor(member.email, { template: 'easy_connect' });
  const link = linkIn(mail);
  expect(link.pathname).toBe('/easy-connect');
  return { mail, token: link.searchParams.get('token') ?? '' };
}

const errorOf = (response: { json(): unknown }) => response.json() as ProblemBody & { pco_name?: string };

beforeAll(async () => {
  t = await buildAuthTestApp(clock, { APP_URL: 'https://app.isoptera.test' });
  dealerSpace = await createSpace(t.db, 'dealer', { name: 'Termi Distribution' });
  pcoSpace = await createSpace(t.db, 'pco', { name: 'Bordeaux Termites', dealerId: dealerSpace });
  const o = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_OWNER', { firstname: 'Sophie', lastname: 'Durand' });
  owner = await login(t.app, o.email);
  dealerOwner = await login(t, (await createMember(t.db, dealerSpace, 'ROLE_DEALER_SPACE_OWNER')).email);
  const otherPco = await createSpace(t.db, 'pco', { name: 'Lyon Nuisibles' });
  otherPcoOwner = await login(t.app, (await createMember(t.db, otherPco, 'ROLE_PCO_SPACE_OWNER')).email);
});
afterAll(() => t.close());

const pcoMember = (role: Role = 'ROLE_PCO_SPACE_TECHNICIAN') => createMember(t.db, pcoSpace, role);

describe('POST /security/easy-connect', () => {
  it('signs a PCO member in once with the link an owner e-mailed, in their language, naming the sender', async () => {
    const member = await pcoMember('ROLE_PCO_SPACE_MANAGER');
    await t.db.execute(`update accounts set lang = 'en' where id = '${member.accountId}'`);
    const { mail, token } = await linkFor(owner, member);
    expect(mail.subject).toContain('Bordeaux Termites');
    expect(mail.text).toContain('Sophie Durand');
    expect(mail.text).toContain('24 hours');

    const b = browser(t);
    const first = await b.send('POST', '/security/easy-connect', { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({});
    expect(b.jar.has(ACCESS_TOKEN_COOKIE)).toBe(true);
    expect(b.jar.has(REFRESH_TOKEN_COOKIE)).toBe(true);
    const me = await b.me();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: member.email, role: 'ROLE_PCO_SPACE_MANAGER' });

    const again = await browser(t).send('POST', '/security/easy-connect', { token });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again)).toMatchObject({ error: 'expired_easy_connect_token', pco_name: 'Bordeaux Termites' });
  });

  it('refuses a link older than 24 hours, naming the space for the expired-link page', async () => {
    const member = await pcoMember();
    const { token } = await linkFor(owner, member);
    clock.advance(24 * HOUR + MINUTE);
    const response = await browser(t).send('POST', '/security/easy-connect', { token });
    expect(response.statusCode).toBe(410);
    expect(errorOf(response)).toMatchObject({ error: 'expired_easy_connect_token', pco_name: 'Bordeaux Termites' });
    expect(response.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)).toBeUndefined();
  });

  it('works until the 24th hour', async () => {
    const member = await pcoMember();
    const { token } = await linkFor(owner, member);
    clock.advance(24 * HOUR - MINUTE);
    const response = await browser(t).send('POST', '/security/easy-connect', { token });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an older link once a newer one was sent, and the link of a member disabled since', async () => {
    const member = await pcoMember();
    const older = await linkFor(owner, member);
    const newer = await linkFor(owner, member);
    expect((await browser(t).send('POST', '/security/easy-connect', { token: older.token })).statusCode).toBe(410);
    await setMembershipStatus(t.db, member.membershipId, 'disabled');
    const response = await browser(t).send('POST', '/security/easy-connect', { token: newer.token });
    expect(response.statusCode).toBe(410);
    expect(response.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)).toBeUndefined();
  });

  it('answers 400 for an unknown link and 422 without a token', async () => {
    const unknown = await browser(t).send('POST', '/security/easy-connect', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).error).toBe('invalid_easy_connect_token');
    const empty = await browser(t).send('POST', '/security/easy-connect', { token: '' });
    expect(empty.statusCode).toBe(422);
  });

  it('asks a member of a two-factor space for the e-mailed code before the session opens', async () => {
    const member = await createMember(t.db, dealerSpace, 'ROLE_DEALER_SPACE_USER');
    const { token } = await linkFor(dealerOwner, member, 'dealer');
    const b = browser(t);
    const first = await b.send('POST', '/security/easy-connect', { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ two_factor: true, email: member.email });
    expect(b.jar.has(ACCESS_TOKEN_COOKIE)).toBe(false);
    const code = codeIn(await t.mailbox.waitFor(member.email, { template: 'two_factor_code' }));
    const second = await b.code(code);
    expect(second.statusCode, second.body).toBe(200);
    expect((await b.me()).json()).toMatchObject({ email: member.email, role: 'ROLE_DEALER_SPACE_USER' });
  });

  it('stops a flood of wrong links from one address with 429', async () => {
    const b = browser(t);
    for (let i = 0; i < 30; i++) {
      expect((await b.send('POST', '/security/easy-connect', { token: `wrong-${i}` })).statusCode).toBe(400);
    }
    const blocked = await b.send('POST', '/security/easy-connect', { token: 'wrong-again' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('POST {users}/{ulid}/easy-connect', () => {
  it('is refused to the manager and the technician of the space (403) and to a member without a session (401)', async () => {
    const target = await pcoMember();
    const manager = await login(t.app, (await pcoMember('ROLE_PCO_SPACE_MANAGER')).email);
    const technician = await login(t.app, (await pcoMember('ROLE_PCO_SPACE_TECHNICIAN')).email);
    expect((await send(manager, target.membershipId)).statusCode).toBe(403);
    expect((await send(technician, target.membershipId)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/user_pcos/${target.membershipId}/easy-connect`,
      headers: HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a member of another space, whoever asks', async () => {
    const target = await pcoMember();
    const response = await send(otherPcoOwner, target.membershipId);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).error).toBe('user_not_found');
    const dealerMember = await createMember(t.db, dealerSpace, 'ROLE_DEALER_SPACE_USER');
    expect((await send(owner, dealerMember.membershipId)).statusCode).toBe(404);
    // a dealer owner is no owner of its PCOs' members: the PCO route is not theirs
    expect((await send(dealerOwner, target.membershipId)).statusCode).toBe(403);
  });

  it('answers 409 for an invited or disabled member, and sends nothing', async () => {
    const invited = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_TECHNICIAN', { status: 'invited' });
    const disabled = await createMember(t.db, pcoSpace, 'ROLE_PCO_SPACE_TECHNICIAN', { status: 'disabled' });
    expect((await send(owner, invited.membershipId)).statusCode).toBe(409);
    expect((await send(owner, disabled.membershipId)).statusCode).toBe(409);
    await expect(t.mailbox.waitFor(invited.email, { template: 'easy_connect', timeoutMs: 500 })).rejects.toThrow();
  });

  it('sends at most 5 links to one member in 15 minutes (429 after)', async () => {
    const member = await pcoMember();
    for (let i = 0; i < 5; i++) expect((await send(owner, member.membershipId)).statusCode).toBe(204);
    const sixth = await send(owner, member.membershipId);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});
