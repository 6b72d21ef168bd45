/** The current user's account, membership and spaces (SPEC §3 "Current user"). */
import { and, eq } from 'drizzle-orm';
import { accounts, memberships, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export function createMeRepository(db: Db) {
  return {
    /** The membership `membershipId` of `accountId` with its account and space, or undefined. */
    async findMembership(accountId: string, membershipId: string) {
      const [row] = await db
        .select({ account: accounts, membership: memberships, space: spaces })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)))
        .limit(1);
      return row;
    },
    /** The space types the account holds a membership in (any status but disabled). */
    async spaceTypes(accountId: string) {
      const rows = await db
        .select({ type: memberships.spaceType, status: memberships.status })
        .from(memberships)
        .where(eq(memberships.accountId, accountId));
      return rows.filter((r) => r.status !== 'disabled').map((r) => r.type);
    },
    findSpace(spaceId: string) {
      return db.query.spaces.findFirst({ where: eq(spaces.id, spaceId) });
    },
  };
}
export type MeRepository = ReturnType<typeof createMeRepository>;
