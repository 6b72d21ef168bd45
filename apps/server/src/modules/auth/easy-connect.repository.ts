/**
 * One-time sign-in links (`easy_connect_tokens`, SPEC §2.1 `/easy-connect`; issue 14): the member a space's owner
 * sends one to, the replacement of a member's unused links, the look-up by hash and the atomic use. Times are `Date`
 * instants (timestamptz).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, easyConnectTokens, memberships, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export function createEasyConnectRepository(db: Db) {
  return {
    /** The membership `membershipId` of space `spaceId` with its account, or undefined (unknown or another space). */
    async findMember(spaceId: string, membershipId: string) {
      const [row] = await db
        .select({ membership: memberships, account: accounts })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId)))
        .limit(1);
      return row;
    },

    /** The full name (or e-mail) of the account `accountId`, for the mail's "sent by". */
    async senderName(accountId: string): Promise<string> {
      const account = await db.query.accounts.findFirst({ where: eq(accounts.id, accountId) });
      if (!account) return '';
      return `${account.firstname} ${account.lastname}`.trim() || account.email;
    },

    /** Revokes the member's unused links and stores the new one, in one transaction. */
    async replaceToken(values: typeof easyConnectTokens.$inferInsert & { createdAt: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .update(easyConnectTokens)
          .set({ revokedAt: values.createdAt })
          .where(
            and(
              eq(easyConnectTokens.membershipId, values.membershipId),
              isNull(easyConnectTokens.usedAt),
              isNull(easyConnectTokens.revokedAt),
            ),
          );
        await tx.insert(easyConnectTokens).values(values);
      });
    },

    /** The link of hash `tokenHash` with the name of its member's space, or undefined. */
    async findByHash(tokenHash: string) {
      const [row] = await db
        .select({ token: easyConnectTokens, spaceName: spaces.name })
        .from(easyConnectTokens)
        .innerJoin(memberships, eq(memberships.id, easyConnectTokens.membershipId))
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(eq(easyConnectTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks the link used at `at`; `false` when it was already used or revoked (a concurrent use won). */
    async consume(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(easyConnectTokens)
        .set({ usedAt: at })
        .where(and(eq(easyConnectTokens.id, id), isNull(easyConnectTokens.usedAt), isNull(easyConnectTokens.revokedAt)))
        .returning({ id: easyConnectTokens.id });
      return rows.length === 1;
    },
  };
}
export type EasyConnectRepository = ReturnType<typeof createEasyConnectRepository>;
