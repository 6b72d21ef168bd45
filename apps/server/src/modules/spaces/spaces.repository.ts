/**
 * Dealers and PCOs as the management screens see them (SPEC §2.7 "Dealer and PCO management"): the `spaces` rows of
 * one type, open ones only (closed_at null), with their owner and the last login of their members. The only file of
 * the module that talks to the database; every query is scoped to a type and, for a dealer actor, to its dealer.
 */
import { and, asc, count, eq, isNull, like, type SQL, sql } from 'drizzle-orm';
import { accounts, NAME_FOLD_FROM, NAME_FOLD_TO, spaces } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';

export type ManagedType = 'dealer' | 'pco';

const BASE_OF = new Map(Array.from(NAME_FOLD_FROM, (c, i) => [c, NAME_FOLD_TO[i] as string]));

/** `text` lower-cased and without Latin accents, LIKE wildcards escaped, wrapped for a "contains" match. */
function containsPattern(text: string): string {
  const folded = Array.from(text.toLowerCase(), (c) => BASE_OF.get(c) ?? c).join('');
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A managed space with what the lists show. */
export interface ManagedSpaceRow {
  id: string;
  type: ManagedType;
  name: string;
  addressLabel: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: string | null;
  longitude: string | null;
  logo: string | null;
  erpClientId: string | null;
  erpOrderId: string | null;
  dealerId: string | null;
  dealerName: string | null;
  ownerEmail: string | null;
  ownerStatus: string | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** The columns written by create and edit. */
export interface SpaceValues {
  name: string;
  addressLabel: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  latitude: string | null;
  longitude: string | null;
  erpClientId: string | null;
  erpOrderId: string | null;
  dealerId: string | null;
}

/*
 * Correlated sub-queries are written with qualified names: drizzle renders the columns of a one-table select
 * unqualified, which would bind them to the sub-query's own tables.
 */

/** The owner (active first, else invited) of the space: one column (`a.email` or `m.status`). */
const ownerColumn = (column: 'a.email' | 'm.status') =>
  sql.raw(`(
  select ${column} from memberships m inner join accounts a on a.id = m.account_id
  where m.space_id = spaces.id and m.role like 'ROLE_%_SPACE_OWNER' and m.status in ('active', 'invited')
  order by case m.status when 'active' then 0 else 1 end, m.created_at
  limit 1
)`);

const COLUMNS = {
  id: spaces.id,
  type: sql<ManagedType>`${spaces.type}`,
  name: spaces.name,
  addressLabel: spaces.addressLabel,
  street: spaces.street,
  postalCode: spaces.postalCode,
  city: spaces.city,
  country: spaces.country,
  latitude: spaces.latitude,
  longitude: spaces.longitude,
  logo: spaces.logo,
  erpClientId: spaces.erpClientId,
  erpOrderId: spaces.erpOrderId,
  dealerId: spaces.dealerId,
  dealerName: sql<string | null>`${sql.raw('(select d.name from spaces d where d.id = spaces.dealer_id)')}`,
  ownerEmail: sql<string | null>`${ownerColumn('a.email')}`,
  ownerStatus: sql<string | null>`${ownerColumn('m.status')}`,
  lastLoginAt: sql<Date | null>`${sql.raw(`(
    select max(a.last_login_at) from memberships m inner join accounts a on a.id = m.account_id
    where m.space_id = spaces.id
  )`)}`.mapWith(accounts.lastLoginAt),
  createdAt: spaces.createdAt,
};

/** Open spaces of `type`, of the dealer `dealerId` when given. */
function scope(type: ManagedType, dealerId: string | undefined): SQL[] {
  const conditions: SQL[] = [eq(spaces.type, type), isNull(spaces.closedAt)];
  if (dealerId) conditions.push(eq(spaces.dealerId, dealerId));
  return conditions;
}

export function createSpacesRepository(db: Db) {
  return {
    /** One page of the open spaces of `type` (of `dealerId` when given) whose name contains `search`, by name. */
    async list(
      type: ManagedType,
      filters: { dealerId?: string | undefined; search?: string | undefined },
      window: PageWindow,
    ): Promise<{ rows: ManagedSpaceRow[]; total: number }> {
      const conditions = scope(type, filters.dealerId);
      if (filters.search) {
        conditions.push(
          like(
            sql`translate(lower(${spaces.name}), ${NAME_FOLD_FROM}, ${NAME_FOLD_TO})`,
            containsPattern(filters.search),
          ),
        );
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select(COLUMNS)
          .from(spaces)
          .where(where)
          .orderBy(sql`lower(${spaces.name})`, asc(spaces.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(spaces).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The open space `id` of `type` (of `dealerId` when given), or undefined. */
    async find(type: ManagedType, id: string, dealerId?: string): Promise<ManagedSpaceRow | undefined> {
      const [row] = await db
        .select(COLUMNS)
        .from(spaces)
        .where(and(eq(spaces.id, id), ...scope(type, dealerId)));
      return row;
    },

    async insert(values: SpaceValues & { id: string; type: ManagedType }): Promise<void> {
      await db.insert(spaces).values(values);
    },

    /** Deletes a space created moments ago whose owner could not be invited. */
    async remove(id: string): Promise<void> {
      await db.delete(spaces).where(eq(spaces.id, id));
    },

    async update(id: string, values: SpaceValues, at: Date): Promise<void> {
      await db
        .update(spaces)
        .set({ ...values, updatedAt: at })
        .where(eq(spaces.id, id));
    },

    /** Points the space at a new logo URL; answers the previous one. */
    async setLogo(id: string, logo: string, at: Date): Promise<string | null> {
      const [previous] = await db.select({ logo: spaces.logo }).from(spaces).where(eq(spaces.id, id));
      await db.update(spaces).set({ logo, updatedAt: at }).where(eq(spaces.id, id));
      return previous?.logo ?? null;
    },

    /** Type and closure of the space `id` (the actor's current space), or undefined. */
    async spaceState(id: string): Promise<{ type: string; closedAt: Date | null } | undefined> {
      const [row] = await db
        .select({ type: spaces.type, closedAt: spaces.closedAt })
        .from(spaces)
        .where(eq(spaces.id, id));
      return row;
    },
  };
}
export type SpacesRepository = ReturnType<typeof createSpacesRepository>;
