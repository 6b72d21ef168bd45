/**
 * Session revocation shared by every module that must end someone's sessions (issue 3 "Sign-in and sessions"):
 * logout, password change and reset, disabling or deleting a membership. A revoked session's refresh token is
 * refused at once; its access token (15 min, stateless) expires on its own.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { sessions, trustedDevices, twoFactorChallenges } from '../../db/schema/index.js';
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

function prepareSubstitution(db: Db) {
  return compileRowMapper(
    db
      .select({ space: sessions.substituteSpaceId })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .limit(1)
      .prepare('session_substitution'),
  );
}
/** The prepared look-up of each database (not of a transaction: the guard runs before any). */
const substitutionStatements = new WeakMap<Db, ReturnType<typeof prepareSubstitution>>();

/**
 * The substituted space of an open session (`null` when it has none or is revoked/unknown): what the access plugin
 * compares a substitution claim with. One primary-key look-up on `sessions`, a prepared statement.
 */
export async function currentSubstitution(db: Db, sessionId: string): Promise<string | null> {
  let statement = substitutionStatements.get(db);
  if (!statement) {
    statement = prepareSubstitution(db);
    substitutionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sessionId });
  return row?.space ?? null;
}
