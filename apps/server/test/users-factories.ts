/**
 * Test data of the users-of-a-space tests (SPEC §4 "User lifecycle", §7 "Users"): sites with a referent and
 * interventions with interveners inserted directly (their modules have their own tests), member state set directly
 * (dates of the list order), and the HTTP helpers the users tests share.
 */
import { REFRESH_TOKEN_COOKIE, type Role } from '@isoptera/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accounts,
  clients,
  interventionInterveners,
  interventions,
  memberships,
  sessions,
  sites,
} from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import { as } from './factories.js';

/** A client named `clientName` and a site `name` of `spaceId` whose referent is `referentId`. Returns the site id. */
export async function insertReferentSite(
  db: Db,
  spaceId: string,
  referentId: string | null,
  name: string,
  clientName = 'Résidence des Pins',
): Promise<string> {
  const clientId = newUlid();
  await db.insert(clients).values({ id: clientId, spaceId, name: clientName, company: true });
  const id = newUlid();
  await db.insert(sites).values({
    id,
    spaceId,
    clientId,
    name,
    addressLabel: '8 allée des Lilas, 33700 Mérignac',
    area: 120,
    referentId,
  });
  return id;
}

/** The referent membership id of a site. */
export async function referentOf(db: Db, siteId: string): Promise<string | null> {
  const [row] = await db.select({ referentId: sites.referentId }).from(sites).where(eq(sites.id, siteId));
  return row?.referentId ?? null;
}

/** An intervention on `siteId` with `intervenerIds` as interveners. */
export async function insertIntervention(db: Db, spaceId: string, siteId: string, intervenerIds: string[]) {
  const [site] = await db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
  const id = newUlid();
  const startAt = new Date('2026-03-02T09:00:00Z');
  await db.insert(interventions).values({
    id,
    spaceId,
    clientId: site?.clientId as string,
    siteId,
    type: 'TYPE_CONTROL_VISIT',
    startAt,
    endAt: new Date(startAt.getTime() + 3_600_000),
  });
  for (const membershipId of intervenerIds)
    await db.insert(interventionInterveners).values({ interventionId: id, membershipId });
  return id;
}

/** Sets a membership's status and dates directly (list order tests). */
export async function setMemberState(
  db: Db,
  membershipId: string,
  state: Partial<Pick<typeof memberships.$inferInsert, 'status' | 'disabledAt' | 'lastInvitedAt' | 'role'>>,
) {
  await db.update(memberships).set(state).where(eq(memberships.id, membershipId));
}

/** The membership row, or undefined once deleted. */
export async function membershipRow(db: Db, membershipId: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
  return row;
}

/** The account row, or undefined once deleted. */
export async function accountRow(db: Db, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/** The open (not revoked) sessions of an account. */
export async function openSessions(db: Db, accountId: string) {
  const rows = await db.select().from(sessions).where(eq(sessions.accountId, accountId));
  return rows.filter((s) => !s.revokedAt);
}

/** The refresh token value held in a `cookie` header built by `login()`. */
export function refreshTokenOf(cookie: string): string {
  const pair = cookie.split('; ').find((c) => c.startsWith(`${REFRESH_TOKEN_COOKIE}=`));
  if (!pair) throw new Error('no refresh cookie');
  return pair.slice(REFRESH_TOKEN_COOKIE.length + 1);
}

/** `POST /security/token/refresh` with a refresh token: the status code. */
export async function refreshStatus(app: FastifyInstance, refreshToken: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/security/token/refresh',
    headers: { 'client-type': 'webapp' },
    cookies: { [REFRESH_TOKEN_COOKIE]: refreshToken },
  });
  return response.statusCode;
}

/** `POST /security/token/request`: the status code of a sign-in attempt. */
export async function loginStatus(app: FastifyInstance, email: string, password: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/security/token/request',
    headers: { 'client-type': 'webapp' },
    payload: { email, password },
  });
  return response.statusCode;
}

/** An authenticated JSON call as `cookie`. */
export function call(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: as(cookie),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A `multipart/form-data` body with one file part: the payload and its content-type header. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----isoptera${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Gives the existing account `accountId` an active membership of `role` in `spaceId`. Returns its id. */
export async function addMembership(db: Db, accountId: string, spaceId: string, role: Role): Promise<string> {
  const id = newUlid();
  const spaceType = role.startsWith('ROLE_PCO') ? 'pco' : role.startsWith('ROLE_DEALER') ? 'dealer' : 'admin';
  await db.insert(memberships).values({ id, accountId, spaceId, spaceType, role });
  return id;
}
