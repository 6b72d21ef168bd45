/**
 * Accounts, memberships, sessions, refresh tokens, two-factor challenges, trusted devices and password-reset links
 * for sign-in (SPEC §7 "Authentication"; issue 3 "Sign-in and sessions"). Every secret is looked up by its hash.
 * Times are `Date` instants (timestamptz); the service passes its own clock so tests can move it.
 */
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  accounts,
  memberships,
  passwordResetTokens,
  refreshTokens,
  sessions,
  spaces,
  trustedDevices,
  twoFactorChallenges,
} from '../../db/schema/index.js';
import { endAccessAfterPasswordChange } from '../../platform/auth/sessions.repository.js';
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

    /** Memberships of an account that are not disabled (active or invited), in open spaces. */
    async usableMemberships(accountId: string) {
      const rows = await db
        .select({ membership: memberships })
        .from(memberships)
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(and(eq(memberships.accountId, accountId), ne(memberships.status, 'disabled'), isNull(spaces.closedAt)));
      return rows.map((r) => r.membership);
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

    /** The open dealer or PCO a session substitutes (SPEC §1), or undefined when it is closed or gone. */
    async findOpenSubstitutedSpace(spaceId: string) {
      const [row] = await db
        .select({ id: spaces.id, type: spaces.type, dealerId: spaces.dealerId })
        .from(spaces)
        .where(and(eq(spaces.id, spaceId), isNull(spaces.closedAt)))
        .limit(1);
      return row && row.type !== 'admin' ? { id: row.id, type: row.type, dealerId: row.dealerId } : undefined;
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

    /** Takes the session out of its substitution (back to its own membership's space). */
    async endSubstitution(sessionId: string) {
      await db.update(sessions).set({ substituteSpaceId: null }).where(eq(sessions.id, sessionId));
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

    // ─── Two-factor challenges ─────────────────────────────────────────────────────────────────────────────

    async createChallenge(values: typeof twoFactorChallenges.$inferInsert) {
      await db.insert(twoFactorChallenges).values(values);
    },

    /**
     * Takes one try of the open challenge with this token hash: `attempts + 1`, only while it is not consumed,
     * has had fewer than `maxAttempts` tries and was created after `openSince`. Answers the updated row, or
     * undefined when the challenge is unknown or no longer open. Atomic: concurrent guesses each spend a try.
     */
    async takeChallengeTry(tokenHash: string, maxAttempts: number, openSince: Date) {
      const [row] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            isNull(twoFactorChallenges.consumedAt),
            lt(twoFactorChallenges.attempts, maxAttempts),
            gt(twoFactorChallenges.createdAt, openSince),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Spends one try of the latest open challenge of account `accountId` (same conditions as {@link takeChallengeTry}):
     * the device login of the technician API, which has no cookie to name its attempt, re-checks the password
     * instead. Answers the challenge after the try, or undefined when none is open.
     */
    async takeLatestChallengeTry(accountId: string, maxAttempts: number, openSince: Date) {
      const open = and(
        eq(twoFactorChallenges.accountId, accountId),
        isNull(twoFactorChallenges.consumedAt),
        lt(twoFactorChallenges.attempts, maxAttempts),
        gt(twoFactorChallenges.createdAt, openSince),
      );
      const [latest] = await db
        .select({ id: twoFactorChallenges.id })
        .from(twoFactorChallenges)
        .where(open)
        .orderBy(desc(twoFactorChallenges.createdAt), desc(twoFactorChallenges.id))
        .limit(1);
      if (!latest) return undefined;
      const [row] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(and(eq(twoFactorChallenges.id, latest.id), open))
        .returning();
      return row;
    },

    /** Ends a challenge (right code used, or last try spent); `false` when it was already ended. */
    async consumeChallenge(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorChallenges)
        .set({ consumedAt: at })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
        .returning({ id: twoFactorChallenges.id });
      return rows.length === 1;
    },

    /** The open challenge with this token hash (same conditions as {@link takeChallengeTry}), or undefined. */
    async findOpenChallenge(tokenHash: string, maxAttempts: number, openSince: Date) {
      const [row] = await db
        .select()
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            isNull(twoFactorChallenges.consumedAt),
            lt(twoFactorChallenges.attempts, maxAttempts),
            gt(twoFactorChallenges.createdAt, openSince),
          ),
        )
        .limit(1);
      return row;
    },

    /** Replaces the code of a still-open challenge (resend); `false` when it ended meanwhile. */
    async replaceChallengeCode(id: string, codeHash: string, codeExpiresAt: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorChallenges)
        .set({ codeHash, codeExpiresAt })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
        .returning({ id: twoFactorChallenges.id });
      return rows.length === 1;
    },

    /** The membership of a challenge with its account, when the membership is still active in an open space. */
    async activeMembershipWithAccount(membershipId: string) {
      const [row] = await db
        .select({ membership: memberships, account: accounts })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(and(eq(memberships.id, membershipId), eq(memberships.status, 'active'), isNull(spaces.closedAt)))
        .limit(1);
      return row;
    },

    // ─── Trusted devices ───────────────────────────────────────────────────────────────────────────────────

    async createTrustedDevice(values: typeof trustedDevices.$inferInsert) {
      await db.insert(trustedDevices).values(values);
    },

    /**
     * `true` when `tokenHash` is a trusted device of `accountId`, neither revoked nor expired at `at`; records the
     * use (`last_used_at`).
     */
    async useTrustedDevice(accountId: string, tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(trustedDevices)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(trustedDevices.tokenHash, tokenHash),
            eq(trustedDevices.accountId, accountId),
            isNull(trustedDevices.revokedAt),
            gt(trustedDevices.expiresAt, at),
          ),
        )
        .returning({ id: trustedDevices.id });
      return rows.length === 1;
    },

    /** Revokes every trusted device of the account; returns how many. */
    async revokeTrustedDevices(accountId: string, at: Date): Promise<number> {
      const rows = await db
        .update(trustedDevices)
        .set({ revokedAt: at })
        .where(and(eq(trustedDevices.accountId, accountId), isNull(trustedDevices.revokedAt)))
        .returning({ id: trustedDevices.id });
      return rows.length;
    },

    // ─── Password reset ────────────────────────────────────────────────────────────────────────────────────

    /** Stores a new reset link for the account and ends its older unused ones (one transaction). */
    async replacePasswordResetToken(values: typeof passwordResetTokens.$inferInsert & { createdAt: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: values.createdAt })
          .where(and(eq(passwordResetTokens.accountId, values.accountId), isNull(passwordResetTokens.usedAt)));
        await tx.insert(passwordResetTokens).values(values);
      });
    },

    async findPasswordResetToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * In one transaction: uses the reset link (only if still unused), sets the account's password hash, revokes
     * all its sessions and trusted devices and ends its open two-factor challenges. `false` when the link was
     * used meanwhile (nothing changed).
     */
    async completePasswordReset(input: { tokenId: string; accountId: string; passwordHash: string; at: Date }) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: input.at })
          .where(and(eq(passwordResetTokens.id, input.tokenId), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (used.length !== 1) return false;
        await tx
          .update(accounts)
          .set({ passwordHash: input.passwordHash, updatedAt: input.at })
          .where(eq(accounts.id, input.accountId));
        await endAccessAfterPasswordChange(tx as unknown as Db, input.accountId, { at: input.at });
        return true;
      });
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
