/**
 * What service contracts keep besides their row (issue 13; docs/decisions/013): the signed PDF (in the database, so
 * that every instance serves it) and the due days whose control visit was created — the key that makes the daily
 * job create a visit once per due day, across reruns and instances, even when the visit was moved or deleted.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tz, ulidRef } from './columns.js';
import { interventions } from './interventions.js';
import { bytea } from './reports.js';
import { contracts } from './sites.js';

/** The signed document of a contract (one per contract, replaced on upload): a PDF of at most 10 MB. */
export const contractDocuments = pgTable('contract_documents', {
  contractId: ulidRef('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  /** Bytes. */
  size: integer('size').notNull(),
  uploadedAt: tz('uploaded_at').notNull().defaultNow(),
});

/**
 * One due day of a contract whose control visit the job created (or claimed): `(contract, due_date)` is unique. The
 * visit may be moved or deleted afterwards (`intervention_id` then null); the day is never planned again.
 */
export const contractVisits = pgTable(
  'contract_visits',
  {
    contractId: ulidRef('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The due day, `YYYY-MM-DD` in the owner's time zone. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    interventionId: ulidRef('intervention_id').references(() => interventions.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.dueDate] }),
    index('contract_visits_intervention_idx').on(t.interventionId).where(sql`${t.interventionId} is not null`),
  ],
);
