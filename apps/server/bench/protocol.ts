/** What bench/run.ts tells the servers it starts (bench/server.ts), as JSON in their first argument. */

/** One SQL statement with its parameters, as drizzle sent it. */
export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export type ChildSpec =
  | { kind: 'hello' }
  | { kind: 'app'; env: Record<string, string> }
  | { kind: 'bare-pg'; databaseUrl: string; poolSize: number; routes: Record<string, BareRoute> };

/** The statements a bare handler runs: concurrently (as the repositories' `Promise.all`) or one after the other. */
export interface BareRoute {
  queries: CapturedQuery[];
  sequential: boolean;
}

/** An authenticated route the `app` server adds, touching no database: what the plugin stack alone costs. */
export const PROBE_PATH = '/api/bench/probe';
