/**
 * Client imports (issue 13; docs/decisions/012): the uploaded file itself (`bytea`: every instance reads it, nothing
 * is kept on a disk or in memory between requests), its settings, the job's progress and counts, the refused rows,
 * and what the job created or updated (for undo).
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { timestamps, tz, ulidPk, ulidRef } from './columns.js';
import { bytea } from './reports.js';
import { spaces } from './spaces.js';

/** Counts of an import (created, updated, skipped, refused rows). */
export interface ImportCountsValue {
  created: number;
  updated: number;
  skipped: number;
  refused: number;
}

/** A column of the chosen sheet: its heading and the field it is matched to. */
export interface ImportColumnValue {
  header: string;
  field: string | null;
}

/** A refused row kept for the refused-rows CSV: its 1-based sheet row, its cells (as read) and its violations. */
export interface RefusedRowValue {
  row: number;
  cells: string[];
  errors: { field: string; code: string }[];
}

export const clientImports = pgTable(
  'client_imports',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    createdBy: ulidRef('created_by').references(() => memberships.id, { onDelete: 'set null' }),
    /** draft | queued | running | done | failed | undone. */
    status: text('status').notNull().default('draft'),
    fileName: text('file_name').notNull(),
    /** csv | xlsx, judged by content. */
    format: text('format').notNull(),
    /** The uploaded file, at most 10 MB. */
    file: bytea('file').notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    sheet: text('sheet').notNull(),
    /** 1-based row of the column headers. */
    headerRow: integer('header_row').notNull().default(1),
    /** The columns of the chosen sheet: heading and matched field (null: not imported), by index. */
    mapping: jsonb('mapping').$type<ImportColumnValue[]>().notNull(),
    /** skip | update. */
    duplicatePolicy: text('duplicate_policy').notNull().default('skip'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    counts: jsonb('counts')
      .$type<ImportCountsValue>()
      .notNull()
      .default({ created: 0, updated: 0, skipped: 0, refused: 0 }),
    refusedRows: jsonb('refused_rows').$type<RefusedRowValue[]>().notNull().default([]),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    undoneAt: tz('undone_at'),
    /** Records undo left alone because they changed after the import. */
    undoKept: integer('undo_kept').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('client_imports_space_idx').on(t.spaceId, t.createdAt)],
);
export type ClientImportRow = typeof clientImports.$inferSelect;

/**
 * A record an import wrote: `kind` client | contact | client_contact | site, `action` created | updated, the
 * `updated_at` it left (`stamped_at`: undo touches the record only while it still has it) and, for an update, the
 * values it replaced (`before`, restored by undo).
 */
export const clientImportRecords = pgTable(
  'client_import_records',
  {
    id: ulidPk(),
    importId: ulidRef('import_id')
      .notNull()
      .references(() => clientImports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    entityId: ulidRef('entity_id').notNull(),
    action: text('action').notNull(),
    stampedAt: tz('stamped_at').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
  },
  (t) => [index('client_import_records_import_idx').on(t.importId)],
);
