/** Interventions (visits) and their interveners (SPEC §3 "Intervention"). Times are timestamptz. */
import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { clients } from './clients.js';
import { timestamps, tz, ulidPk, ulidRef, versionColumn } from './columns.js';
import { sites } from './sites.js';
import { spaces } from './spaces.js';

export const interventions = pgTable(
  'interventions',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    clientId: ulidRef('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    description: text('description'),
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at').notNull(),
    sendMail: boolean('send_mail').notNull().default(true),
    createdById: ulidRef('created_by_id').references(() => memberships.id, { onDelete: 'set null' }),
    version: versionColumn(),
    ...timestamps(),
  },
  (t) => [
    // The list's order (start, then id) and its keyset pages.
    index('interventions_space_start_idx').on(t.spaceId, t.startAt, t.id),
    index('interventions_site_idx').on(t.siteId),
    index('interventions_client_idx').on(t.clientId),
  ],
);
export type InterventionRow = typeof interventions.$inferSelect;

export const interventionInterveners = pgTable(
  'intervention_interveners',
  {
    interventionId: ulidRef('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    membershipId: ulidRef('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.interventionId, t.membershipId] }),
    index('intervention_interveners_member_idx').on(t.membershipId),
  ],
);
