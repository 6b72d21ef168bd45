/**
 * Session revocation shared by every module that must end someone's sessions (issue 3 "Sign-in and sessions"):
 * logout, password change and reset, disabling or deleting a membership. A revoked session's refresh token is
 * refused at once, and so is its access token (ADR 026): the session guard checks every request's session, and a
 * database trigger tells every instance's cache when a session is revoked.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { fieldDevices, memberships, sessions, trustedDevices, twoFactorChallenges } from '../../db/schema/index.js';
import { compileRowMapper } from '../db/compiled-rows.js';
import type { Db } from '../db/database.js';

/**
 * Revokes the open sessions of `accountId` — all of them, or only those of `membershipId`, except `exceptSessionId`
 * (the session making the change). Returns how many were revoked.
 */
export async function revokeAccountSessions(
  db: Db,
  accountId: string,
  options: { membershipId?: string; exceptSessionId?: string; at?: Date } = {},
): Promise<number> {
  const conditions = [eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (options.membershipId) conditions.push(eq(sessions.membershipId, options.membershipId));
  if (options.exceptSessionId) conditions.push(ne(sessions.id, options.exceptSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: options.at ?? new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * What a new password must end (ADR 007): the account's sessions except `exceptSessionId` (the actor changing
 * their own password stays signed in), every remembered device, and every two-factor attempt still open. Pass the
 * transaction (`tx`) when the password is written in one.
 */
export async function endAccessAfterPasswordChange(
  db: Db,
  accountId: string,
  options: { exceptSessionId?: string; at: Date },
): Promise<void> {
  await revokeAccountSessions(db, accountId, options);
  await db
    .update(trustedDevices)
    .set({ revokedAt: options.at })
    .where(and(eq(trustedDevices.accountId, accountId), isNull(trustedDevices.revokedAt)));
  await db
    .update(twoFactorChallenges)
    .set({ consumedAt: options.at })
    .where(and(eq(twoFactorChallenges.accountId, accountId), isNull(twoFactorChallenges.consumedAt)));
}

/** What the session guard keeps of an open session: the membership it was checked for and its substitution. */
export interface OpenSession {
  /** The membership the token acts as (active, of the session's account). */
  membershipId: string;
  /** The substituted space (SPEC §1), or null; always null for a field device. */
  substituteSpaceId: string | null;
  /** When the session expires (a field device never does: null). */
  expiresAt: Date | null;
}

function prepareOpenSession(db: Db) {
  return compileRowMapper(
    db
      .select({
        membershipId: memberships.id,
        substituteSpaceId: sessions.substituteSpaceId,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      // the token's membership, which a space change (`PUT /api/me/change-space`) may have made other than the session's
      .innerJoin(
        memberships,
        and(eq(memberships.id, sql.placeholder('membershipId')), eq(memberships.accountId, sessions.accountId)),
      )
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(memberships.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('session_open'),
  );
}

function prepareOpenDevice(db: Db) {
  return compileRowMapper(
    db
      .select({ membershipId: fieldDevices.membershipId })
      .from(fieldDevices)
      .innerJoin(memberships, eq(memberships.id, fieldDevices.membershipId))
      .where(
        and(
          eq(fieldDevices.id, sql.placeholder('deviceId')),
          isNull(fieldDevices.revokedAt),
          eq(memberships.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('field_device_open'),
  );
}

const openSessionStatements = new WeakMap<
  Db,
  { session: ReturnType<typeof prepareOpenSession>; device: ReturnType<typeof prepareOpenDevice> }
>();

/**
 * The session `sessionId` while it still grants access as `membershipId` — not revoked, not expired, that membership
 * active and the session account's — or null (ADR 026). With `fieldDevice`, the id is a field device's
 * (docs/decisions/011): open while not revoked and its membership (`membershipId`) active. One primary-key look-up
 * joined to the membership, a prepared statement.
 */
export async function openSession(
  db: Db,
  sessionId: string,
  membershipId: string,
  fieldDevice = false,
): Promise<OpenSession | null> {
  let statements = openSessionStatements.get(db);
  if (!statements) {
    statements = { session: prepareOpenSession(db), device: prepareOpenDevice(db) };
    openSessionStatements.set(db, statements);
  }
  if (fieldDevice) {
    const [row] = await statements.device.execute({ deviceId: sessionId });
    return row && row.membershipId === membershipId
      ? { membershipId: row.membershipId, substituteSpaceId: null, expiresAt: null }
      : null;
  }
  const [row] = await statements.session.execute({ sessionId, membershipId });
  return row ?? null;
}
