/** What bench/run.ts tells the servers it starts (bench/server.ts), as JSON in their first argument. */

/**
 * One SQL statement as the application sent it to `pg`: its text, parameters, and the name of the prepared statement
 * (none for an unnamed one).
 */
export interface CapturedQuery {
  name?: string | undefined;
  sql: string;
  params: unknown[];
}

export type ChildSpec =
  | { kind: 'hello' }
  | { kind: 'app'; env: Record<string, string> }
  | { kind: 'bare-pg'; databaseUrl: string; poolSize: number; routes: Record<string, BareRoute> };

/**
 * The statements a bare handler runs, in waves: the statements of one wave concurrently (as a repository's
 * `Promise.all`), the waves one after the other (as a service awaiting one answer before the next query).
 */
export interface BareRoute {
  waves: CapturedQuery[][];
}

/** An authenticated route the `app` server adds, touching no database: what the plugin stack alone costs. */
export const PROBE_PATH = '/api/bench/probe';
