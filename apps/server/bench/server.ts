/**
 * A server under test, run in a child process by bench/run.ts (so that autocannon in the parent and the server do
 * not share one event loop). It listens on an ephemeral port of 127.0.0.1 and sends `{ port }` over IPC; it exits
 * when the parent disconnects.
 *
 * Kinds: `hello` (bare Fastify hello-world), `app` (the real application, plus the diagnostic route of
 * {@link PROBE_PATH}, on PostgreSQL or PGlite as its environment says), `bare-pg` (bare Fastify + a `pg` pool running
 * given SQL statements per route, as the application sent them: same text, parameters, prepared-statement names and
 * concurrency), `bare-pglite` (the same on PGlite, in-process, as the application on PGlite runs them).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { modules } from '../src/modules/index.js';
import { openDatabase, openPglite } from '../src/platform/db/database.js';
import type { AppModule } from '../src/platform/module.js';
import { pgliteClient } from './pglite.js';
import { type BareRoute, type CapturedQuery, type ChildSpec, PROBE_PATH } from './protocol.js';

const probeModule: AppModule = {
  name: 'bench-probe',
  async register(app) {
    app.get(PROBE_PATH, { config: { access: 'authenticated' } }, async () => ({ hello: 'world' }));
  },
};

/** drizzle's sessions (node-postgres and PGlite) keep date/time values as strings; the bare handlers do the same. */
const RAW_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const rawDates = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format),
} as pg.CustomTypesConfig;
const rawDatesPglite = Object.fromEntries([...RAW_TYPES].map((id) => [id, (value: string) => value]));

interface Server {
  app: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * A bare Fastify server answering each path of `routes` with the rows of its statements, run by `run` wave after
 * wave (the statements of a wave concurrently); `closeDatabase` runs after the server has closed.
 */
function bareServer(
  routes: Record<string, BareRoute>,
  run: (query: CapturedQuery) => Promise<{ rows: unknown[] }>,
  closeDatabase: () => Promise<void>,
): Server {
  const app = Fastify({ logger: false });
  for (const [path, { waves }] of Object.entries(routes)) {
    app.get(path, async () => {
      const rows: unknown[] = [];
      for (const wave of waves) {
        for (const result of await Promise.all(wave.map(run))) rows.push(result.rows);
      }
      return rows;
    });
  }
  return {
    app,
    close: async () => {
      await app.close();
      await closeDatabase();
    },
  };
}

async function start(spec: ChildSpec): Promise<Server> {
  if (spec.kind === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    return { app, close: () => app.close() };
  }
  if (spec.kind === 'app') {
    const config = loadConfig(spec.env);
    const database = await openDatabase(config);
    const app = await buildApp({
      config,
      db: database.db,
      modules: [...modules, probeModule],
      // as in production: the session guard's cache (ADR 026)
      sessionChanges: database.sessionChanges,
    });
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }
  if (spec.kind === 'bare-pglite') {
    const database = await openPglite({ dataDir: spec.dataDir });
    const client = pgliteClient(database);
    // PGlite runs one statement at a time, unnamed: the concurrency of a wave is a queue, as for the application
    const run = (q: CapturedQuery) => client.query(q.sql, q.params, { rowMode: 'array', parsers: rawDatesPglite });
    return bareServer(spec.routes, run, () => database.close());
  }
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
  // the same statement as the application: named (prepared once per connection) when it was, unnamed otherwise
  const run = (q: CapturedQuery) =>
    pool.query({ name: q.name, text: q.sql, values: q.params, rowMode: 'array', types: rawDates });
  return bareServer(spec.routes, run, () => pool.end());
}

const spec = JSON.parse(process.argv[2] ?? '{}') as ChildSpec;
const { app, close } = await start(spec);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => {
  void close().finally(() => process.exit(0));
});
