/**
 * The response clock of alerts (issue 15 "Alert → visit on a response clock"; docs/decisions/019-response-clock.md):
 * each PCO space's response target per alert type, and the control visit proposed for a new termite or colony alert.
 * The clock itself is computed (modules/alerts/response-clock.ts); `alerts.overdue_notified_at` marks the owner's
 * "target missed" e-mail. Times are timestamptz.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { tz, ulidRef } from './columns.js';
import { alerts } from './equipment.js';
import { interventions } from './interventions.js';
import { sites } from './sites.js';
import { spaces } from './spaces.js';

/**
 * The response target of one alert type in a PCO space, in hours (1–8760). No row: the default of the contract's
 * `DEFAULT_RESPONSE_TARGETS` (termite and colony 72 h, communication 168 h, battery 336 h).
 */
export const alertResponseTargets = pgTable(
  'alert_response_targets',
  {
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** A `RULE_ALERT_TYPES` value. */
    alertType: text('alert_type').notNull(),
    hours: integer('hours').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'alert_response_targets_pkey', columns: [t.spaceId, t.alertType] }),
    check('alert_response_targets_hours_check', sql`${t.hours} between 1 and 8760`),
  ],
);
export type AlertResponseTargetRow = typeof alertResponseTargets.$inferSelect;

/** What became of a proposed control visit. */
export const VISIT_PROPOSAL_STATUSES = ['proposed', 'accepted', 'dismissed'] as const;

/**
 * The control visit proposed for a new termite or colony alert (one per alert): the site's referent in their first
 * free slot when it opened. Accepting it plans an intervention (linked here); dismissing it keeps the reason.
 */
export const alertVisitProposals = pgTable(
  'alert_visit_proposals',
  {
    alertId: ulidRef('alert_id')
      .primaryKey()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** The intervener proposed (the site's referent when proposed); null when the site had none or they left. */
    referentId: ulidRef('referent_id').references(() => memberships.id, { onDelete: 'set null' }),
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at').notNull(),
    status: text('status', { enum: VISIT_PROPOSAL_STATUSES }).notNull().default('proposed'),
    /** The intervention planned by accepting it. */
    interventionId: ulidRef('intervention_id').references(() => interventions.id, { onDelete: 'set null' }),
    /** A `VISIT_DISMISS_REASONS` value of the contract. */
    dismissReason: text('dismiss_reason'),
    dismissNote: text('dismiss_note'),
    decidedById: ulidRef('decided_by_id').references(() => memberships.id, { onDelete: 'set null' }),
    decidedAt: tz('decided_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('alert_visit_proposals_space_status_idx').on(t.spaceId, t.status),
    index('alert_visit_proposals_intervention_idx').on(t.interventionId),
    check('alert_visit_proposals_status_check', sql`${t.status} in ('proposed', 'accepted', 'dismissed')`),
  ],
);
export type AlertVisitProposalRow = typeof alertVisitProposals.$inferSelect;
