/**
 * Optimistic concurrency in the database (issue 16 "Concurrent users", docs/decisions/024). Clients, sites,
 * interventions, contracts and reports have an integer `version` (1 on insert) that the `bump_version` trigger
 * (migration 0021) raises by one on every `UPDATE` of the row. An edit sent with `If-Match` names the versions it
 * expects (`platform/http/entity-tag.ts` parses the header); the check and the change are one step: a conditional
 * `UPDATE … WHERE version IN (…)` — never a read followed by a write — so of two edits made from the same version,
 * exactly one passes and the other answers 412 `edit_conflict` with nothing changed.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors/app-error.js';
import type { Db } from './database.js';

/**
 * The versions an edit accepts: `undefined` — any (no `If-Match`, or `If-Match: *` on a record that exists: edits stay
 * unconditional for the API clients of SPEC §7 that send none); a list — one of these (empty: none, always 412).
 */
export type ExpectedVersions = readonly number[] | undefined;

/** A table with a versioned row per record of a space. */
export type VersionedTable = PgTable & { id: AnyPgColumn; spaceId: AnyPgColumn; version: AnyPgColumn };

/**
 * The condition a single-statement edit adds to its `WHERE` (`undefined`: none). When that `UPDATE` then changes no
 * row although the record exists, the caller throws {@link editConflict}.
 */
export function versionMatches(table: VersionedTable, expected: ExpectedVersions): SQL | undefined {
  if (expected === undefined) return undefined;
  return expected.length === 0 ? sql`false` : inArray(table.version, [...expected]);
}

/** 412 `edit_conflict`: the record changed since the entity tag of `If-Match` was read (or it is gone). */
export function editConflict(): AppError {
  return new AppError('edit_conflict');
}

/**
 * The first statement of a transaction that edits record `id` of the space in several statements: a conditional
 * `UPDATE` of its row on `expected` (which raises its version and locks the row until the commit, so nothing changes
 * it between this check and the transaction's other writes). Throws 412 `edit_conflict` when the row is not at one of
 * the expected versions; does nothing when `expected` is `undefined`. Run it before any other write to that row in the
 * transaction (each write raises the version).
 */
export async function claimVersion(
  db: Db,
  table: VersionedTable,
  spaceId: string,
  id: string,
  expected: ExpectedVersions,
): Promise<void> {
  const condition = versionMatches(table, expected);
  if (!condition) return;
  const rows = await db
    .update(table)
    .set({ version: sql`${table.version}` } as never)
    .where(and(eq(table.id, id), eq(table.spaceId, spaceId), condition))
    .returning({ version: table.version });
  if (rows.length === 0) throw editConflict();
}

/**
 * The version of record `id` of the space as this connection sees it (inside the edit's transaction: the version its
 * own writes made, which no one else can change before the commit), or undefined when there is no such record.
 */
export async function versionOf(
  db: Db,
  table: VersionedTable,
  spaceId: string,
  id: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ version: table.version })
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.spaceId, spaceId)))
    .limit(1);
  return row?.version as number | undefined;
}
