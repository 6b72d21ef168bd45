/**
 * `npm run bench -w @isoptera/server`: the server quality bars of ARCHITECTURE §6, measured on one machine in one run
 * against the local PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres):
 *
 * - authenticated `GET /api/me` ≥ 85 % of a bare Fastify hello-world's req/s;
 * - `GET /api/clients/search?name=…` and `GET /api/clients?page=2` ≥ 70 % of a bare Fastify + `pg` handler running
 *   the same SQL (captured from the repository through drizzle's logger);
 * - p99 ≤ 50 ms at 100 connections for the application's endpoints, with ≥ 100 000 clients and ≥ 120 000 sites in
 *   the benched PCO.
 *
 * Two diagnostic rows (no target) tell where the time goes: the application's plugin stack on an authenticated route
 * that runs no SQL, and a bare Fastify + `pg` handler running `/api/me`'s statements.
 *
 * Each server runs alone in a child process (bench/server.ts); autocannon drives it from this process. The throw-away
 * database `isoptera_bench_<pid>` is dropped at the end, also on failure. Exits 1 when a target is missed.
 * `BENCH_DURATION` (seconds per scenario, default 10) and `BENCH_WARMUP` (default 3) shorten a trial run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import * as schema from '../src/db/schema/index.js';
import { type Db, openPostgres } from '../src/platform/db/database.js';
import { createMember, createSpace, login, TEST_PASSWORD } from '../test/factories.js';
import { children, createLog, adminQuery as sharedAdminQuery, startChild } from './children.js';
import { insertDataset } from './dataset.js';
import { type CapturedQuery, PROBE_PATH } from './protocol.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 100;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const POOL_SIZE = 10; // openPostgres's default, used by the application
const BENCHED = { clients: 100_000, sites: 120_000 };
const OTHER = { clients: 5_000, sites: 6_000 };
/** A prefix many client names share (Martin, Marchand, Marie…). */
const SEARCH_NAME = 'mar';
const SEARCH_URL = `/api/clients/search?name=${SEARCH_NAME}&page=1`;
const LIST_URL = '/api/clients?page=2';
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

// --- measurements --------------------------------------------------------------------------------------------------

interface Measure {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, errors and timeouts of the measured run. */
  failures: number;
}

async function measure(scenario: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  log(
    `${scenario.trim()}: warm-up ${WARMUP} s, then ${DURATION} s at ${CONNECTIONS} connections ` +
      `(load average ${os.loadavg()[0]?.toFixed(2)})`,
  );
  if (WARMUP > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const failures = r.non2xx + r.errors + r.timeouts;
  if (failures) {
    log(`${scenario.trim()}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (10 s)`);
  }
  return { scenario, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures };
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// --- set-up --------------------------------------------------------------------------------------------------------

/** Migrates, creates the benched PCO with its owner and the large data set; answers the owner's e-mail. */
async function prepareDatabase(): Promise<{ email: string }> {
  const database = openPostgres(dbUrl, 2);
  try {
    await database.migrate();
    const spaceId = await createSpace(database.db, 'pco', { name: 'Bench PCO' });
    const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    const otherSpaceId = await createSpace(database.db, 'pco', { name: 'Other PCO' });
    await createMember(database.db, otherSpaceId, 'ROLE_PCO_SPACE_OWNER');
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      log(`inserting ${BENCHED.clients} clients and ${BENCHED.sites} sites in the benched PCO`);
      await insertDataset(client, spaceId, BENCHED);
      log(`inserting ${OTHER.clients} clients and ${OTHER.sites} sites in another PCO`);
      await insertDataset(client, otherSpaceId, OTHER);
      log('vacuum analyze');
      await client.query('vacuum (analyze)');
    } finally {
      await client.end();
    }
    return { email: owner.email };
  } finally {
    await database.close();
  }
}

/**
 * Runs the two endpoints once in-process on a drizzle database whose logger records every statement: the SQL and
 * parameters the bare handlers replay. Answers them with the application's answers, for a sanity check.
 */
async function captureQueries(email: string) {
  const captured: CapturedQuery[] = [];
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  }) as unknown as Db;
  const app = await buildApp({ config: loadConfig(env), db });
  try {
    const cookie = await login(app, email);
    const run = async (url: string) => {
      captured.length = 0;
      const response = await app.inject({ url, headers: { cookie, 'client-type': 'webapp' } });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
      return { queries: captured.splice(0), answer: response.json() };
    };
    return { me: await run('/api/me'), search: await run(SEARCH_URL), list: await run(LIST_URL) };
  } finally {
    await app.close();
    await pool.end();
  }
}

// --- report --------------------------------------------------------------------------------------------------------

interface Row extends Measure {
  baseline?: Measure;
  minRatio?: number;
  checkP99?: boolean;
}

function verdict(row: Row): { ratio: string; target: string; pass: boolean | undefined } {
  const ratio = row.baseline ? row.rps / row.baseline.rps : Number.NaN;
  const ratioText = !row.baseline ? '—' : Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)} %` : 'n/a';
  const broken = row.failures > 0 || !(row.rps > 0);
  if (row.minRatio === undefined) {
    return { ratio: ratioText, target: row.baseline ? '(diagnostic)' : '(baseline)', pass: broken ? false : undefined };
  }
  const targets = [`≥ ${Math.round(row.minRatio * 100)} % of ${row.baseline?.scenario.split(' ')[0]}`];
  let pass = !broken && ratio >= row.minRatio;
  if (row.checkP99) {
    targets.push(`p99 ≤ ${P99_MAX_MS} ms`);
    pass &&= row.p99 <= P99_MAX_MS;
  }
  return { ratio: ratioText, target: targets.join(', '), pass };
}

function printTable(rows: Row[]): boolean {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'target', 'result'];
  const lines = rows.map((row) => {
    const v = verdict(row);
    return [
      row.scenario,
      row.rps.toFixed(0),
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      v.ratio,
      v.target,
      v.pass === undefined ? '' : v.pass ? 'PASS' : `FAIL${row.failures ? ` (${row.failures} failed requests)` : ''}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  console.log();
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const line of lines) console.log(format(line));
  console.log();
  return rows.every((row) => verdict(row).pass !== false);
}

// --- main ----------------------------------------------------------------------------------------------------------

async function bench(): Promise<boolean> {
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  const { email } = await prepareDatabase();
  const { me: meCapture, search, list } = await captureQueries(email);
  const appSearch = search.answer as { total: number; list: { ulid: string }[] };
  const appList = list.answer as { 'hydra:totalItems': number; 'hydra:member': { ulid: string }[] };
  log(
    `SQL statements per request: /api/me ${meCapture.queries.length}, search ${search.queries.length} ` +
      `("${SEARCH_NAME}": ${appSearch.total} matches), list ${list.queries.length} (${appList['hydra:totalItems']} clients)`,
  );

  const rows: Row[] = [];
  const hello = await startChild({ kind: 'hello' });
  const baseline = await measure('A  bare Fastify hello-world', `${hello.base}/`);
  rows.push(baseline);
  await hello.stop();

  const bare = await startChild({
    kind: 'bare-pg',
    databaseUrl: dbUrl,
    poolSize: POOL_SIZE,
    routes: {
      '/me': { queries: meCapture.queries, sequential: true },
      '/search': { queries: search.queries, sequential: false },
      '/list': { queries: list.queries, sequential: false },
    },
  });
  // The bare handlers answer the same rows as the application (first column: the client id).
  const [bareSearch] = (await getJson(`${bare.base}/search`)) as [unknown[][]];
  const [bareList] = (await getJson(`${bare.base}/list`)) as [unknown[][]];
  const same = (a: { ulid: string }[], b: unknown[][] | undefined) =>
    a.length > 0 && JSON.stringify(a.map((x) => x.ulid)) === JSON.stringify(b?.map((r) => r[0]));
  if (!same(appSearch.list, bareSearch) || !same(appList['hydra:member'], bareList)) {
    throw new Error('the bare handlers do not answer the rows the application answers');
  }
  // Both servers stay up (the idle one costs nothing) so that each application scenario runs right after its bare
  // counterpart: a load that comes and goes on the machine then hits both sides of a ratio alike.
  const app = await startChild({ kind: 'app', env });
  const tokenResponse = await fetch(`${app.base}/security/token/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-type': 'webapp' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!tokenResponse.ok) throw new Error(`login: ${tokenResponse.status} ${await tokenResponse.text()}`);
  const cookie = tokenResponse.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, 'client-type': 'webapp' };
  await getJson(`${app.base}/api/me`, headers);
  const probe = await measure('   app stack, authenticated, no SQL', `${app.base}${PROBE_PATH}`, headers);
  const bareMe = await measure('   bare Fastify + pg, /api/me SQL', `${bare.base}/me`);
  const me = await measure('   GET /api/me', `${app.base}/api/me`, headers);
  const bareSearchRow = await measure('B1 bare Fastify + pg, search SQL', `${bare.base}/search`);
  const appSearchRow = await measure(`   GET ${SEARCH_URL}`, `${app.base}${SEARCH_URL}`, headers);
  const bareListRow = await measure('B2 bare Fastify + pg, list SQL', `${bare.base}/list`);
  const appListRow = await measure(`   GET ${LIST_URL}`, `${app.base}${LIST_URL}`, headers);
  await Promise.all([bare.stop(), app.stop()]);

  rows.push({ ...probe, baseline }, { ...bareMe, baseline });
  rows.push({ ...me, baseline, minRatio: 0.85, checkP99: true });
  rows.push(bareSearchRow, { ...appSearchRow, baseline: bareSearchRow, minRatio: 0.7, checkP99: true });
  rows.push(bareListRow, { ...appListRow, baseline: bareListRow, minRatio: 0.7, checkP99: true });
  log(`done; load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  return printTable(rows);
}

let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const child of children) child.kill('SIGKILL');
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
