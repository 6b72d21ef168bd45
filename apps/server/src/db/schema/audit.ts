/**
 * The audit trail of changes made under substitution (issue 4 "Audit trail"): who really acted (the admin's or
 * dealer's account and membership), in which space, on what, and what changed. Space owners and admins read it in
 * the space settings.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts, memberships } from './accounts.js';
import { tz, ulidPk, ulidRef } from './columns.js';
import { spaces } from './spaces.js';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: ulidPk(),
    /** The space the change was made in (the substituted space). */
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** The real person: their account and their own membership (in the admin or dealer space). */
    actorAccountId: ulidRef('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorMembershipId: ulidRef('actor_membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** Name and e-mail of the actor at the time, kept even if the account goes. */
    actorLabel: text('actor_label').notNull(),
    /** What was done: `<METHOD> <route>` or a named action (`client.create`, …). */
    action: text('action').notNull(),
    /** The kind and id of the record changed, when known. */
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    /** What changed (the request body, secrets removed), or null. */
    changes: jsonb('changes'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_space_idx').on(t.spaceId, t.createdAt)],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;
