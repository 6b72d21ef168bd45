/**
 * `POST /api/users` (SPEC §7 generic users; issue 14): an account with its password and an active membership of one
 * space, inserted in one transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { accounts, memberships } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export function createUsersCreateRepository(db: Db) {
  return {
    /** `true` when an account holds the e-mail `email` (ignoring case). */
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return Boolean(row);
    },

    /** Chip colours already given to members of the space. */
    async spaceColors(spaceId: string): Promise<(string | null)[]> {
      const rows = await db
        .select({ color: memberships.color })
        .from(memberships)
        .where(eq(memberships.spaceId, spaceId));
      return rows.map((r) => r.color);
    },

    /**
     * Inserts the account and its active membership; `false` when the e-mail was taken meanwhile (nothing is
     * inserted then).
     */
    async insertMember(input: {
      account: typeof accounts.$inferInsert;
      membership: typeof memberships.$inferInsert;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(accounts)
          .values(input.account)
          .onConflictDoNothing()
          .returning({ id: accounts.id });
        if (inserted.length !== 1) return false;
        await tx.insert(memberships).values(input.membership);
        return true;
      });
    },
  };
}
export type UsersCreateRepository = ReturnType<typeof createUsersCreateRepository>;
