/**
 * The store of the brute-force counters (ARCHITECTURE §4; issue 16 "Rate-limit counters live in PostgreSQL"): a
 * `@fastify/rate-limit` custom store on the `rate_limit_counters` table, so that every instance on the database
 * counts against the same limits — the sign-in limit of 10 failures per 15 minutes stays 10 however requests are
 * spread over instances. The embedded PGlite instance uses the same table (one code path, tested on both drivers).
 *
 * Windows are fixed: they start at the first hit of a key and end `timeWindow` ms later; one `INSERT … ON CONFLICT`
 * per hit counts atomically (no lost update between instances). Keys are hashed (no e-mail address in clear).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../../db/schema/index.js';
import type { Db } from './database.js';

/** What `@fastify/rate-limit` expects of a store's answer: hits in the window and milliseconds until it ends. */
interface StoreState {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, state?: StoreState) => void;

/** Milliseconds left in a counter's window. */
const ttlMs = sql<number>`ceil(extract(epoch from (${rateLimitCounters.resetsAt} - now())) * 1000)::int`;

/** The hashed key of the counters table for `key` under the store's `prefix`. */
function rowKey(prefix: string, key: string): string {
  return createHash('sha256').update(`${prefix}\u0000${key}`).digest('base64url');
}

/**
 * The store class for `fastify.register(rateLimit, { store })` on `db` (the plugin calls `new Store(options)` and
 * then `child(routeOptions)` per limited route or `createRateLimit` call). A route's counters are kept apart by its
 * method and URL; the limiters of `createLimiter` name their keys themselves (platform/http/rate-limits.ts).
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    /** Counts one hit of `key`; a window that ended starts again at 1. */
    incr(key: string, callback: Callback, timeWindow: number): void {
      const id = rowKey(this.prefix, key);
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      const ended = sql`${rateLimitCounters.resetsAt} <= now()`;
      db.insert(rateLimitCounters)
        .values({ key: id, hits: 1, resetsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, ttl: ttlMs })
        .then(([row]) => callback(null, { current: row?.hits ?? 1, ttl: Math.max(0, Number(row?.ttl ?? windowMs)) }))
        .catch((error: Error) => callback(error));
    }

    /** The hits of `key` in its current window, without counting (0 when the window ended). */
    read(key: string, callback: Callback): void {
      const id = rowKey(this.prefix, key);
      db.select({ hits: rateLimitCounters.hits, ttl: ttlMs })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, id), gt(rateLimitCounters.resetsAt, sql`now()`)))
        .then(([row]) =>
          callback(null, row ? { current: row.hits, ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 }),
        )
        .catch((error: Error) => callback(error));
    }

    /** The store of one route: the plugin passes the route's merged limit options, with `routeInfo` its route. */
    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}`);
    }
  };
}

/** Deletes the counters whose window ended more than a minute ago; returns how many. */
export async function sweepRateLimitCounters(db: Db): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetsAt, sql`now() - interval '1 minute'`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
