/** What the benchmark needs of PGlite beyond the application's Drizzle database. */
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../src/platform/db/database.js';

/**
 * The PGlite instance under a database of `openPglite` (Drizzle's `$client`): what the data set is inserted with and
 * what the bare server runs its statements on (`query(text, params, options)`, one at a time).
 */
export function pgliteClient(database: Database): PGlite {
  if (database.driver !== 'pglite') throw new Error(`not a PGlite database: ${database.driver}`);
  return (database.db as unknown as { $client: PGlite }).$client;
}
