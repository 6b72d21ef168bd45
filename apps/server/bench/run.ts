/**
 * `npm run bench -w @isoptera/server`: the request path against the bare framework and the bare database (issue 11,
 * ARCHITECTURE §10), on the local PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres),
 * in one run so that the ratios compare like with like:
 *
 * - a bare Fastify hello-world, and an authenticated application route that runs no SQL: target ≥ 50 % of the hello;
 * - each endpoint — `GET /api/me`, the clients list (first page and a deep page), client search, the sites list, the
 *   interventions list, a site's detail and a station's readings history — beside a bare Fastify + `pg` handler
 *   running the very statements the application sent for that URL (captured at the `pg` level: same text,
 *   parameters, prepared-statement names and concurrency): target ≥ 80 % of it, and p99 ≤ 50 ms;
 * - with ≥ 100 000 clients, ≥ 120 000 sites and 200 000 interventions in the benched PCO (bench/dataset.ts).
 *
 * Each server runs alone in a child process (bench/server.ts); autocannon drives it from this process at 50
 * connections. The throw-away database `isoptera_bench_<pid>` is dropped at the end, also on failure. Exits 1 when a
 * target is missed. `BENCH_DURATION` (seconds per scenario, default 10), `BENCH_WARMUP` (default 3),
 * `BENCH_CONNECTIONS` (default 50) and `BENCH_SCALE` (share of the data set, default 1) shorten a trial run;
 * `BENCH_ONLY` (a regular expression) keeps the rows whose label matches; `BENCH_CPU_PROF` (a folder) runs the
 * application under `node --cpu-prof` and leaves its profile there (open it in Chrome's DevTools); `BENCH_KEEP_DB=1`
 * keeps the database (to study its plans with psql) instead of dropping it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/platform/db/database.js';
import { createInstallation } from '../test/equipment-factories.js';
import { createMember, createSpace, login, TEST_PASSWORD } from '../test/factories.js';
import { type Capture, startCapture } from './capture.js';
import { children, createLog, adminQuery as sharedAdminQuery, startChild } from './children.js';
import { insertDataset } from './dataset.js';
import { type BareRoute, PROBE_PATH } from './protocol.js';
import { type Measure, type MeasureOptions, measure, printTable, type Row } from './report.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const OPTIONS: Omit<MeasureOptions, 'log'> = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};
const POOL_SIZE = 10; // openPostgres's default, used by the application
const BENCHED = {
  clients: Math.round(100_000 * SCALE),
  sites: Math.round(120_000 * SCALE),
  interventions: Math.round(200_000 * SCALE),
};
const OTHER = { clients: 5_000, sites: 6_000, interventions: 10_000 };
const TECHNICIANS = 12;
/** 30 days of readings every 2 hours: the site detail's default chart. */
const READINGS = 360;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const NO_QUERY_MIN_RATIO = 0.5;
const SQL_MIN_RATIO = 0.8;
const P99_MAX_MS = 50;

const dbName = `isoptera_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoptera-bench-'));
const env = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(36).toString('base64url'),
  DATABASE_URL: dbUrl,
  SEED: 'none',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
};

const log = createLog('bench', 5);
const adminQuery = (statement: string) => sharedAdminQuery(ADMIN_URL, statement);
/** The PostgreSQL backends connected to the benchmark's database (the servers' pools). */
async function backendPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    return result.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}
const run = (scenario: string, url: string, headers: Record<string, string> = {}, server?: number) =>
  measure(scenario, url, headers, { ...OPTIONS, log }, server ? { server, database: backendPids } : undefined);

// --- set-up --------------------------------------------------------------------------------------------------------

interface Prepared {
  email: string;
  siteId: string;
  stationId: string;
  readingsFrom: string;
  readingsTo: string;
}

/** Migrates, creates the benched PCO with its owner, technicians and the large data set, and another PCO. */
async function prepareDatabase(): Promise<Prepared> {
  const database = openPostgres(dbUrl, 2);
  try {
    await database.migrate();
    const spaceId = await createSpace(database.db, 'pco', { name: 'Bench PCO' });
    const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    const technicians: string[] = [];
    for (let i = 0; i < TECHNICIANS; i += 1) {
      const member = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { lastname: `Tech ${i}` });
      technicians.push(member.membershipId);
    }
    const otherSpaceId = await createSpace(database.db, 'pco', { name: 'Other PCO' });
    const otherOwner = await createMember(database.db, otherSpaceId, 'ROLE_PCO_SPACE_OWNER');
    const installation = await createInstallation(database.db, spaceId, {
      stationCount: 1,
      siteName: 'Résidence Bench',
    });
    const stationId = installation.stations[0]?.id as string;
    const readingsTo = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const readingsFrom = new Date(readingsTo.getTime() - 30 * 86_400_000);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      log(`inserting ${BENCHED.clients} clients, ${BENCHED.sites} sites, ${BENCHED.interventions} interventions`);
      await insertDataset(client, spaceId, BENCHED, technicians);
      log(`inserting ${OTHER.clients} clients, ${OTHER.sites} sites, ${OTHER.interventions} interventions elsewhere`);
      await insertDataset(client, otherSpaceId, OTHER, [otherOwner.membershipId]);
      await client.query(
        `insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
           battery_percent, signal_level, state, received_at)
         select $1, $2::timestamptz - n * interval '2 hours', n % 7, 0, 'Operational', 90, -90, 1, now()
         from generate_series(0, ${READINGS - 1}) as n`,
        [stationId, readingsTo.toISOString()],
      );
      log('vacuum analyze');
      await client.query('vacuum (analyze)');
      const site = await client.query<{ id: string }>(
        'select id from sites where space_id = $1 order by id offset $2 limit 1',
        [spaceId, Math.floor(BENCHED.sites / 2)],
      );
      return {
        email: owner.email,
        siteId: site.rows[0]?.id as string,
        stationId,
        readingsFrom: readingsFrom.toISOString(),
        readingsTo: readingsTo.toISOString(),
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

/** The URL of the deep page `page` of the clients list, as a client reaches it: the previous page's `hydra:next`. */
async function deepClientsUrl(capture: Capture, page: number): Promise<string> {
  const { answer } = await capture.run(`/api/clients?page=${page - 1}`);
  const next = (answer as { 'hydra:view'?: { 'hydra:next'?: string } })['hydra:view']?.['hydra:next'];
  if (!next) throw new Error(`the clients list has no page ${page}`);
  return next;
}

// --- main ----------------------------------------------------------------------------------------------------------

async function bench(): Promise<boolean> {
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  const prepared = await prepareDatabase();
  const capture = await startCapture({ driver: 'postgres', url: dbUrl }, env, (app) => login(app, prepared.email));
  const endpoints: { label: string; url: string }[] = [];
  const routes: Record<string, BareRoute> = {};
  try {
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const deepPage = Math.floor(BENCHED.clients / 30 / 3);
    const readings = new URLSearchParams({ from: prepared.readingsFrom, to: prepared.readingsTo });
    endpoints.push(
      { label: 'GET /api/me', url: '/api/me' },
      { label: 'clients, first page', url: '/api/clients?page=1' },
      { label: `clients, page ${deepPage}`, url: await deepClientsUrl(capture, deepPage) },
      { label: 'client search "mar"', url: '/api/clients/search?name=mar&page=1' },
      { label: 'sites, first page', url: '/api/sites?page=1' },
      { label: 'interventions, 2 weeks', url: `/api/interventions?start_date=${today}&end_date=${inTwoWeeks}` },
      { label: 'site detail', url: `/api/sites/${prepared.siteId}` },
      { label: 'readings, 30 days', url: `/api/equipment/${prepared.stationId}/readings?${readings}` },
    );
    if (ONLY) endpoints.splice(0, endpoints.length, ...endpoints.filter((e) => ONLY.test(e.label)));
    for (const [i, endpoint] of endpoints.entries()) {
      const { waves } = await capture.run(endpoint.url);
      routes[`/r${i}`] = { waves };
      const statements = waves.flat().length;
      log(`${endpoint.label}: ${statements} statement(s) in ${waves.length} round trip(s) — ${endpoint.url}`);
    }
  } finally {
    await capture.close();
  }

  const hello = await startChild({ kind: 'hello' });
  const helloRow = await run('bare Fastify hello', `${hello.base}/`, {}, hello.pid);
  await hello.stop();
  const bare = await startChild({ kind: 'bare-pg', databaseUrl: dbUrl, poolSize: POOL_SIZE, routes });
  // Both servers stay up (the idle one costs nothing) so that each application scenario runs right after its bare
  // counterpart: a load that comes and goes on the machine then hits both sides of a ratio alike.
  const app = await startChild({ kind: 'app', env }, { cpuProfileDir: CPU_PROFILE_DIR });
  const rows: Row[] = [helloRow];
  try {
    const headers = { cookie: await signIn(app.base, prepared.email), 'client-type': 'webapp' };
    const probeLabel = 'app, authenticated, no SQL';
    if (!ONLY || ONLY.test(probeLabel)) {
      const probe = await run(probeLabel, `${app.base}${PROBE_PATH}`, headers, app.pid);
      rows.push({ ...probe, baseline: helloRow, minRatio: NO_QUERY_MIN_RATIO, maxP99: P99_MAX_MS });
    }
    for (const [i, endpoint] of endpoints.entries()) {
      const check = await fetch(`${app.base}${endpoint.url}`, { headers });
      if (!check.ok) throw new Error(`GET ${endpoint.url}: ${check.status} ${await check.text()}`);
      const bareRow: Measure = await run(`bare Fastify + pg: ${endpoint.label}`, `${bare.base}/r${i}`, {}, bare.pid);
      const appRow = await run(`app: ${endpoint.label}`, `${app.base}${endpoint.url}`, headers, app.pid);
      rows.push(bareRow, { ...appRow, baseline: bareRow, minRatio: SQL_MIN_RATIO, maxP99: P99_MAX_MS });
    }
  } finally {
    await Promise.all([bare.stop(), app.stop()]);
  }
  log(`done; load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  return printTable(
    `PostgreSQL, ${OPTIONS.connections} connections, ${OPTIONS.duration} s per row; ratio: of the row above it`,
    rows,
  );
}

/** Signs in through the HTTP API and answers the `cookie` header. */
async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-type': 'webapp' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1') return log(`kept the database ${dbName}`);
    await adminQuery(`drop database if exists "${dbName}" with (force)`).catch((error: unknown) => {
      console.error(`could not drop the database ${dbName}:`, error);
    });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

log(`creating the database ${dbName}`);
await adminQuery(`create database "${dbName}"`);
let ok = false;
try {
  ok = await bench();
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
log(ok ? 'every target met' : 'a target was missed (or the run failed)');
process.exit(ok ? 0 : 1);
