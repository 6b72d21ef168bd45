/**
 * The technician API (issue 12 "The technician API"; docs/decisions/011-technician-api.md): device sessions of the
 * mobile app with their rotated refresh tokens (SHA-256 only), and the stored answers of idempotent writes. Times are
 * timestamptz.
 */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts, memberships } from './accounts.js';
import { tz, ulidPk, ulidRef } from './columns.js';

/**
 * A signed-in device (one refresh-token family): the membership it acts as, its name as the app gave it. Revoked by
 * logout, by the reuse of a rotated refresh token, or when it expires (30 days after the last refresh).
 */
export const fieldDevices = pgTable(
  'field_devices',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [index('field_devices_account_idx').on(t.accountId)],
);

/** A refresh token of a device (SHA-256 of the random value): used once; a second use revokes the device. */
export const fieldRefreshTokens = pgTable(
  'field_refresh_tokens',
  {
    id: ulidPk(),
    deviceId: ulidRef('device_id')
      .notNull()
      .references(() => fieldDevices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('field_refresh_tokens_hash_unique'),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('field_refresh_tokens_device_idx').on(t.deviceId)],
);

/**
 * The answer of a write of the technician API, by the membership and the `Idempotency-Key` it sent: a replay with the
 * same method, path and body hash answers it again; keys older than 24 h are ignored and purged.
 */
export const fieldIdempotencyKeys = pgTable(
  'field_idempotency_keys',
  {
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (base64url) of the request body (JSON, or the multipart bytes). */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.key] }), index('field_idempotency_created_idx').on(t.createdAt)],
);
