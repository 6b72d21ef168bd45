/**
 * Accounts (one person: e-mail + argon2id hash), memberships (account × space × role) and sessions with their
 * rotating refresh tokens. See docs/decisions/002 and 003.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, tz, ulidPk, ulidRef } from './columns.js';
import { spaces } from './spaces.js';

export const accounts = pgTable(
  'accounts',
  {
    id: ulidPk(),
    /** Lower-cased e-mail address. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    lang: text('lang').notNull().default('fr'),
    timezone: text('timezone').notNull().default('Europe/Paris'),
    mailNotification: boolean('mail_notification').notNull().default(true),
    avatar: text('avatar'),
    lastLoginAt: tz('last_login_at'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`)],
);
export type AccountRow = typeof accounts.$inferSelect;

export const memberships = pgTable(
  'memberships',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** Denormalised from the space so that an account holds at most one membership per space type. */
    spaceType: text('space_type', { enum: ['admin', 'dealer', 'pco'] }).notNull(),
    role: text('role').notNull(),
    status: text('status', { enum: ['active', 'invited', 'disabled'] })
      .notNull()
      .default('active'),
    disabledAt: tz('disabled_at'),
    lastInvitedAt: tz('last_invited_at'),
    /** Chip colour (`#rrggbb`) of the member in planning and pickers. */
    color: text('color'),
    /** The member's pesticide applicator licence number (issue 12), snapshot on the reports they take part in. */
    licenceNumber: text('licence_number'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('memberships_account_space_type_unique').on(t.accountId, t.spaceType),
    index('memberships_space_idx').on(t.spaceId, t.status),
  ],
);
export type MembershipRow = typeof memberships.$inferSelect;

/** A login session: one family of rotating refresh tokens, bound to the membership chosen at login. */
export const sessions = pgTable(
  'sessions',
  {
    id: ulidPk(),
    accountId: ulidRef('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** Space entered by substitution (SPEC §1), or null. */
    substituteSpaceId: ulidRef('substitute_space_id').references(() => spaces.id, { onDelete: 'set null' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    /**
     * The sign-in that opened the session passed the e-mailed code (or a trusted device stood in for it). Entering a
     * space type of `TWO_FACTOR_SPACES` by a space change requires it.
     */
    twoFactorPassed: boolean('two_factor_passed').notNull().default(false),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/** A refresh token (SHA-256 of the opaque value). Used once; a second use revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: ulidPk(),
    sessionId: ulidRef('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);
