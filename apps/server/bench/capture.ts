/**
 * The statements behind each benchmarked URL, as the application sends them to its driver: the application runs
 * in-process on a database whose `query` records every call (text, parameters, prepared-statement name) and when it
 * was issued, so that the bare handler can replay them with the same SQL and the same concurrency (bench/server.ts).
 * On PostgreSQL that is the `pg` pool's `query`; on PGlite, the PGlite instance's (what Drizzle's PGlite session
 * calls), so that the statements carry that database's own ids.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, drizzleOnPool, openPglite, SESSIONS_CHANNEL } from '../src/platform/db/database.js';
import { type NotificationChannel, postgresChannel } from '../src/platform/db/notification-channel.js';
import { pgliteClient } from './pglite.js';
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

/** The database the capture runs the application on: PostgreSQL at `url`, or PGlite in the folder `dataDir`. */
export type CaptureTarget = { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir: string };

/** Sends one statement through `send` and records it, with the number of statements finished before it. */
type Recorder = <T>(statement: CapturedQuery, send: () => Promise<T>) => Promise<T>;

/** A Drizzle database on `target` whose every statement goes through `record`. */
async function recordingDatabase(
  target: CaptureTarget,
  record: Recorder,
): Promise<{ db: Db; sessionChanges: NotificationChannel; close(): Promise<void> }> {
  if (target.driver === 'pglite') {
    const database = await openPglite({ dataDir: target.dataDir });
    const client = pgliteClient(database);
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: Parameters<typeof query>[2]) =>
      record({ sql: text, params: params ?? [] }, () => query(text, params, options))) as typeof client.query;
    return { db: database.db, sessionChanges: database.sessionChanges, close: () => database.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 4 });
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    const c = config as { text?: string; name?: string } | string;
    const statement = {
      name: typeof c === 'string' ? undefined : c.name,
      sql: typeof c === 'string' ? c : (c.text ?? ''),
      params: values ?? [],
    };
    return record(statement, () => query(config, values));
  };
  return {
    db: drizzleOnPool(pool) as unknown as Db,
    // the session guard's cache, as in production (ADR 026): a steady-state request makes no session look-up
    sessionChanges: postgresChannel(pool, target.url, SESSIONS_CHANNEL),
    close: () => pool.end(),
  };
}

/**
 * Starts the application on `target` with a recording database (signed in by `login`). `run(url)` answers the
 * statements of the second GET of `url`: the steady state the load generator measures (prepared statements made,
 * estimated totals cached). A PGlite folder must not be open elsewhere until `close()`.
 */
export async function startCapture(
  target: CaptureTarget,
  env: Record<string, string>,
  login: (app: FastifyInstance) => Promise<string>,
): Promise<Capture> {
  const recorded: Recorded[] = [];
  let finished = 0;
  const database = await recordingDatabase(target, (statement, send) => {
    recorded.push({ ...statement, after: finished });
    const result = send();
    void result.then(
      () => finished++,
      () => finished++,
    );
    return result;
  });
  const app = await buildApp({
    config: loadConfig({ ...env, JWT_SECRET: randomBytes(36).toString('base64url') }),
    db: database.db,
    sessionChanges: database.sessionChanges,
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
      await database.close();
    },
  };
}
