/**
 * "Contains" name filters that ignore case and accents (issue 11): the stored `name_folded` column (`fold_name(name)`,
 * db/schema/columns.ts) matched with `like '%' || fold_name(term) || '%'`, which a `pg_trgm` GIN index on the column
 * serves. Folding the term in SQL with the same function keeps both sides alike ("residence", "RÉSIDENCE" and
 * "Résidence" all find "Résidence du Parc"); `%`, `_` and `\` typed by the user match themselves.
 */
import { type AnyColumn, like, type SQL, sql } from 'drizzle-orm';
import { FOLD_NAME_FUNCTION } from '../../db/schema/columns.js';

/** `term` with the LIKE wildcards and the escape character escaped (`\`): the value to pass to {@link foldedContains}. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column like '%' || fold_name(term) || '%'`; `term` (a value or a placeholder) already passed by {@link escapeLike}. */
export function foldedContains(column: AnyColumn, term: unknown): SQL {
  return like(column, sql`'%' || ${sql.raw(FOLD_NAME_FUNCTION)}(${term}) || '%'`);
}
