/**
 * `npm run bench -w @isoptera/server`: the request path against the bare framework and the bare database (issue 11,
 * ARCHITECTURE §10), on the local PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres),
 * in one run so that the ratios compare like with like:
 *
 * - a bare Fastify hello-world, and an authenticated application route that runs no SQL: target ≥ 50 % of the hello;
 * - each endpoint — `GET /api/me`, the clients list (first page and a deep page), client search, the sites list, the
 *   interventions list, the reports lists (to process and history, issue 12), a site's detail and a station's
 *   readings history — beside a bare Fastify + `pg` handler
 *   running the very statements the application sent for that URL (captured at the `pg` level: same text,
 *   parameters, prepared-statement names and concurrency): target ≥ 80 % of it, and p99 ≤ 50 ms;
 * - with ≥ 100 000 clients, ≥ 120 000 sites, 200 000 interventions and a report for each past one (≈ 100 000) in the
 *   benched PCO (bench/dataset.ts).
 *
 * Then the same table on PGlite, "for the record" (no targets; it never fails the run): the same data set built in a
 * PGlite folder, the application on it (as it runs without `DATABASE_URL`) beside a bare Fastify server running the
 * statements the application sent on PGlite, on a copy of that folder (a PGlite folder is one process's).
 *
 * Each server runs alone in a child process (bench/server.ts); autocannon drives it from this process at 50
 * connections. The throw-away database `isoptera_bench_<pid>` and the temporary folder (the app's `DATA_DIR`, the
 * PGlite databases) are removed at the end, also on failure. Exits 1 when a PostgreSQL target is missed or the run
 * failed. `BENCH_DURATION` (seconds per scenario, default 10), `BENCH_WARMUP` (default 3), `BENCH_CONNECTIONS`
 * (default 50) and `BENCH_SCALE` (share of the data set, default 1) shorten a trial run; `BENCH_PGLITE_SCALE` (default
 * `BENCH_SCALE`) is the PGlite run's own share; `BENCH_SKIP_PGLITE=1` skips the PGlite run; `BENCH_ONLY` (a regular
 * expression) keeps the rows whose label matches, in both tables; `BENCH_CPU_PROF` (a folder) runs the application
 * under `node --cpu-prof` and leaves its profiles there (open them in Chrome's DevTools); `BENCH_KEEP_DB=1` keeps the
 * PostgreSQL database (to study its plans with psql) and the temporary folder instead of removing them.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/platform/db/database.js';
import { createInstallation } from '../test/equipment-factories.js';
import { createMember, createSpace, login, TEST_PASSWORD } from '../test/factories.js';
import { type Capture, type CaptureTarget, startCapture } from './capture.js';
import { children, createLog, adminQuery as sharedAdminQuery, startChild } from './children.js';
import { type DatasetCounts, insertDataset, type SqlClient } from './dataset.js';
import { pgliteClient } from './pglite.js';
import { type BareRoute, type ChildSpec, PROBE_PATH } from './protocol.js';
import { type Measure, type MeasureOptions, measure, printTable, type Row } from './report.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PGLITE_SCALE = Number(process.env.BENCH_PGLITE_SCALE ?? SCALE);
const SKIP_PGLITE = process.env.BENCH_SKIP_PGLITE === '1';
const OPTIONS: Omit<MeasureOptions, 'log'> = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};
const POOL_SIZE = 10; // openPostgres's default, used by the application
/** The benched PCO's data set at `scale` (a share of 100 000 clients, 120 000 sites, 200 000 interventions). */
const benchedCounts = (scale: number): DatasetCounts => ({
  clients: Math.round(100_000 * scale),
  sites: Math.round(120_000 * scale),
  interventions: Math.round(200_000 * scale),
});
const OTHER = { clients: 5_000, sites: 6_000, interventions: 10_000 };
const TECHNICIANS = 12;
/** 30 days of readings every 2 hours: the site detail's default chart. */
const READINGS = 360;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const KEEP = process.env.BENCH_KEEP_DB === '1';
const NO_QUERY_MIN_RATIO = 0.5;
const SQL_MIN_RATIO = 0.8;
const P99_MAX_MS = 50;

const dbName = `isoptera_bench_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
/** The application's DATA_DIR on PostgreSQL; the PGlite run's folders are in it too. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoptera-bench-'));
const env = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(36).toString('base64url'),
  DATABASE_URL: dbUrl,
  // production needs the public address (issue 16); the links it writes are not measured
  APP_URL: 'http://127.0.0.1:3000',
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
/** PGlite runs inside the server process: no database process of its own, its CPU time is the server's. */
const noBackends = async (): Promise<number[]> => [];

// --- set-up --------------------------------------------------------------------------------------------------------

/** What the endpoints of one database need (its ids differ from one database to the other). */
interface Prepared {
  email: string;
  siteId: string;
  stationId: string;
  readingsFrom: string;
  readingsTo: string;
}

/**
 * Seeds a migrated database: the benched PCO with its owner, technicians, a station with 30 days of readings and the
 * data set of `counts` (bench/dataset.ts), and another PCO with a smaller one. `database` writes the entities the
 * factories make; `sql`, one connection to the same database, the data set and the readings.
 */
async function seed(database: Database, sql: SqlClient, counts: DatasetCounts): Promise<Prepared> {
  const spaceId = await createSpace(database.db, 'pco', { name: 'Bench PCO' });
  const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
  const technicians: string[] = [];
  for (let i = 0; i < TECHNICIANS; i += 1) {
    const member = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_TECHNICIAN', { lastname: `Tech ${i}` });
    technicians.push(member.membershipId);
  }
  const otherSpaceId = await createSpace(database.db, 'pco', { name: 'Other PCO' });
  const otherOwner = await createMember(database.db, otherSpaceId, 'ROLE_PCO_SPACE_OWNER');
  const installation = await createInstallation(database.db, spaceId, { stationCount: 1, siteName: 'Résidence Bench' });
  const stationId = installation.stations[0]?.id as string;
  const readingsTo = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const readingsFrom = new Date(readingsTo.getTime() - 30 * 86_400_000);
  log(`inserting ${counts.clients} clients, ${counts.sites} sites, ${counts.interventions} interventions`);
  await insertDataset(sql, spaceId, counts, technicians);
  log(`inserting ${OTHER.clients} clients, ${OTHER.sites} sites, ${OTHER.interventions} interventions elsewhere`);
  await insertDataset(sql, otherSpaceId, OTHER, [otherOwner.membershipId]);
  await sql.query(
    `insert into readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level,
       battery_percent, signal_level, state, received_at)
     select $1, $2::timestamptz - n * interval '2 hours', n % 7, 0, 'Operational', 90, -90, 1, now()
     from generate_series(0, ${READINGS - 1}) as n`,
    [stationId, readingsTo.toISOString()],
  );
  log('vacuum analyze');
  await sql.query('vacuum (analyze)');
  const site = await sql.query('select id from sites where space_id = $1 order by id offset $2 limit 1', [
    spaceId,
    Math.floor(counts.sites / 2),
  ]);
  return {
    email: owner.email,
    siteId: (site.rows[0] as { id: string }).id,
    stationId,
    readingsFrom: readingsFrom.toISOString(),
    readingsTo: readingsTo.toISOString(),
  };
}

/** Migrates and seeds the PostgreSQL database (the data set through one `pg` connection). */
async function preparePostgres(counts: DatasetCounts): Promise<Prepared> {
  const database = openPostgres(dbUrl, 2);
  const client = new pg.Client({ connectionString: dbUrl });
  try {
    await database.migrate();
    await client.connect();
    return await seed(database, client, counts);
  } finally {
    await client.end();
    await database.close();
  }
}

/** Creates, migrates and seeds a PGlite database in the folder `folder`, and closes it (for another process). */
async function preparePglite(folder: string, counts: DatasetCounts): Promise<Prepared> {
  const database = await openPglite({ dataDir: folder });
  try {
    await database.migrate();
    return await seed(database, pgliteClient(database), counts);
  } finally {
    await database.close();
  }
}

interface Endpoint {
  label: string;
  url: string;
}

/**
 * Runs the application on `target` in-process (bench/capture.ts) to list the benchmarked endpoints of that database
 * (those `BENCH_ONLY` keeps) and the statements each one sends: the bare server's route `/r<i>` for endpoint `i`.
 */
async function captureEndpoints(
  target: CaptureTarget,
  prepared: Prepared,
  counts: DatasetCounts,
): Promise<{ endpoints: Endpoint[]; routes: Record<string, BareRoute> }> {
  const capture = await startCapture(target, env, (app) => login(app, prepared.email));
  try {
    const today = new Date().toISOString().slice(0, 10);
    const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const deepPage = Math.floor(counts.clients / 30 / 3);
    const readings = new URLSearchParams({ from: prepared.readingsFrom, to: prepared.readingsTo });
    const all: Endpoint[] = [
      { label: 'GET /api/me', url: '/api/me' },
      { label: 'clients, first page', url: '/api/clients?page=1' },
      { label: `clients, page ${deepPage}`, url: await deepClientsUrl(capture, deepPage) },
      { label: 'client search "mar"', url: '/api/clients/search?name=mar&page=1' },
      { label: 'sites, first page', url: '/api/sites?page=1' },
      { label: 'interventions, 2 weeks', url: `/api/interventions?start_date=${today}&end_date=${inTwoWeeks}` },
      { label: 'reports to process', url: '/api/reports?status=to_process&page=1' },
      { label: 'reports history', url: '/api/reports?status=history&page=1' },
      { label: 'site detail', url: `/api/sites/${prepared.siteId}` },
      { label: 'readings, 30 days', url: `/api/equipment/${prepared.stationId}/readings?${readings}` },
    ];
    const endpoints = ONLY ? all.filter((e) => ONLY.test(e.label)) : all;
    const routes: Record<string, BareRoute> = {};
    for (const [i, endpoint] of endpoints.entries()) {
      const { waves } = await capture.run(endpoint.url);
      routes[`/r${i}`] = { waves };
      const statements = waves.flat().length;
      log(`${endpoint.label}: ${statements} statement(s) in ${waves.length} round trip(s) — ${endpoint.url}`);
    }
    return { endpoints, routes };
  } finally {
    await capture.close();
  }
}

/** The URL of the deep page `page` of the clients list, as a client reaches it: the previous page's `hydra:next`. */
async function deepClientsUrl(capture: Capture, page: number): Promise<string> {
  const { answer } = await capture.run(`/api/clients?page=${page - 1}`);
  const next = (answer as { 'hydra:view'?: { 'hydra:next'?: string } })['hydra:view']?.['hydra:next'];
  if (!next) throw new Error(`the clients list has no page ${page}`);
  return next;
}

// --- measuring -----------------------------------------------------------------------------------------------------

/** One run of the table: the servers, their database and whether its rows carry the targets. */
interface Setting {
  /** The bare server replaying the captured statements, on routes `/r<i>`. */
  bare: ChildSpec;
  /** Its rows' label: `<bareLabel>: <endpoint>`. */
  bareLabel: string;
  /** The application's environment (DATABASE_URL or not: PostgreSQL or PGlite). */
  appEnv: Record<string, string>;
  /** The database processes serving the servers, whose CPU time a row counts (none for PGlite). */
  backends: () => Promise<number[]>;
  endpoints: Endpoint[];
  /** The benched PCO owner's e-mail, to sign in. */
  email: string;
  /** With targets (≥ 50 % / ≥ 80 % of the baseline, p99 ≤ 50 ms), or "for the record" without. */
  targets: boolean;
}

/**
 * Measures the rows of one table with autocannon: the bare Fastify hello, the application's authenticated route that
 * runs no SQL (baseline: the hello), then each endpoint of `setting` on the bare server and on the application
 * (baseline: the bare row). Each server runs in its own child process.
 */
async function measureSetting(setting: Setting): Promise<Row[]> {
  const run = (scenario: string, url: string, headers: Record<string, string>, server: number | undefined) =>
    measure(scenario, url, headers, { ...OPTIONS, log }, server ? { server, database: setting.backends } : undefined);
  const hello = await startChild({ kind: 'hello' });
  const helloRow = await run('bare Fastify hello', `${hello.base}/`, {}, hello.pid);
  await hello.stop();
  const bare = await startChild(setting.bare);
  // Both servers stay up (the idle one costs nothing) so that each application scenario runs right after its bare
  // counterpart: a load that comes and goes on the machine then hits both sides of a ratio alike.
  const app = await startChild({ kind: 'app', env: setting.appEnv }, { cpuProfileDir: CPU_PROFILE_DIR });
  const targets = (minRatio: number) => (setting.targets ? { minRatio, maxP99: P99_MAX_MS } : {});
  const rows: Row[] = [helloRow];
  try {
    const headers = { cookie: await signIn(app.base, setting.email), 'client-type': 'webapp' };
    const probeLabel = 'app, authenticated, no SQL';
    if (!ONLY || ONLY.test(probeLabel)) {
      const probe = await run(probeLabel, `${app.base}${PROBE_PATH}`, headers, app.pid);
      rows.push({ ...probe, baseline: helloRow, ...targets(NO_QUERY_MIN_RATIO) });
    }
    for (const [i, endpoint] of setting.endpoints.entries()) {
      const check = await fetch(`${app.base}${endpoint.url}`, { headers });
      if (!check.ok) throw new Error(`GET ${endpoint.url}: ${check.status} ${await check.text()}`);
      const bareRow: Measure = await run(`${setting.bareLabel}: ${endpoint.label}`, `${bare.base}/r${i}`, {}, bare.pid);
      const appRow = await run(`app: ${endpoint.label}`, `${app.base}${endpoint.url}`, headers, app.pid);
      rows.push(bareRow, { ...appRow, baseline: bareRow, ...targets(SQL_MIN_RATIO) });
    }
  } finally {
    await Promise.all([bare.stop(), app.stop()]);
  }
  return rows;
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

const datasetLabel = (counts: DatasetCounts) =>
  `${counts.clients} clients, ${counts.sites} sites, ${counts.interventions} interventions`;
const perRow = `${OPTIONS.connections} connections, ${OPTIONS.duration} s per row; ratio: of the row above it`;

// --- main ----------------------------------------------------------------------------------------------------------

/** The PostgreSQL table, with its targets; `true` when all are met. */
async function benchPostgres(): Promise<boolean> {
  const counts = benchedCounts(SCALE);
  const prepared = await preparePostgres(counts);
  const { endpoints, routes } = await captureEndpoints({ driver: 'postgres', url: dbUrl }, prepared, counts);
  const rows = await measureSetting({
    bare: { kind: 'bare-pg', databaseUrl: dbUrl, poolSize: POOL_SIZE, routes },
    bareLabel: 'bare Fastify + pg',
    appEnv: env,
    backends: backendPids,
    endpoints,
    email: prepared.email,
    targets: true,
  });
  log(`PostgreSQL done; load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  const scale = SCALE === 1 ? '' : ` (${datasetLabel(counts)})`;
  return printTable(`PostgreSQL${scale}, ${perRow}`, rows);
}

/**
 * The PGlite table, for the record (no targets; its result does not count): the data set in `<dataDir>/pglite/db`,
 * where the application opens it (its DATA_DIR is `<dataDir>/pglite`), and a copy in `<dataDir>/pglite-bare` for the
 * bare server.
 */
async function benchPglite(): Promise<void> {
  const counts = benchedCounts(PGLITE_SCALE);
  const appDataDir = path.join(dataDir, 'pglite');
  const folder = path.join(appDataDir, 'db');
  const bareFolder = path.join(dataDir, 'pglite-bare');
  log(`PGlite in ${folder}`);
  const prepared = await preparePglite(folder, counts);
  const { endpoints, routes } = await captureEndpoints({ driver: 'pglite', dataDir: folder }, prepared, counts);
  log('copying the PGlite database for the bare server');
  cpSync(folder, bareFolder, { recursive: true });
  // as `npm start` runs it: production needs PostgreSQL (issue 16), PGlite is the embedded single instance
  const { DATABASE_URL: _, NODE_ENV: __, ...pgliteEnv } = env;
  const rows = await measureSetting({
    bare: { kind: 'bare-pglite', dataDir: bareFolder, routes },
    bareLabel: 'bare Fastify + PGlite',
    appEnv: { ...pgliteEnv, DATA_DIR: appDataDir },
    backends: noBackends,
    endpoints,
    email: prepared.email,
    targets: false,
  });
  log(`PGlite done; load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  printTable(`PGlite (embedded, in the server process), ${datasetLabel(counts)}, ${perRow}; no targets`, rows);
}

async function bench(): Promise<boolean> {
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  const ok = await benchPostgres();
  if (SKIP_PGLITE) log('PGlite skipped (BENCH_SKIP_PGLITE=1)');
  else await benchPglite();
  return ok;
}

let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const child of children) child.kill('SIGKILL');
    if (KEEP) return log(`kept the database ${dbName} and the folder ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
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
