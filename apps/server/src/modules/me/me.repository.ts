/**
 * The current user's account, membership and spaces (SPEC §3 "Current user"), and the self-service changes of
 * SPEC §7 "Self": name, e-mail (through an `email_change_requests` link), password, language and time zone. Every
 * write is keyed by the actor's own account id.
 */
import { and, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, emailChangeRequests, memberships, sessions, spaces } from '../../db/schema/index.js';
import { endAccessAfterPasswordChange } from '../../platform/auth/sessions.repository.js';
import { compileRowMapper } from '../../platform/db/compiled-rows.js';
import type { Db } from '../../platform/db/database.js';

/** PostgreSQL's unique_violation (another account took the e-mail between the check and the write). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code;
  const causeCode = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}

/**
 * `GET /api/me` in one prepared statement (issue 11): the membership with its account and space, the dealer of a PCO
 * space, the substituted space (when the actor's space is not the membership's) and whether the account holds an
 * ACTIVE membership of each space type (the `have_user_*_space` flags of SPEC §3 "Current user": a pending invitation
 * or a disabled membership offers no space the person could enter).
 */
function prepareCurrentUser(db: Db) {
  const dealer = alias(spaces, 'dealer');
  const substituted = alias(spaces, 'substituted');
  const other = alias(memberships, 'other');
  const holds = (type: 'admin' | 'dealer' | 'pco') =>
    sql<boolean>`${exists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(eq(other.accountId, accounts.id), eq(other.spaceType, type), eq(other.status, 'active'))),
    )}`;
  const held = alias(spaces, 'held');
  const heldName = (type: 'admin' | 'dealer' | 'pco') =>
    sql<string | null>`(${db
      .select({ name: held.name })
      .from(other)
      .innerJoin(held, eq(held.id, other.spaceId))
      .where(and(eq(other.accountId, accounts.id), eq(other.spaceType, type), eq(other.status, 'active')))
      .limit(1)})`;
  return compileRowMapper(
    db
      .select({
        account: accounts,
        membership: memberships,
        space: spaces,
        dealer,
        substituted,
        holdsAdmin: holds('admin'),
        holdsDealer: holds('dealer'),
        holdsPco: holds('pco'),
        adminSpaceName: heldName('admin'),
        dealerSpaceName: heldName('dealer'),
        pcoSpaceName: heldName('pco'),
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
      .leftJoin(dealer, and(eq(spaces.type, 'pco'), eq(dealer.id, spaces.dealerId)))
      .leftJoin(
        substituted,
        and(eq(substituted.id, sql.placeholder('spaceId')), ne(substituted.id, memberships.spaceId)),
      )
      .where(
        and(
          eq(memberships.id, sql.placeholder('membershipId')),
          eq(memberships.accountId, sql.placeholder('accountId')),
        ),
      )
      .limit(1)
      .prepare('me_current_user'),
  );
}

export function createMeRepository(db: Db) {
  let currentUser: ReturnType<typeof prepareCurrentUser> | undefined;
  return {
    /**
     * Everything `GET /api/me` shows of the membership `membershipId` of `accountId` acting in `spaceId` (see
     * {@link prepareCurrentUser}), or undefined when the membership no longer exists. One round trip.
     */
    async currentUser(accountId: string, membershipId: string, spaceId: string) {
      currentUser ??= prepareCurrentUser(db);
      const [row] = await currentUser.execute({ accountId, membershipId, spaceId });
      return row;
    },
    /** The account's ACTIVE membership of `type` in an open space (at most one per type), or undefined. */
    async findActiveMembershipOfType(accountId: string, type: 'admin' | 'dealer' | 'pco') {
      const [row] = await db
        .select({ membership: memberships })
        .from(memberships)
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(memberships.spaceType, type),
            eq(memberships.status, 'active'),
            isNull(spaces.closedAt),
          ),
        )
        .limit(1);
      return row?.membership;
    },
    /** `true` when the session's sign-in passed the two-factor step (`sessions.two_factor_passed`). */
    async sessionPassedTwoFactor(sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ passed: sessions.twoFactorPassed })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
        .limit(1);
      return row?.passed === true;
    },
    /**
     * Moves an open session that is not on substitution to `membershipId` (space change, SPEC §4); false when the
     * session is revoked or substitutes a space meanwhile. Its refresh tokens then carry the new membership.
     */
    async moveSession(sessionId: string, membershipId: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ membershipId })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), isNull(sessions.substituteSpaceId)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },
    /** The account `accountId`, or undefined. */
    async findAccount(accountId: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row;
    },

    /** Sets some of the account's own fields (name, language, time zone, password hash). */
    async updateAccount(
      accountId: string,
      values: Partial<Pick<typeof accounts.$inferInsert, 'firstname' | 'lastname' | 'lang' | 'timezone'>>,
      at: Date,
    ): Promise<void> {
      await db
        .update(accounts)
        .set({ ...values, updatedAt: at })
        .where(eq(accounts.id, accountId));
    },

    /** Whether an account other than `accountId` uses `email` (compared lower-cased). */
    async emailTakenByOther(email: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, ne(accounts.id, accountId)))
        .limit(1);
      return row !== undefined;
    },

    /** Stores a new e-mail change link of the account and ends its older unused ones (one transaction). */
    async replaceEmailChange(values: typeof emailChangeRequests.$inferInsert & { createdAt: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(emailChangeRequests)
          .set({ usedAt: values.createdAt })
          .where(and(eq(emailChangeRequests.accountId, values.accountId), isNull(emailChangeRequests.usedAt)));
        await tx.insert(emailChangeRequests).values(values);
      });
    },

    /** The e-mail change request whose token hashes to `tokenHash`, or undefined. */
    async findEmailChange(tokenHash: string) {
      const [row] = await db
        .select()
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * In one transaction: uses the request (only if still unused) and sets the account's e-mail to its new address.
     * Answers `used` when the link was used meanwhile, `taken` when another account holds the address (nothing
     * changed in either case), `applied` otherwise.
     */
    async applyEmailChange(input: {
      requestId: string;
      accountId: string;
      newEmail: string;
      at: Date;
    }): Promise<'applied' | 'used' | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [taken] = await tx
            .select({ id: accounts.id })
            .from(accounts)
            .where(
              and(sql`lower(${accounts.email}) = ${input.newEmail.toLowerCase()}`, ne(accounts.id, input.accountId)),
            )
            .limit(1);
          if (taken) return 'taken';
          const used = await tx
            .update(emailChangeRequests)
            .set({ usedAt: input.at })
            .where(and(eq(emailChangeRequests.id, input.requestId), isNull(emailChangeRequests.usedAt)))
            .returning({ id: emailChangeRequests.id });
          if (used.length !== 1) return 'used';
          await tx
            .update(accounts)
            .set({ email: input.newEmail, updatedAt: input.at })
            .where(eq(accounts.id, input.accountId));
          return 'applied';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /**
     * In one transaction: sets the account's password hash, revokes its sessions except `keepSessionId`, all its
     * trusted devices, and ends its open two-factor challenges.
     */
    async changePassword(input: { accountId: string; passwordHash: string; keepSessionId: string; at: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ passwordHash: input.passwordHash, updatedAt: input.at })
          .where(eq(accounts.id, input.accountId));
        await endAccessAfterPasswordChange(tx as unknown as Db, input.accountId, {
          exceptSessionId: input.keepSessionId,
          at: input.at,
        });
      });
    },
  };
}
export type MeRepository = ReturnType<typeof createMeRepository>;
