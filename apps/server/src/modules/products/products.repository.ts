/**
 * Storage of the product catalogue (issue 12 "Products used"). The only file of the module that imports Drizzle;
 * every query is scoped to the space id it is given.
 */
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type ActiveIngredientValue, products, reportProductUses } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { boundedCount, createEstimateCache, estimateRows, type Page, resolvePage } from '../../platform/db/paging.js';
import { escapeLike, foldedContains } from '../../platform/db/text-search.js';

/** The stored fields of a product, as the service writes them. */
export interface ProductValues {
  name: string;
  activeIngredients: ActiveIngredientValue[];
  registrationNumber: string | null;
  register: string | null;
  unit: string;
  isBait: boolean;
  archivedAt: Date | null;
}

/** A product as stored. */
export type ProductRecord = typeof products.$inferSelect;

/** Filters of the catalogue list. */
export interface ProductFilters {
  /** Part of the name, matched ignoring case and accents. */
  search?: string | undefined;
  includeArchived: boolean;
}

function listWhere(spaceId: string, filters: ProductFilters): SQL | undefined {
  return and(
    eq(products.spaceId, spaceId),
    filters.includeArchived ? undefined : isNull(products.archivedAt),
    filters.search ? foldedContains(products.nameFolded, escapeLike(filters.search)) : undefined,
  );
}

/** The products repository on `db`. */
export function createProductsRepository(db: Db) {
  const estimates = createEstimateCache();
  return {
    /**
     * One page of the space's products matching `filters`, by name (case-insensitive) then id, with the total
     * (exact up to 1 000 matches, platform/db/paging.ts; a catalogue is far smaller).
     */
    async list(
      spaceId: string,
      filters: ProductFilters,
      window: { limit: number; offset: number },
    ): Promise<Page<ProductRecord>> {
      const where = listWhere(spaceId, filters);
      const rows = await db
        .select({ product: products, bounded: boundedCount(sql`${products}`, where) })
        .from(products)
        .where(where)
        .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
        .limit(window.limit + 1)
        .offset(window.offset);
      const page = await resolvePage(
        { rows, bounded: rows[0]?.bounded },
        {
          ...window,
          count: async () => {
            const result = (await db.execute(sql`select ${boundedCount(sql`${products}`, where)} as n`)) as unknown as {
              rows: { n: number }[];
            };
            return Number(result.rows[0]?.n ?? 0);
          },
          estimate: () =>
            estimateRows(db, estimates, `products:${spaceId}:${JSON.stringify(filters)}`, () =>
              db.select({ one: sql`1` }).from(products).where(where).getSQL(),
            ),
        },
      );
      return { ...page, rows: page.rows.map((row) => row.product) };
    },

    /** The product `id` of the space, or undefined. */
    async find(spaceId: string, id: string): Promise<ProductRecord | undefined> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.spaceId, spaceId), eq(products.id, id)))
        .limit(1);
      return row;
    },

    /** Inserts product `id` of the space. */
    async insert(spaceId: string, id: string, values: ProductValues): Promise<void> {
      await db.insert(products).values({ id, spaceId, ...values });
    },

    /** Replaces the fields of product `id` of the space; false when there is no such product. */
    async update(spaceId: string, id: string, values: ProductValues): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(products.spaceId, spaceId), eq(products.id, id)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** Archives product `id` of the space at `at` (kept when already archived). */
    async archive(spaceId: string, id: string, at: Date): Promise<void> {
      await db
        .update(products)
        .set({ archivedAt: sql`coalesce(${products.archivedAt}, ${at})`, updatedAt: at })
        .where(and(eq(products.spaceId, spaceId), eq(products.id, id)));
    },

    /**
     * Deletes product `id` of the space unless a report uses it, in one statement (the uses' foreign key cascades:
     * checking apart first would let a use added meanwhile go with it); false when nothing was deleted.
     */
    async removeUnused(spaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(products)
        .where(
          and(
            eq(products.spaceId, spaceId),
            eq(products.id, id),
            sql`not exists (select 1 from ${reportProductUses} where ${reportProductUses.productId} = ${products.id})`,
          ),
        )
        .returning({ id: products.id });
      return rows.length > 0;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
