/**
 * `npm run bench:telemetry -w @isoptera/server` (also the second part of `npm run bench`): the telemetry figures of
 * issue 5, on the local PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres) and the local
 * Mosquitto (`BENCH_MQTT_URL`, default mqtt://127.0.0.1:1883), in the throw-away database `BENCH_TELEMETRY_DB`
 * (default `isoptera_bench5`, dropped before and after):
 *
 * 1. a readings history of `BENCH_READINGS` rows (default 10 million; 100 million for issue 16's second size) over
 *    2 000 stations, made in SQL into the month partitions of `readings` (made first, as the partition job would);
 * 2. ingestion in readings per second into that same `readings` table: `BENCH_ROUNDS` rounds (default 3) of uplinks
 *    of 500 readings through `POST /api/uplinks` — does the rate hold as readings pile up? — and one through the MQTT
 *    bridge (publish, then wait for the server's answer: committed), next to a raw `COPY readings FROM STDIN` of
 *    `BENCH_COPY_ROWS` rows (default 1 million) — the ceiling; issue 16's target: HTTP ≥ 50 % of it;
 * 3. the latency of the site detail's history query, `GET /api/equipment/{ulid}/readings` over 30 days and over a
 *    year, for random stations, at 100 connections (autocannon): target p99 ≤ 50 ms (ARCHITECTURE §6); and, as a
 *    diagnostic, the same queries of the readings repository alone (the database side of that latency).
 *
 * The application runs alone in a child process (bench/server.ts) with the MQTT bridge on. Exits 1 when a target is
 * missed or requests failed. `BENCH_DURATION` (seconds per scenario, default 10) and `BENCH_WARMUP` (default 3).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { READINGS_MAX_POINTS, type UplinkPayload, type UplinkReading } from '@isoptera/contracts';
import autocannon, { type RequestSpec } from 'autocannon';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureReadingPartitions, monthStart, readingPartitions } from '../src/db/readings-store.js';
import { createReadingsRepository } from '../src/modules/equipment/readings.repository.js';
import { openPostgres } from '../src/platform/db/database.js';
import { httpTransport, mqttTransport, type UplinkTransport } from '../src/simulate/uplink-transports.js';
import { createInstallation } from '../test/equipment-factories.js';
import { createMember, createSpace, TEST_PASSWORD } from '../test/factories.js';
import { children, createLog, adminQuery as sharedAdminQuery, startChild } from './children.js';
import {
  HISTORY_INTERVAL_HOURS,
  HISTORY_SITES,
  HISTORY_STATIONS_PER_SITE,
  insertReadingsHistory,
} from './readings-dataset.js';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_TELEMETRY_DB ?? 'isoptera_bench5';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const HISTORY_READINGS = Number(process.env.BENCH_READINGS ?? 10_000_000);
const COPY_ROWS = Number(process.env.BENCH_COPY_ROWS ?? 1_000_000);
/** `BENCH_CPU_PROF` (a folder): the application runs under `node --cpu-prof` and leaves its profile there. */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Issue 16: HTTP ingestion at least this share of `COPY`. */
const COPY_SHARE_MIN = 0.5;
const BATCH = 500;
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 4);
const STATIONS_PER_GATEWAY = 100;
/** Uplinks in flight per gateway (HTTP and MQTT alike). */
const IN_FLIGHT = 2;
const CONNECTIONS = 100;
const P99_MAX_MS = 50;
/** Concurrent loops of the SQL-only diagnostic: the application's pool size. */
const SQL_LOOPS = 10;
const DAY_MS = 86_400_000;

const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'isoptera-bench5-'));
const env = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(36).toString('base64url'),
  DATABASE_URL: dbUrl,
  MQTT_URL,
  APP_URL: 'http://127.0.0.1:3000',
  SEED: 'none',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
};

const log = createLog('bench5', 6);
const adminQuery = (statement: string) => sharedAdminQuery(ADMIN_URL, statement);

// --- set-up --------------------------------------------------------------------------------------------------------

interface BenchGateway {
  serialNumber: string;
  credential: string;
  stationIds: string[];
  stationSerials: string[];
  /** Uplinks built so far: each takes the next 500 measurement times. */
  sent: number;
}

interface Prepared {
  email: string;
  gateways: BenchGateway[];
  historyStations: string[];
  historyEnd: Date;
  tableRows: number;
  /** Seconds spent making the history (insert, then `vacuum analyze`). */
  historySeconds: number;
  partitions: number;
}

async function prepareDatabase(): Promise<Prepared> {
  const database = openPostgres(dbUrl, 2);
  try {
    await database.migrate();
    const spaceId = await createSpace(database.db, 'pco', { name: 'Bench telemetry PCO' });
    const owner = await createMember(database.db, spaceId, 'ROLE_PCO_SPACE_OWNER');
    const gateways: BenchGateway[] = [];
    for (let g = 0; g < GATEWAYS; g++) {
      const installation = await createInstallation(database.db, spaceId, {
        stationCount: STATIONS_PER_GATEWAY,
        siteName: `Ingestion site ${g + 1}`,
      });
      gateways.push({
        serialNumber: installation.gateway.serialNumber,
        credential: installation.gateway.credential,
        stationIds: installation.stations.map((s) => s.id),
        stationSerials: installation.stations.map((s) => s.serialNumber),
        sent: 0,
      });
    }
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const historyEnd = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
      const perStation = Math.ceil(HISTORY_READINGS / (HISTORY_SITES * HISTORY_STATIONS_PER_SITE));
      const historyStart = new Date(historyEnd.getTime() - perStation * HISTORY_INTERVAL_HOURS * 3_600_000);
      // the months of the history (and the COPY's, 20 days back) before inserting: the partition job's work
      const made = await ensureReadingPartitions(database.db, historyStart, monthStart(new Date(), 3));
      log(`${made.length} month partitions made from ${historyStart.toISOString().slice(0, 7)}`);
      const t0 = performance.now();
      log(`inserting ${HISTORY_READINGS.toLocaleString('en')} readings of history`);
      const historyStations = await insertReadingsHistory(client, spaceId, HISTORY_READINGS, historyEnd, log);
      log('vacuum analyze');
      await client.query('vacuum (analyze) readings');
      const historySeconds = (performance.now() - t0) / 1000;
      const rows = await client.query<{ n: string }>('select count(*) as n from readings');
      return {
        email: owner.email,
        gateways,
        historyStations,
        historyEnd,
        tableRows: Number(rows.rows[0]?.n),
        historySeconds,
        partitions: (await readingPartitions(database.db)).length,
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

// --- ingestion -----------------------------------------------------------------------------------------------------

/** The next uplink of `gateway`: 500 readings, 5 per station, at times going back from `base` second by second. */
function nextUplink(gateway: BenchGateway, base: number): UplinkPayload {
  const n = gateway.sent++;
  const perStation = BATCH / gateway.stationSerials.length;
  const readings: UplinkReading[] = [];
  for (let k = 0; k < BATCH; k++) {
    const station = k % gateway.stationSerials.length;
    const back = n * perStation + Math.floor(k / gateway.stationSerials.length);
    readings.push({
      serial_number: gateway.stationSerials[station] as string,
      measured_at: new Date(base - back * 1000).toISOString(),
      termite_activity: k % 37 === 0 ? 3 : 0,
      bait_consumption: 0,
      battery_level: 'Operational',
      battery_percent: 88,
      signal_level: -95 + (k % 9) - 4,
      state: 1,
    });
  }
  return { gateway: { serial_number: gateway.serialNumber, sent_at: new Date().toISOString() }, readings };
}

interface IngestionMeasure {
  scenario: string;
  readingsPerSecond: number;
  uplinksPerSecond: number;
  p50: number | null;
  p99: number | null;
  failures: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;

/** Sends uplinks for `seconds` with {@link IN_FLIGHT} in flight per gateway; counts the accepted readings. */
async function drive(transport: UplinkTransport, gateways: BenchGateway[], base: number, seconds: number) {
  const stopAt = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let accepted = 0;
  let failures = 0;
  const t0 = performance.now();
  const worker = async (gateway: BenchGateway) => {
    while (Date.now() < stopAt) {
      const payload = nextUplink(gateway, base);
      const sentAt = performance.now();
      const answer = await transport.send(gateway, payload).catch(() => null);
      latencies.push(performance.now() - sentAt);
      if (answer?.ok && answer.result.accepted === BATCH) accepted += answer.result.accepted;
      else failures++;
    }
  };
  await Promise.all(gateways.flatMap((g) => Array.from({ length: IN_FLIGHT }, () => worker(g))));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { accepted, uplinks: latencies.length, failures, elapsed, latencies };
}

async function measureIngestion(
  scenario: string,
  transport: UplinkTransport,
  gateways: BenchGateway[],
  base: number,
): Promise<IngestionMeasure> {
  log(`${scenario}: warm-up ${WARMUP} s, then ${DURATION} s, ${GATEWAYS} gateways × ${IN_FLIGHT} uplinks in flight`);
  if (WARMUP > 0) await drive(transport, gateways, base, WARMUP);
  const r = await drive(transport, gateways, base, DURATION);
  if (r.failures) log(`${scenario}: ${r.failures} uplinks failed or were not fully accepted`);
  return {
    scenario,
    readingsPerSecond: r.accepted / r.elapsed,
    uplinksPerSecond: r.uplinks / r.elapsed,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    failures: r.failures,
  };
}

/** `COPY readings FROM STDIN` of `rows` rows for the ingestion stations, at times before `base`. */
async function measureCopy(gateways: BenchGateway[], base: number, rows: number): Promise<IngestionMeasure> {
  const stations = gateways.flatMap((g) => g.stationIds);
  log(`COPY: ${rows.toLocaleString('en')} rows`);
  function* lines() {
    const chunk = 5_000;
    for (let start = 0; start < rows; start += chunk) {
      let text = '';
      for (let k = start; k < Math.min(rows, start + chunk); k++) {
        const at = new Date(base - Math.floor(k / stations.length) * 1000).toISOString();
        text += `${stations[k % stations.length]}\t${at}\t${k % 37 === 0 ? 3 : 0}\t0\tOperational\t88\t${-95 + (k % 9) - 4}\t1\n`;
      }
      yield text;
    }
  }
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    await pipeline(
      Readable.from(lines()),
      client.query(
        copyFrom(
          'copy readings (equipment_id, measured_at, termite_activity, bait_consumption, battery_level, ' +
            'battery_percent, signal_level, state) from stdin',
        ),
      ),
    );
    const elapsed = (performance.now() - t0) / 1000;
    return {
      scenario: 'COPY readings FROM STDIN (raw ceiling)',
      readingsPerSecond: rows / elapsed,
      uplinksPerSecond: Number.NaN,
      p50: null,
      p99: null,
      failures: 0,
    };
  } finally {
    await client.end();
  }
}

// --- history query -------------------------------------------------------------------------------------------------

interface QueryMeasure {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measureHistory(
  base: string,
  headers: Record<string, string>,
  stations: string[],
  end: Date,
  days: number,
  scenario: string,
): Promise<QueryMeasure> {
  const from = encodeURIComponent(new Date(end.getTime() - days * DAY_MS).toISOString());
  const to = encodeURIComponent(end.toISOString());
  const requests: RequestSpec[] = [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/equipment/${stations[Math.floor(Math.random() * stations.length)]}/readings?from=${from}&to=${to}`,
      }),
    },
  ];
  log(`${scenario}: warm-up ${WARMUP} s, then ${DURATION} s at ${CONNECTIONS} connections`);
  const options = { url: base, connections: CONNECTIONS, headers, requests };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  const failures = r.non2xx + r.errors + r.timeouts;
  if (failures) log(`${scenario}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { scenario, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures };
}

/**
 * Diagnostic: the database side of the same requests — the readings repository's queries, as the service runs them
 * (the raw range, then the buckets when the period holds more than 500 readings) — from 10 concurrent loops over a
 * pool of 10 connections (the application's pool size, so no loop waits for a connection), for `DURATION` seconds.
 */
async function measureHistorySql(stations: string[], end: Date, days: number, scenario: string): Promise<QueryMeasure> {
  const database = openPostgres(dbUrl, SQL_LOOPS);
  const repository = createReadingsRepository(database.db);
  const from = new Date(end.getTime() - days * DAY_MS);
  const once = async () => {
    const id = stations[Math.floor(Math.random() * stations.length)] as string;
    const rows = await repository.raw(id, from, end, READINGS_MAX_POINTS + 1);
    if (rows.length > READINGS_MAX_POINTS) await repository.bucketed(id, from, end, READINGS_MAX_POINTS);
  };
  try {
    log(`${scenario.trim()}: ${DURATION} s, ${SQL_LOOPS} concurrent loops`);
    const run = async (seconds: number) => {
      const stopAt = Date.now() + seconds * 1000;
      const latencies: number[] = [];
      let failures = 0;
      const t0 = performance.now();
      const loop = async () => {
        while (Date.now() < stopAt) {
          const start = performance.now();
          await once().catch(() => failures++);
          latencies.push(performance.now() - start);
        }
      };
      await Promise.all(Array.from({ length: SQL_LOOPS }, loop));
      latencies.sort((a, b) => a - b);
      return { latencies, failures, elapsed: (performance.now() - t0) / 1000 };
    };
    if (WARMUP > 0) await run(WARMUP);
    const r = await run(DURATION);
    return {
      scenario,
      rps: r.latencies.length / r.elapsed,
      p50: percentile(r.latencies, 50),
      p99: percentile(r.latencies, 99),
      failures: r.failures,
    };
  } finally {
    await database.close();
  }
}

// --- report --------------------------------------------------------------------------------------------------------

function table(header: string[], lines: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i > 0 && i < header.length - 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)));
  console.log(format(header).join('  '));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line).join('  '));
  console.log();
}

const number = (value: number | null, digits = 0) =>
  value === null || !Number.isFinite(value) ? '—' : value.toLocaleString('en', { maximumFractionDigits: digits });

function report(
  ingestion: IngestionMeasure[],
  copy: IngestionMeasure,
  history: QueryMeasure[],
  historySql: QueryMeasure[],
  prepared: Prepared,
): boolean {
  console.log();
  console.log(
    `Ingestion into readings (${prepared.tableRows.toLocaleString('en')} rows before the run, ${prepared.partitions} ` +
      `month partitions, history made in ${Math.round(prepared.historySeconds)} s), uplinks of ${BATCH} readings`,
  );
  const shares = ingestion.map((m) => m.readingsPerSecond / copy.readingsPerSecond);
  table(
    ['scenario', 'readings/s', 'uplinks/s', 'p50 ms', 'p99 ms', 'of COPY', 'result'],
    [copy, ...ingestion].map((m) => [
      m.scenario,
      number(m.readingsPerSecond),
      number(m.uplinksPerSecond, 1),
      number(m.p50),
      number(m.p99),
      `${((m.readingsPerSecond / copy.readingsPerSecond) * 100).toFixed(1)} %`,
      m.failures
        ? `FAIL (${m.failures} failed uplinks)`
        : m.scenario.includes('HTTP')
          ? m.readingsPerSecond >= COPY_SHARE_MIN * copy.readingsPerSecond
            ? `PASS (≥ ${COPY_SHARE_MIN * 100} %)`
            : `FAIL (< ${COPY_SHARE_MIN * 100} %)`
          : '',
    ]),
  );
  const httpHolds = ingestion.every((m, i) => !m.scenario.includes('HTTP') || (shares[i] ?? 0) >= COPY_SHARE_MIN);
  console.log(`History of a station (GET /api/equipment/{ulid}/readings), random stations, ${CONNECTIONS} connections`);
  const verdicts = history.map((m) => m.failures === 0 && m.p99 <= P99_MAX_MS);
  table(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'target', 'result'],
    [
      ...history.map((m, i) => [
        m.scenario,
        number(m.rps),
        number(m.p50, 1),
        number(m.p99, 1),
        `p99 ≤ ${P99_MAX_MS} ms`,
        verdicts[i] ? 'PASS' : `FAIL${m.failures ? ` (${m.failures} failed requests)` : ''}`,
      ]),
      ...historySql.map((m) => [
        m.scenario,
        number(m.rps),
        number(m.p50, 1),
        number(m.p99, 1),
        `(diagnostic, ${SQL_LOOPS} loops)`,
        m.failures ? `${m.failures} failed` : '',
      ]),
    ],
  );
  return verdicts.every(Boolean) && httpHolds && ingestion.every((m) => m.failures === 0);
}

// --- main ----------------------------------------------------------------------------------------------------------

async function bench(): Promise<boolean> {
  log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2))}`);
  const prepared = await prepareDatabase();
  const app = await startChild({ kind: 'app', env }, { cpuProfileDir: CPU_PROFILE_DIR });
  try {
    const now = Date.now() - 60_000;
    const http = httpTransport(app.base);
    const httpRows: IngestionMeasure[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const scenario = `POST /api/uplinks (HTTP)${ROUNDS > 1 ? `, round ${round}` : ''}`;
      httpRows.push(await measureIngestion(scenario, http, prepared.gateways, now));
    }
    const mqtt = await mqttTransport(MQTT_URL, 30_000);
    let mqttRow: IngestionMeasure;
    try {
      mqttRow = await measureIngestion('MQTT uplink → ack', mqtt, prepared.gateways, now - 10 * DAY_MS);
    } finally {
      await mqtt.close();
    }
    const copyRow = await measureCopy(prepared.gateways, now - 20 * DAY_MS, COPY_ROWS);

    const login = await fetch(`${app.base}/security/token/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-type': 'webapp' },
      body: JSON.stringify({ email: prepared.email, password: TEST_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, 'client-type': 'webapp' };
    const probe = await fetch(
      `${app.base}/api/equipment/${prepared.historyStations[0]}/readings?from=${encodeURIComponent(
        new Date(prepared.historyEnd.getTime() - 365 * DAY_MS).toISOString(),
      )}&to=${encodeURIComponent(prepared.historyEnd.toISOString())}`,
      { headers },
    );
    const series = (await probe.json()) as { points?: unknown[]; bucketed?: boolean };
    log(`a year of one station: ${series.points?.length} points (bucketed: ${series.bucketed})`);
    const { historyStations: stations, historyEnd: end } = prepared;
    const history = [
      await measureHistory(app.base, headers, stations, end, 30, 'GET …/readings, 30 days'),
      await measureHistory(app.base, headers, stations, end, 365, 'GET …/readings, 1 year'),
    ];
    const historySql = [
      await measureHistorySql(stations, end, 30, '   SQL only (repository), 30 days'),
      await measureHistorySql(stations, end, 365, '   SQL only (repository), 1 year'),
    ];
    log(`done; load average ${os.loadavg().map((n) => n.toFixed(2))}`);
    return report([...httpRows, mqttRow], copyRow, history, historySql, prepared);
  } finally {
    await app.stop();
  }
}

let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists "${DB_NAME}" with (force)`).catch((error: unknown) => {
      console.error(`could not drop the database ${DB_NAME}:`, error);
    });
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

log(`creating the database ${DB_NAME}`);
await adminQuery(`drop database if exists "${DB_NAME}" with (force)`);
await adminQuery(`create database "${DB_NAME}"`);
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
