/**
 * The statements behind each benchmarked URL, as the application sends them to `pg`: the application runs in-process
 * on a pool whose `query` records every call (text, parameters, prepared-statement name) and when it was issued, so
 * that the bare handler can replay them with the same SQL and the same concurrency (bench/server.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, drizzleOnPool } from '../src/platform/db/database.js';
import type { CapturedQuery } from './protocol.js';

interface Recorded extends CapturedQuery {
  /** Statements finished before this one was sent: equal values were in flight together. */
  after: number;
}

export interface Capture {
  /** The statements of one GET of `url` in waves, with the application's answer (JSON). */
  run(url: string): Promise<{ waves: CapturedQuery[][]; answer: unknown }>;
  close(): Promise<void>;
}

/**
 * Starts the application on `databaseUrl` with a recording pool (signed in by `login`). `run(url)` answers the
 * statements of the second GET of `url`: the steady state the load generator measures (prepared statements made,
 * estimated totals cached).
 */
export async function startCapture(
  databaseUrl: string,
  env: Record<string, string>,
  login: (app: FastifyInstance) => Promise<string>,
): Promise<Capture> {
  const recorded: Recorded[] = [];
  let finished = 0;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    const c = config as { text?: string; name?: string } | string;
    const text = typeof c === 'string' ? c : (c.text ?? '');
    recorded.push({
      name: typeof c === 'string' ? undefined : c.name,
      sql: text,
      params: values ?? [],
      after: finished,
    });
    const result = query(config, values);
    void result.then(
      () => finished++,
      () => finished++,
    );
    return result;
  };
  const app = await buildApp({
    config: loadConfig({ ...env, JWT_SECRET: randomBytes(36).toString('base64url') }),
    db: drizzleOnPool(pool) as unknown as Db,
    // no mail worker: its polling would be recorded among the request's statements
    mail: { enqueue: async () => {}, start: async () => {}, stop: async () => {} },
  });
  const cookie = await login(app);
  return {
    async run(url) {
      // the second request, as the steady state runs it (statements prepared, estimated totals cached)
      let response = await app.inject({ url, headers: { cookie, 'client-type': 'webapp' } });
      recorded.length = 0;
      response = await app.inject({ url, headers: { cookie, 'client-type': 'webapp' } });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
      const waves: CapturedQuery[][] = [];
      let previous: number | undefined;
      for (const { after, ...statement } of recorded.splice(0)) {
        if (after !== previous) waves.push([]);
        waves.at(-1)?.push(statement);
        previous = after;
      }
      return { waves, answer: response.json() };
    },
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
