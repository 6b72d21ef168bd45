/**
 * Pages of a list without an exact `count(*)` on every page (issue 11, ARCHITECTURE §7 "Totals and pages"):
 *
 * - a page query fetches `limit + 1` rows, so whether a next page exists is known exactly, and carries a **bounded
 *   count** (`count(*)` over at most {@link EXACT_TOTAL_LIMIT} + 1 matching rows) as a scalar subquery: one round trip;
 * - the total is **exact** when the list has at most {@link EXACT_TOTAL_LIMIT} matches, and on its last page
 *   (offset + rows); past the limit it is the **planner's estimate** (`EXPLAIN` of the count query, kept
 *   {@link ESTIMATE_TTL_MS} per statement and parameters), never below the rows up to this page plus one while a
 *   next page exists — a client that loads pages "while loaded < total" reads every row and stops at the last one;
 * - deep pages go by **keyset** ({@link keysetAfter}): the opaque cursor of `hydra:next` holds the last row's sort keys
 *   (and the first page's total), so page 1000 costs what page 2 does; `?page=` alone still pages by `OFFSET`.
 */
import { and, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from './database.js';

/** Totals up to this many matching rows are exact; past it, estimated. */
export const EXACT_TOTAL_LIMIT = 1000;
/** How long an estimated total is reused for the same statement and parameters, in milliseconds. */
export const ESTIMATE_TTL_MS = 60_000;
const ESTIMATE_CACHE_SIZE = 1000;

/** `(select count(*) from (<from> where <where> limit EXACT_TOTAL_LIMIT + 1))::int`: the bounded count of a page. */
export function boundedCount(from: SQL, where: SQL | undefined): SQL<number> {
  const condition = where ?? sql`true`;
  return sql<number>`(select count(*) from (select 1 from ${from} where ${condition} limit ${sql.raw(
    String(EXACT_TOTAL_LIMIT + 1),
  )}) as bounded)::int`.mapWith(Number);
}

/** One sort key of a keyset page: the ordered expression, its direction, the cast of the cursor's value. */
export interface KeysetKey {
  expression: SQL;
  direction: 'asc' | 'desc';
  /** The SQL type the cursor's text value is cast to (`text`, `timestamptz`, `bpchar` …). */
  type: string;
  /** Compare with this collation (the expression's own, e.g. `und-x-icu`). */
  collation?: string;
}

/**
 * The rows after the cursor's position in the order of `keys` (the last key unique, e.g. the id): a row comparison
 * when every key goes one way (an index on the keys serves it), else the expanded "a > x or (a = x and …)".
 * `value(i)` is the i-th cursor value (a placeholder of a prepared statement, or the value).
 */
export function keysetAfter(keys: KeysetKey[], value: (index: number) => unknown): SQL {
  const param = (i: number) => {
    const key = keys[i] as KeysetKey;
    const collate = key.collation ? sql.raw(` collate "${key.collation}"`) : sql``;
    return sql`(${value(i)}::${sql.raw(key.type)}${collate})`;
  };
  const direction = keys[0]?.direction;
  if (keys.every((k) => k.direction === direction)) {
    const left = sql.join(
      keys.map((k) => k.expression),
      sql`, `,
    );
    const right = sql.join(
      keys.map((_, i) => param(i)),
      sql`, `,
    );
    return direction === 'asc' ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
  }
  const after = (i: number): SQL => {
    const key = keys[i] as KeysetKey;
    const beyond = key.direction === 'asc' ? gt(key.expression, param(i)) : lt(key.expression, param(i));
    if (i === keys.length - 1) return beyond;
    return sql`(${beyond} or (${key.expression} = ${param(i)} and ${after(i + 1)}))`;
  };
  const first = keys[0] as KeysetKey;
  // the leading key alone, so that an index on it can start at the cursor
  const from =
    first.direction === 'asc' ? sql`${first.expression} >= ${param(0)}` : sql`${first.expression} <= ${param(0)}`;
  return and(from, after(0)) as SQL;
}

/** What a page query answered: up to `limit + 1` rows and, unless keyset-paged, the bounded count. */
export interface PageRows<Row> {
  rows: Row[];
  /** The bounded count ({@link boundedCount}) read from the rows; undefined when no row came back or not selected. */
  bounded?: number | undefined;
}

export interface Page<Row> {
  /** At most `limit` rows. */
  rows: Row[];
  total: number;
  /** A next page exists. */
  hasNext: boolean;
}

/** Estimated totals of one repository: statement + parameters → estimate, for {@link ESTIMATE_TTL_MS}. */
export type EstimateCache = Map<string, { rows: number; until: number }>;

export function createEstimateCache(): EstimateCache {
  return new Map();
}

/**
 * The planner's estimate of the rows `countQuery()` (a `select 1 from … where …` with its values, built only on a
 * cache miss) returns, through `EXPLAIN (FORMAT JSON)`; cached in `cache` under `key`.
 */
export async function estimateRows(db: Db, cache: EstimateCache, key: string, countQuery: () => SQL): Promise<number> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.rows;
  const result = (await db.execute(sql`explain (format json) ${countQuery()}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(result.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  const rows = Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  if (cache.size >= ESTIMATE_CACHE_SIZE) cache.clear();
  cache.set(key, { rows, until: now + ESTIMATE_TTL_MS });
  return rows;
}

export interface ResolveTotalOptions {
  limit: number;
  offset: number;
  /** The total the cursor carried (keyset pages do not count again). */
  carried?: number | undefined;
  /** The exact or estimated count, when the page did not settle it (an empty page past the start, or past the limit). */
  count: () => Promise<number>;
  /** The planner's estimate of the matching rows. */
  estimate: () => Promise<number>;
}

/** Trims a page query's `limit + 1` rows to the page and settles its total (see the module's rules). */
export async function resolvePage<Row>(page: PageRows<Row>, options: ResolveTotalOptions): Promise<Page<Row>> {
  const { limit, offset } = options;
  const hasNext = page.rows.length > limit;
  const rows = hasNext ? page.rows.slice(0, limit) : page.rows;
  if (!hasNext && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length, hasNext };
  const floor = hasNext ? offset + limit + 1 : 0;
  if (options.carried !== undefined) return { rows, total: Math.max(options.carried, floor), hasNext };
  const bounded = page.bounded ?? (await options.count());
  if (bounded <= EXACT_TOTAL_LIMIT) return { rows, total: Math.max(bounded, floor), hasNext };
  const estimate = await options.estimate();
  return { rows, total: Math.max(estimate, floor, EXACT_TOTAL_LIMIT + 1), hasNext };
}
