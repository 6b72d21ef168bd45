/**
 * Session revocation shared by every module that must end someone's sessions (issue 3 "Sign-in and sessions"):
 * logout, password change and reset, disabling or deleting a membership. A revoked session's refresh token is
 * refused at once; its access token (15 min, stateless) expires on its own.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.js';
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
