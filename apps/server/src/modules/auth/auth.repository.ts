/** Accounts, memberships, sessions and refresh tokens for sign-in (SPEC §7 "Authentication"). */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { accounts, memberships, refreshTokens, sessions, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export function createAuthRepository(db: Db) {
  return {
    findAccountByEmail(email: string) {
      return db.query.accounts.findFirst({ where: sql`lower(${accounts.email}) = ${email.toLowerCase()}` });
    },

    /** Active memberships of an account in open spaces, with the type of their space. */
    activeMemberships(accountId: string) {
      return db
        .select({ membership: memberships, spaceClosedAt: spaces.closedAt })
        .from(memberships)
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active'), isNull(spaces.closedAt)));
    },

    /** The membership of the account's most recent session, if any. */
    async lastSessionMembershipId(accountId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ membershipId: sessions.membershipId })
        .from(sessions)
        .where(eq(sessions.accountId, accountId))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return row?.membershipId;
    },

    async createSession(values: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(values);
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert) {
      await db.insert(refreshTokens).values(values);
    },

    /** The refresh token with this hash, its session and the session's membership and account. */
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ token: refreshTokens, session: sessions, membership: memberships, account: accounts })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .innerJoin(memberships, eq(memberships.id, sessions.membershipId))
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a token used; `false` when it was already used (a concurrent or replayed use). */
    async markRefreshTokenUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeSession(sessionId: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async touchLastLogin(accountId: string, at: Date) {
      await db.update(accounts).set({ lastLoginAt: at }).where(eq(accounts.id, accountId));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
