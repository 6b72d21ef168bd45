/**
 * Shared state of the platform that every instance must see (issue 16 "Several instances").
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { tz, ulidRef } from './columns.js';
import { bytea } from './reports.js';

/**
 * The brute-force counters of `@fastify/rate-limit` (platform/db/rate-limit-store.ts): one row per limited key —
 * the SHA-256 (base64url) of the limit's name and the request's key (e-mail + IP…), so no address is stored in
 * clear — with its count in the current fixed window and the moment the window ends. Expired rows are reused by the
 * next hit of their key and swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: tz('resets_at').notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);

/**
 * Uploaded files of the `database` file storage (platform/storage/file-storage.ts): avatars, logos, equipment
 * pictures, by key `<folder>/<name>`; `size` in bytes.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * The answers of idempotent creates (ADR 027, platform/http/idempotency.ts): one row per membership, endpoint
 * (`scope`: its operationId) and `Idempotency-Key`. The first request claims the row (`status` null while it runs);
 * a success stores its status, body (the serialised text, replayed byte for byte), `Location` and media type; a
 * failure deletes the row. `fingerprint` is the SHA-256 (base64url) of the method, path and body. Rows older than
 * 24 hours are ignored and swept by a pg-boss job.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    location: text('location'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
