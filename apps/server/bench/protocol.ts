/** What bench/run.ts tells the servers it starts (bench/server.ts), as JSON in their first argument. */

/**
 * One SQL statement as the application sent it to its driver (`pg` or PGlite): its text, parameters, and the name of
 * the prepared statement (none for an unnamed one; PGlite's are all unnamed).
 */
export interface CapturedQuery {
  name?: string | undefined;
  sql: string;
  params: unknown[];
}

export type ChildSpec =
  | { kind: 'hello' }
  /** The application as src/main.ts opens it: on PostgreSQL when `env` has DATABASE_URL, else PGlite in DATA_DIR/db. */
  | { kind: 'app'; env: Record<string, string> }
  | { kind: 'bare-pg'; databaseUrl: string; poolSize: number; routes: Record<string, BareRoute> }
  /** `dataDir`: a PGlite database folder no other process has open. */
  | { kind: 'bare-pglite'; dataDir: string; routes: Record<string, BareRoute> };

/**
 * The statements a bare handler runs, in waves: the statements of one wave concurrently (as a repository's
 * `Promise.all`), the waves one after the other (as a service awaiting one answer before the next query).
 */
export interface BareRoute {
  waves: CapturedQuery[][];
}

/** An authenticated route the `app` server adds, touching no database: what the plugin stack alone costs. */
export const PROBE_PATH = '/api/bench/probe';
