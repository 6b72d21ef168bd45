/**
 * The store of idempotent creates (ADR 027; table `idempotency_keys`): claims, stored answers, releases and the
 * sweep. Ages are measured by the database's clock (`now()`), the same on every instance.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema/index.js';
import type { Db } from '../db/database.js';

/** Which stored answer: a membership's key for one endpoint (its operationId). */
export interface IdempotencyScope {
  membershipId: string;
  scope: string;
  key: string;
}

/** A stored key: its request's fingerprint and, once the first request succeeded, its answer (`status` non-null). */
export type StoredIdempotencyKey = typeof idempotencyKeys.$inferSelect;

/** The answer stored for replays. */
export interface StoredAnswer {
  status: number;
  /** The serialised body, or null for an answer without one (204). */
  body: string | null;
  contentType: string | null;
  location: string | null;
}

const where = (id: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.membershipId, id.membershipId),
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.key, id.key),
  );

const olderThan = (seconds: number) => lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${seconds})`);

export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Claims `id` for a request of `fingerprint`: `{claimed: true}` when this request is the first (a row is
     * inserted, `status` null), otherwise the stored row. A row older than `ttlSeconds`, or still running after
     * `staleSeconds` (its instance died mid-request), is replaced. Atomic across instances (`INSERT … ON CONFLICT`).
     */
    async claim(
      id: IdempotencyScope,
      fingerprint: string,
      ages: { ttlSeconds: number; staleSeconds: number },
    ): Promise<{ claimed: true } | { claimed: false; row: StoredIdempotencyKey }> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            where(id),
            or(olderThan(ages.ttlSeconds), and(isNull(idempotencyKeys.status), olderThan(ages.staleSeconds))),
          ),
        );
      // twice at most: a row released between the insert and the select is claimed by the second try
      for (let attempt = 0; attempt < 2; attempt++) {
        const inserted = await db
          .insert(idempotencyKeys)
          .values({ ...id, fingerprint })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length) return { claimed: true };
        const [row] = await db.select().from(idempotencyKeys).where(where(id)).limit(1);
        if (row) return { claimed: false, row };
      }
      throw new Error('idempotency key neither claimed nor found');
    },

    /** Stores the answer of the claimed `id` (replayed from now on). */
    async store(id: IdempotencyScope, answer: StoredAnswer): Promise<void> {
      await db.update(idempotencyKeys).set(answer).where(where(id));
    },

    /** Forgets the claim of `id` while it has no answer (a failed request): its retry runs again. */
    async release(id: IdempotencyScope): Promise<void> {
      await db.delete(idempotencyKeys).where(and(where(id), isNull(idempotencyKeys.status)));
    },

    /** Deletes the keys older than `ttlSeconds`; answers how many. */
    async sweep(ttlSeconds: number): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(olderThan(ttlSeconds))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
