/**
 * Factories for API tests: spaces and people inserted directly (their services come with the identity issue),
 * and `login()` through the real token endpoint. Domain records are created through the API or the services.
 */
import type { Role } from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, idempotencyKeys, memberships, spaces } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import type { Mailbox } from './mailbox.js';

export const TEST_PASSWORD = 'Test-Password-2026!';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** A space of `type` (a PCO gets a fresh dealer unless `dealerId` is given). Returns its id. */
export async function createSpace(
  db: Db,
  type: 'admin' | 'dealer' | 'pco',
  overrides: Partial<typeof spaces.$inferInsert> = {},
): Promise<string> {
  const id = newUlid();
  let dealerId = overrides.dealerId ?? null;
  if (type === 'pco' && !dealerId) dealerId = await createSpace(db, 'dealer');
  await db.insert(spaces).values({ id, type, name: `${type} ${++sequence}`, ...overrides, dealerId });
  return id;
}

export interface TestMember {
  accountId: string;
  membershipId: string;
  email: string;
  /** IRI of the member, `/api/user_pcos/{ulid}`. */
  iri: string;
}

/** An account with an active membership of `role` in `spaceId`. */
export async function createMember(
  db: Db,
  spaceId: string,
  role: Role,
  overrides: {
    email?: string;
    firstname?: string;
    lastname?: string;
    timezone?: string;
    status?: 'active' | 'invited' | 'disabled';
    color?: string;
  } = {},
): Promise<TestMember> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const accountId = newUlid();
  const membershipId = newUlid();
  const n = ++sequence;
  const email = overrides.email ?? `person${n}.${accountId.slice(-6).toLowerCase()}@test.example`;
  const spaceType = role.startsWith('ROLE_PCO') ? 'pco' : role.startsWith('ROLE_DEALER') ? 'dealer' : 'admin';
  await db.insert(accounts).values({
    id: accountId,
    email,
    passwordHash: await passwordHash,
    firstname: overrides.firstname ?? `Prénom${n}`.replace(/\d/g, ''),
    lastname: overrides.lastname ?? `Nom`,
    timezone: overrides.timezone ?? 'Europe/Paris',
  });
  await db.insert(memberships).values({
    id: membershipId,
    accountId,
    spaceId,
    spaceType,
    role,
    status: overrides.status ?? 'active',
    color: overrides.color ?? '#336699',
  });
  return { accountId, membershipId, email, iri: `/api/user_${spaceType}s/${membershipId}` };
}

/**
 * Signs in through `POST /security/token/request` and answers the `cookie` header to send with later requests.
 * Members of a two-factor space (admin, dealer by default) also need the code e-mailed to them: pass the whole
 * test app (`login(t, email)`), whose mailbox holds it, and the step is completed through `/security/token/2fa`.
 */
export async function login(
  target: FastifyInstance | { app: FastifyInstance; mailbox: Mailbox },
  email: string,
  password = TEST_PASSWORD,
): Promise<string> {
  const app = 'mailbox' in target ? target.app : target;
  const response = await app.inject({
    method: 'POST',
    url: '/security/token/request',
    headers: { 'client-type': 'webapp' },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  if (!response.json().two_factor) return cookieHeader(response.cookies);
  if (!('mailbox' in target)) {
    throw new Error(
      `login of ${email} needs the two-factor code: call login(testApp, email), not login(testApp.app, …)`,
    );
  }
  const mail = await target.mailbox.waitFor(email, { template: 'two_factor_code' });
  const code = mail.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0] ?? '';
  const second = await app.inject({
    method: 'POST',
    url: '/security/token/2fa',
    headers: { 'client-type': 'webapp' },
    cookies: Object.fromEntries(response.cookies.map((c) => [c.name, c.value])),
    payload: { auth_code: code, trusted: false },
  });
  if (second.statusCode !== 200) throw new Error(`2FA of ${email} failed: ${second.statusCode} ${second.body}`);
  return cookieHeader(second.cookies);
}

/** `name=value; …` of the cookies a response set (cleared ones left out). */
function cookieHeader(cookies: { name: string; value: string }[]): string {
  return cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/** Headers of an authenticated web request. */
export function as(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie, 'client-type': 'webapp', ...extra };
}

/** A PCO with an owner, a manager and a technician, each logged in. */
export async function createPcoTeam(app: FastifyInstance, db: Db) {
  const spaceId = await createSpace(db, 'pco');
  const owner = await createMember(db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  const manager = await createMember(db, spaceId, 'ROLE_PCO_SPACE_MANAGER');
  const technician = await createMember(db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN');
  return {
    spaceId,
    owner: { ...owner, cookie: await login(app, owner.email) },
    manager: { ...manager, cookie: await login(app, manager.email) },
    technician: { ...technician, cookie: await login(app, technician.email) },
  };
}

/** Sets the status of a membership (e.g. to disable it, or enable it again, behind the API's back). */
export async function setMembershipStatus(db: Db, membershipId: string, status: 'active' | 'disabled'): Promise<void> {
  await db.update(memberships).set({ status }).where(eq(memberships.id, membershipId));
}

/** Hands PCO `pcoId` over to dealer `dealerId` (what an admin's edit of the PCO does). */
export async function setPcoDealer(db: Db, pcoId: string, dealerId: string): Promise<void> {
  await db.update(spaces).set({ dealerId }).where(eq(spaces.id, pcoId));
}

/** Moves every stored answer of the idempotent creates (ADR 027) `hours` back (expiry tests). */
export async function ageCreateIdempotencyKeys(db: Db, hours: number): Promise<void> {
  await db.update(idempotencyKeys).set({ createdAt: new Date(Date.now() - hours * 3_600_000) });
}

/** How many answers of the idempotent creates are stored (claimed or answered). */
export async function countCreateIdempotencyKeys(db: Db): Promise<number> {
  return (await db.select().from(idempotencyKeys)).length;
}
