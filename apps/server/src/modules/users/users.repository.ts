/** Members (memberships with their accounts) of one space, for people pickers (SPEC §7 "Users"). */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { accounts, memberships } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';

/** A sort key of the member search. */
export interface MemberOrder {
  field: 'lastname' | 'firstname';
  direction: 'asc' | 'desc';
}

/** `%`, `_` and `\` typed by the user match themselves in ILIKE. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Names sort case-insensitively, the same on PGlite (C collation) and PostgreSQL. */
const ORDER_COLUMNS = {
  lastname: sql`lower(${accounts.lastname})`,
  firstname: sql`lower(${accounts.firstname})`,
} as const;

export function createUsersRepository(db: Db) {
  return {
    /**
     * One page of the active members of the space whose first name, last name or e-mail contains `search`, holding one
     * of `roles` (any role when empty), in `order`; with the number of matching members.
     */
    async searchActive(
      spaceId: string,
      search: string | undefined,
      roles: string[],
      order: MemberOrder[],
      window: PageWindow,
    ) {
      const conditions: SQL[] = [eq(memberships.spaceId, spaceId), eq(memberships.status, 'active')];
      if (roles.length) conditions.push(inArray(memberships.role, roles));
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          or(
            ilike(accounts.firstname, pattern),
            ilike(accounts.lastname, pattern),
            ilike(accounts.email, pattern),
          ) as SQL,
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: memberships.id,
            spaceType: memberships.spaceType,
            role: memberships.role,
            status: memberships.status,
            color: memberships.color,
            firstname: accounts.firstname,
            lastname: accounts.lastname,
            email: accounts.email,
          })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where)
          .orderBy(
            ...order.map((o) => (o.direction === 'desc' ? desc : asc)(ORDER_COLUMNS[o.field])),
            asc(memberships.id),
          )
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ n: count() })
          .from(memberships)
          .innerJoin(accounts, eq(accounts.id, memberships.accountId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
