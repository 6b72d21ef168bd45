/**
 * A server under test, run in a child process by bench/run.ts (so that autocannon in the parent and the server do
 * not share one event loop). It listens on an ephemeral port of 127.0.0.1 and sends `{ port }` over IPC; it exits
 * when the parent disconnects.
 *
 * Kinds: `hello` (bare Fastify hello-world), `app` (the real application, plus the diagnostic route of
 * {@link PROBE_PATH}), `bare-pg` (bare Fastify + a `pg` pool running given SQL statements per route, as the
 * application sent them: same text, parameters, prepared-statement names and concurrency).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { modules } from '../src/modules/index.js';
import { openPostgres } from '../src/platform/db/database.js';
import type { AppModule } from '../src/platform/module.js';
import { type CapturedQuery, type ChildSpec, PROBE_PATH } from './protocol.js';

const probeModule: AppModule = {
  name: 'bench-probe',
  async register(app) {
    app.get(PROBE_PATH, { config: { access: 'authenticated' } }, async () => ({ hello: 'world' }));
  },
};

/** drizzle's node-postgres session keeps date/time values as strings; the bare handler does the same. */
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

async function start(spec: ChildSpec): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  if (spec.kind === 'hello') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    return { app, close: () => app.close() };
  }
  if (spec.kind === 'app') {
    const config = loadConfig(spec.env);
    const database = openPostgres(config.databaseUrl as string);
    const app = await buildApp({ config, db: database.db, modules: [...modules, probeModule] });
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
  const app = Fastify({ logger: false });
  // the same statement as the application: named (prepared once per connection) when it was, unnamed otherwise
  const run = (q: CapturedQuery) =>
    pool.query({ name: q.name, text: q.sql, values: q.params, rowMode: 'array', types: rawDates });
  for (const [path, { waves }] of Object.entries(spec.routes)) {
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
      await pool.end();
    },
  };
}

const spec = JSON.parse(process.argv[2] ?? '{}') as ChildSpec;
const { app, close } = await start(spec);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', () => {
  void close().finally(() => process.exit(0));
});
