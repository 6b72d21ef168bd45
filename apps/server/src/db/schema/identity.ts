/**
 * Identity tokens (SPEC §4 "User lifecycle", §7 "Authentication", "Self", "Invites"; issue 3): two-factor login
 * challenges, trusted devices, password-reset links, invitations and e-mail change requests. Every secret is stored
 * as the SHA-256 (base64url) of a random value that only the recipient holds; nothing here is reversible.
 */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, memberships } from './accounts.js';
import { tz, ulidPk, ulidRef } from './columns.js';

/**
 * One login attempt waiting for its e-mailed code: created when the password was right for a membership of a space
 * type in `TWO_FACTOR_SPACES`. Bound to the browser by an httpOnly cookie holding `token` (its hash is `tokenHash`).
 * `codeHash` is the hash of the 6-digit code of the last sending; a resend replaces it. `attempts` counts wrong codes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    codeExpiresAt: tz('code_expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_unique').on(t.tokenHash),
    index('two_factor_challenges_account_idx').on(t.accountId),
  ],
);
export type TwoFactorChallengeRow = typeof twoFactorChallenges.$inferSelect;

/** 'Remember this device' (180 days): the cookie holds a random token; revoked on password change or reset. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_unique').on(t.tokenHash),
    index('trusted_devices_account_idx').on(t.accountId),
  ],
);

/** A single-use password-reset link, valid one hour (`/renew-password?token=`). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_unique').on(t.tokenHash),
    index('password_reset_tokens_account_idx').on(t.accountId),
  ],
);

/**
 * The invitation of a membership in status `invited` (valid 7 days). A resend issues a new token and revokes the
 * previous ones (`revokedAt`); accepting sets `acceptedAt`. `invitedBy` is the inviting membership, or null.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: ulidPk(),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    invitedBy: ulidRef('invited_by').references(() => memberships.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    revokedAt: tz('revoked_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_unique').on(t.tokenHash),
    index('invitations_membership_idx').on(t.membershipId),
  ],
);
export type InvitationRow = typeof invitations.$inferSelect;

/** A requested e-mail change: the link sent to `newEmail` (`/validate-new-email?token=`) applies it once. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_change_requests_token_unique').on(t.tokenHash),
    index('email_change_requests_account_idx').on(t.accountId),
  ],
);

/**
 * A one-time sign-in link (`/easy-connect?token=`, SPEC §2.1; issue 14) that the owner of a space (`sentBy`) sends to
 * an active member (`membershipId`): valid `EASY_CONNECT_TTL_HOURS` hours, used once (`usedAt`), and opening a
 * session on that membership. Sending a new link to the same member revokes the unused older ones (`revokedAt`).
 */
export const easyConnectTokens = pgTable(
  'easy_connect_tokens',
  {
    id: ulidPk(),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    sentBy: ulidRef('sent_by').references(() => memberships.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    revokedAt: tz('revoked_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('easy_connect_tokens_token_unique').on(t.tokenHash),
    index('easy_connect_tokens_membership_idx').on(t.membershipId),
  ],
);
export type EasyConnectTokenRow = typeof easyConnectTokens.$inferSelect;
