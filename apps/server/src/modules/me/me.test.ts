/**
 * SPEC §2.6, §4 "Profile", §7 "Self", §8 "E-mail change", "Language", "Timezone", "Name"; docs/decisions/007:
 * the self-service calls of "my profile" and `GET /api/timezones`.
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login, TEST_PASSWORD } from '../../../test/factories.js';
import { expireEmailChanges } from '../../../test/me-factories.js';
import { addMembership, setMemberState } from '../../../test/users-factories.js';
import { trustedDevices } from '../../db/schema/index.js';
import { newUlid } from '../../platform/ids.js';

const APP_URL = 'https://isoptera.test';
const NEW_PASSWORD = 'Another-Secret-2027?';
let t: TestApp;
let spaceId: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL } });
  spaceId = await createSpace(t.db, 'pco', { name: 'Termites Gironde', logo: '/uploads/logos/tg.png' });
});
afterAll(() => t.close());

/** A PCO manager of the test space, signed in. */
async function person(overrides: Parameters<typeof createMember>[3] = {}) {
  const member = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_MANAGER', overrides);
  return { ...member, cookie: await login(t.app, member.email) };
}

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, cookie: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? as(cookie) : { 'client-type': 'webapp' },
    ...(payload ? { payload } : {}),
  });
const me = async (cookie: string) => (await call('GET', '/api/me', cookie)).json();
const violations = (response: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  (response.json().violations ?? []).map((v) => `${v.propertyPath}:${v.code}`);
/** The claims of a JWT. */
const claimsOf = (token: string | undefined) =>
  token ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) : undefined;
/** The claims of the access token a response set. */
const accessClaimsOf = (response: { cookies: { name: string; value: string }[] }) =>
  claimsOf(response.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE)?.value);
/** The claims of the access token of a `cookie` header. */
const cookieClaims = (cookie: string) =>
  claimsOf(new URLSearchParams(cookie.replaceAll('; ', '&')).get(ACCESS_TOKEN_COOKIE) ?? undefined);
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/security/token/refresh', headers: as(cookie) });
/** The link of an `email_change` mail, and its token. */
function linkOf(text: string) {
  const link = text.match(/https?:\/\/\S+/)?.[0] ?? '';
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}

describe('GET /api/me space flags', () => {
  it('offers only the spaces of ACTIVE memberships: a pending invitation or a disabled membership offers none', async () => {
    const p = await person();
    const dealerSpace = await createSpace(t.db, 'dealer', { name: 'Termi Négoce Atlantique' });
    const dealer = await addMembership(t.db, p.accountId, dealerSpace, 'ROLE_DEALER_SPACE_USER');
    await setMemberState(t.db, dealer, { status: 'invited', lastInvitedAt: new Date() });
    const admin = await addMembership(t.db, p.accountId, await createSpace(t.db, 'admin'), 'ROLE_ADMIN_SPACE_USER');
    await setMemberState(t.db, admin, { status: 'disabled', disabledAt: new Date() });
    expect(await me(p.cookie)).toMatchObject({
      have_user_admin_space: false,
      have_user_dealer_space: false,
      have_user_pco_space: true,
    });
    // once the invitation is accepted, the dealer space is offered, by its name
    await setMemberState(t.db, dealer, { status: 'active' });
    const answer = await me(p.cookie);
    expect(answer).toMatchObject({ have_user_dealer_space: true, have_user_admin_space: false });
    expect(answer.space_names).toEqual({ admin: null, dealer: 'Termi Négoce Atlantique', pco: 'Termites Gironde' });
  });
});

describe('PUT /api/me/edit-name', () => {
  it('changes the name (204), which GET /api/me shows at once', async () => {
    const p = await person();
    const response = await call('PUT', '/api/me/edit-name', p.cookie, {
      firstname: 'Anaïs',
      lastname: "D'Arcy-Lefèvre",
    });
    expect(response.statusCode).toBe(204);
    expect(await me(p.cookie)).toMatchObject({ firstname: 'Anaïs', lastname: "D'Arcy-Lefèvre" });
  });

  it('refuses an empty or invalid name (422) and an anonymous caller (401)', async () => {
    const p = await person();
    const bad = await call('PUT', '/api/me/edit-name', p.cookie, { firstname: '', lastname: 'R2-D2' });
    expect(bad.statusCode).toBe(422);
    expect(violations(bad).sort()).toEqual(['firstname:firstname_required', 'lastname:lastname_invalid']);
    expect((await call('PUT', '/api/me/edit-name', null, { firstname: 'A', lastname: 'B' })).statusCode).toBe(401);
  });
});

describe('PUT /api/me/edit-email and PUT /api/me/validate-email/{token}', () => {
  it('mails a link to the NEW address in the account language; the e-mail changes only when it is used, once', async () => {
    const p = await person();
    expect((await call('PUT', '/api/me/edit-language', p.cookie, { language: 'ja' })).statusCode).toBe(204);
    const target = `new.${p.email}`;
    const response = await call('PUT', '/api/me/edit-email', p.cookie, {
      new_email: `  ${target.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect((await me(p.cookie)).email).toBe(p.email);

    const mail = await t.mailbox.waitFor(target, { template: 'email_change' });
    expect(mail.subject).toBe('新しいメールアドレスの確認');
    expect(mail.html).toContain('Termites Gironde');
    const { link, token } = linkOf(mail.text);
    expect(link.startsWith(`${APP_URL}/validate-new-email?token=`)).toBe(true);
    const [stored] = await t.db.query.emailChangeRequests.findMany({
      where: (r, { eq }) => eq(r.accountId, p.accountId),
    });
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.newEmail).toBe(target);

    // public: no session needed, the token is the credential
    expect((await call('PUT', `/api/me/validate-email/${token}`, null)).statusCode).toBe(204);
    expect((await me(p.cookie)).email).toBe(target);
    await expect(login(t.app, target)).resolves.toContain(ACCESS_TOKEN_COOKIE);
    await expect(login(t.app, p.email)).rejects.toThrow(/401/);

    const again = await call('PUT', `/api/me/validate-email/${token}`, null);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_email_token');
  });

  it('answers 422 invalid_password on a wrong password, and sends nothing', async () => {
    const p = await person();
    const response = await call('PUT', '/api/me/edit-email', p.cookie, {
      new_email: `other.${p.email}`,
      password: 'Wrong-Password-2026!',
    });
    expect(response.statusCode).toBe(422);
    expect(violations(response)).toEqual(['password:invalid_password']);
    const pending = await t.db.query.emailChangeRequests.findMany({
      where: (r, { eq }) => eq(r.accountId, p.accountId),
    });
    expect(pending).toEqual([]);
  });

  it('answers 422 email_already_exist for an address of another account (any case) or one’s own', async () => {
    const p = await person();
    const other = await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
    for (const address of [other.email.toUpperCase(), p.email]) {
      const response = await call('PUT', '/api/me/edit-email', p.cookie, {
        new_email: address,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(422);
      expect(violations(response)).toEqual(['new_email:email_already_exist']);
    }
  });

  it('validates the body: e-mail required and well formed, password required', async () => {
    const p = await person();
    const response = await call('PUT', '/api/me/edit-email', p.cookie, { new_email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(422);
    expect(violations(response).sort()).toEqual(['new_email:email_invalid', 'password:password_required']);
  });

  it('answers 400 invalid_email_token for an unknown link and for a link a newer request replaced', async () => {
    const unknown = await call('PUT', '/api/me/validate-email/not-a-real-token', null);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('invalid_email_token');

    const p = await person();
    await call('PUT', '/api/me/edit-email', p.cookie, { new_email: `first.${p.email}`, password: TEST_PASSWORD });
    const first = linkOf((await t.mailbox.waitFor(`first.${p.email}`, { template: 'email_change' })).text);
    await call('PUT', '/api/me/edit-email', p.cookie, { new_email: `second.${p.email}`, password: TEST_PASSWORD });
    const second = linkOf((await t.mailbox.waitFor(`second.${p.email}`, { template: 'email_change' })).text);
    expect((await call('PUT', `/api/me/validate-email/${first.token}`, null)).json().error).toBe('invalid_email_token');
    expect((await call('PUT', `/api/me/validate-email/${second.token}`, null)).statusCode).toBe(204);
    expect((await me(p.cookie)).email).toBe(`second.${p.email}`);
  });

  it('answers 410 expired_email_token after 24 hours, and changes nothing', async () => {
    const p = await person();
    await call('PUT', '/api/me/edit-email', p.cookie, { new_email: `late.${p.email}`, password: TEST_PASSWORD });
    const { token } = linkOf((await t.mailbox.waitFor(`late.${p.email}`, { template: 'email_change' })).text);
    const [request] = await t.db.query.emailChangeRequests.findMany({
      where: (r, { eq }) => eq(r.accountId, p.accountId),
    });
    expect(request && request.expiresAt.getTime() - request.createdAt.getTime()).toBe(24 * 3_600_000);
    await expireEmailChanges(t.db, p.accountId);
    const response = await call('PUT', `/api/me/validate-email/${token}`, null);
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toBe('expired_email_token');
    expect((await me(p.cookie)).email).toBe(p.email);
  });

  it('answers 409 email_already_exist when another account took the address meanwhile', async () => {
    const p = await person();
    const wanted = `wanted.${p.email}`;
    await call('PUT', '/api/me/edit-email', p.cookie, { new_email: wanted, password: TEST_PASSWORD });
    const { token } = linkOf((await t.mailbox.waitFor(wanted, { template: 'email_change' })).text);
    await createMember(t.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { email: wanted });
    const response = await call('PUT', `/api/me/validate-email/${token}`, null);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('email_already_exist');
    expect((await me(p.cookie)).email).toBe(p.email);
  });
});

describe('POST and PUT /api/me/edit-password', () => {
  /** Two sessions of the same person and a trusted device. */
  async function twoSessions() {
    const p = await person();
    const other = await login(t.app, p.email);
    await t.db.insert(trustedDevices).values({
      id: newUlid(),
      accountId: p.accountId,
      tokenHash: `hash-${newUlid()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { ...p, other };
  }

  it.each([
    ['POST', { current_password: TEST_PASSWORD, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }],
    ['PUT', { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD }],
  ] as const)(
    '%s: changes the password, keeps this session, ends the others and the trusted devices',
    async (method, body) => {
      const p = await twoSessions();
      const response = await call(method, '/api/me/edit-password', p.cookie, body);
      expect(response.statusCode).toBe(204);

      expect((await refresh(p.cookie)).statusCode).toBe(200);
      expect((await refresh(p.other)).statusCode).toBe(401);
      const open = await t.db.query.sessions.findMany({ where: (r, { eq }) => eq(r.accountId, p.accountId) });
      expect(open.filter((s) => !s.revokedAt)).toHaveLength(1);
      const devices = await t.db.query.trustedDevices.findMany({ where: (r, { eq }) => eq(r.accountId, p.accountId) });
      expect(devices.every((d) => d.revokedAt)).toBe(true);

      await expect(login(t.app, p.email)).rejects.toThrow(/401/);
      await expect(login(t.app, p.email, NEW_PASSWORD)).resolves.toContain(REFRESH_TOKEN_COOKIE);
    },
  );

  it.each([
    ['POST', { current_password: 'Not-My-Password-1!', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }],
    ['PUT', { current_password: 'Not-My-Password-1!', new_password: NEW_PASSWORD }],
  ] as const)(
    '%s: answers 422 invalid_password on a wrong current password and changes nothing',
    async (method, body) => {
      const p = await twoSessions();
      const response = await call(method, '/api/me/edit-password', p.cookie, body);
      expect(response.statusCode).toBe(422);
      expect(violations(response)).toEqual(['current_password:invalid_password']);
      expect((await refresh(p.other)).statusCode).toBe(200);
      await expect(login(t.app, p.email)).resolves.toContain(ACCESS_TOKEN_COOKIE);
    },
  );

  it('checks the rule of SPEC §5, the confirmation and the required fields', async () => {
    const p = await person();
    const weak = await call('POST', '/api/me/edit-password', p.cookie, {
      current_password: TEST_PASSWORD,
      new_password1: 'short',
      new_password2: 'short',
    });
    expect(violations(weak)).toEqual(['new_password1:password_must_be']);
    const mismatch = await call('POST', '/api/me/edit-password', p.cookie, {
      current_password: TEST_PASSWORD,
      new_password1: NEW_PASSWORD,
      new_password2: `${NEW_PASSWORD}x`,
    });
    expect(violations(mismatch)).toEqual(['new_password2:passwords_do_not_match']);
    const empty = await call('PUT', '/api/me/edit-password', p.cookie, { current_password: '', new_password: '' });
    expect(violations(empty).sort()).toEqual([
      'current_password:current_password_required',
      'new_password:new_password_required',
    ]);
  });

  it('answers 429 with Retry-After after 10 password checks in 15 minutes', async () => {
    const p = await person();
    const body = { current_password: 'Not-My-Password-1!', new_password: NEW_PASSWORD };
    for (let i = 0; i < 10; i++) {
      expect((await call('PUT', '/api/me/edit-password', p.cookie, body)).statusCode).toBe(422);
    }
    const limited = await call('PUT', '/api/me/edit-password', p.cookie, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another person is still served
    const q = await person();
    expect((await call('PUT', '/api/me/edit-password', q.cookie, body)).statusCode).toBe(422);
  });
});

describe('PUT /api/me/edit-language and /api/me/edit-timezone', () => {
  it('saves the language: GET /api/me, the access token and the next refresh carry it', async () => {
    const p = await person();
    const before = cookieClaims(p.cookie);
    const response = await call('PUT', '/api/me/edit-language', p.cookie, { language: 'pt' });
    expect(response.statusCode).toBe(204);
    expect((await me(p.cookie)).lang).toBe('pt');
    const claims = accessClaimsOf(response);
    expect(claims).toMatchObject({ lng: 'pt', tz: 'Europe/Paris', sid: before.sid });
    expect(claims.exp).toBe(before.exp);
    expect(accessClaimsOf(await refresh(p.cookie))).toMatchObject({ lng: 'pt' });
    const account = await t.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, p.accountId) });
    expect(account?.lang).toBe('pt');
  });

  it('refuses a missing or unknown language (422)', async () => {
    const p = await person();
    expect(violations(await call('PUT', '/api/me/edit-language', p.cookie, { language: 'de' }))).toEqual([
      'language:language_not_accepted',
    ]);
    expect(violations(await call('PUT', '/api/me/edit-language', p.cookie, { language: '' }))).toEqual([
      'language:language_required',
    ]);
  });

  it('saves the time zone: GET /api/me, the access token and the next refresh carry it', async () => {
    const p = await person();
    const response = await call('PUT', '/api/me/edit-timezone', p.cookie, { timezone: 'Asia/Tokyo' });
    expect(response.statusCode).toBe(204);
    expect((await me(p.cookie)).timezone).toBe('Asia/Tokyo');
    expect(accessClaimsOf(response)).toMatchObject({ tz: 'Asia/Tokyo' });
    expect(accessClaimsOf(await refresh(p.cookie))).toMatchObject({ tz: 'Asia/Tokyo' });
  });

  it('refuses a missing or unknown time zone (422)', async () => {
    const p = await person();
    expect(violations(await call('PUT', '/api/me/edit-timezone', p.cookie, { timezone: 'Mars/Olympus_Mons' }))).toEqual(
      ['timezone:timezone_not_accepted'],
    );
    expect(violations(await call('PUT', '/api/me/edit-timezone', p.cookie, { timezone: ' ' }))).toEqual([
      'timezone:timezone_required',
    ]);
  });

  it('answers 401 to anonymous callers of every self call but validate-email', async () => {
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PUT', '/api/me/edit-name'],
      ['PUT', '/api/me/edit-email'],
      ['POST', '/api/me/edit-password'],
      ['PUT', '/api/me/edit-password'],
      ['PUT', '/api/me/edit-language'],
      ['PUT', '/api/me/edit-timezone'],
    ] as const) {
      expect((await call(method, url, null, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET /api/timezones', () => {
  it('lists the IANA zones to anyone (the activation page has no session yet)', async () => {
    const response = await call('GET', '/api/timezones', null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body['hydra:member']).toEqual(expect.arrayContaining(['Europe/Paris', 'Asia/Tokyo', 'UTC']));
    expect(body['hydra:totalItems']).toBe(body['hydra:member'].length);
    expect(body['hydra:member']).toEqual([...body['hydra:member']].sort());
  });
});
