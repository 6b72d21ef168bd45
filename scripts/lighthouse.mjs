#!/usr/bin/env node
/**
 * Lighthouse audit of the web app (issue 11, docs/benchmarks.md "Web app"): mobile performance and accessibility of
 * /login, /home, /sites and /planning, against the production build served by `npm start` with `NODE_ENV=production`
 * on a throw-away PostgreSQL database with the demo data, signed in as the demo PCO owner. Targets: performance ≥ 90,
 * accessibility 100.
 *
 * `npm run bench:lighthouse` runs it: it creates the database `<DATABASE_URL's database>_lighthouse` (production
 * needs `DATABASE_URL`, issue 16), starts `npm start` (builds the SPA, then the server) on a free port with a
 * throw-away `DATA_DIR`, starts Chromium with its DevTools port, signs in through `POST /security/token/request`
 * and passes the session cookies to Lighthouse as a `Cookie` header (Lighthouse resets the browser's storage between
 * runs), then runs Lighthouse's default mobile configuration (Moto G Power screen, simulated slow 4G and 4× CPU
 * slowdown) `LIGHTHOUSE_RUNS` times per route and keeps the run of median performance. It prints a table, writes each
 * kept run's HTML report, JSON and final screenshot to `LIGHTHOUSE_OUT`, and exits 1 when a target is missed.
 *
 * | Variable           | Default                         | Meaning                                                   |
 * | ------------------ | ------------------------------- | --------------------------------------------------------- |
 * | `LIGHTHOUSE_URL`   | (none: starts `npm start`)      | audit an application already running there instead        |
 * | `DATABASE_URL`     | (none: required to start one)   | a PostgreSQL server where this user may create databases  |
 * | `LIGHTHOUSE_RUNS`  | `3`                             | runs per route; the median (by performance) is kept       |
 * | `LIGHTHOUSE_OUT`   | `lighthouse-results/` (ignored) | where reports and screenshots go                          |
 * | `CHROME_PATH`      | `/usr/bin/chromium`             | the browser (Debian's Chromium)                           |
 * | `LIGHTHOUSE_ROUTES`| `/login,/home,/sites,/planning` | the routes audited                                        |
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const OUT = path.resolve(process.env.LIGHTHOUSE_OUT ?? path.join(ROOT, 'lighthouse-results'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROUTES = (process.env.LIGHTHOUSE_ROUTES ?? '/login,/home,/sites,/planning').split(',');
/** The demo PCO owner (seed): no two-factor step in a PCO space. */
const ACCOUNT = { email: 'owner@demo.example', password: 'Termite-Demo-2026!' };
const TARGETS = { performance: 90, accessibility: 100 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port free on 127.0.0.1 right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 2xx, or throws after `seconds`. */
async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`lighthouse: ${url} did not answer within ${seconds} s`);
    await sleep(500);
  }
}

/**
 * Spawns a process in its own group, so that `stop()` ends it and its children (npm → tsx → node); `stop()`
 * resolves once it exited (at most 10 s).
 */
function start(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}

/**
 * Signs in as the demo owner; returns the `Cookie` header of the session (access and refresh tokens). A dropped
 * connection (a busy machine) is tried again, twice.
 */
async function signIn(base, attempt = 1) {
  let response;
  try {
    response = await fetch(`${base}/security/token/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'client-type': 'webapp' },
      body: JSON.stringify({ ...ACCOUNT, _remember_me: false }),
    });
  } catch (error) {
    if (attempt >= 3) throw error;
    await sleep(2000);
    return signIn(base, attempt + 1);
  }
  if (!response.ok) throw new Error(`lighthouse: sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr, audit) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The audits of `category` that did not pass, with their title and (for performance) their estimated savings. */
function failing(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/**
 * One Lighthouse run of `url` on the browser at `debuggingPort` (mobile defaults), with the session `cookie` if any;
 * a run that failed to record (Lighthouse's `runtimeError`, e.g. NO_NAVSTART on a busy machine) is tried again, twice.
 */
async function audit(url, cookie, attempt = 1) {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  if (!result.lhr.runtimeError) return result;
  if (attempt >= 3) throw new Error(`lighthouse: ${url}: ${result.lhr.runtimeError.message}`);
  console.log(`  ${url}: ${result.lhr.runtimeError.code}, trying again`);
  return audit(url, cookie, attempt + 1);
}

/** What to end and remove on the way out, last started first. */
const children = [];
/** The DevTools port of the Chromium started below. */
let debuggingPort = 0;
const temporary = [];
/** The throw-away database, dropped on the way out (`[maintenance URL, name]`). */
let database;
async function cleanUp() {
  for (const child of children.reverse()) await child.stop();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  if (database) postgresCommand('dropdb', ['--if-exists', '--force', database[1]], database[0]);
}

/** Runs PostgreSQL's `createdb` / `dropdb` on the server of `url`; throws with its message when it fails. */
function postgresCommand(command, args, url) {
  const result = spawnSync(command, ['--maintenance-db', url, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`lighthouse: ${command} failed: ${result.stderr || result.error}`);
}
process.once('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});

try {
  let base = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  if (!base) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'isoptera-lighthouse-'));
    temporary.push(dataDir);
    base = `http://127.0.0.1:${port}`;
    // production runs on PostgreSQL only (issue 16): a fresh database of the demo data
    if (!process.env.DATABASE_URL) throw new Error('lighthouse: set DATABASE_URL (or LIGHTHOUSE_URL)');
    const databaseUrl = new URL(process.env.DATABASE_URL);
    const name = `${databaseUrl.pathname.slice(1)}_lighthouse`;
    postgresCommand('dropdb', ['--if-exists', '--force', name], databaseUrl.href);
    postgresCommand('createdb', [name], databaseUrl.href);
    database = [databaseUrl.href, name];
    databaseUrl.pathname = `/${name}`;
    console.log(`lighthouse: npm start on ${base} (DATA_DIR ${dataDir})`);
    const server = start('npm', ['start'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATABASE_URL: databaseUrl.href,
        DATA_DIR: dataDir,
        SEED: 'demo',
        JWT_SECRET: `lighthouse-${crypto.randomUUID()}-${crypto.randomUUID()}`,
        LOG_LEVEL: 'warn',
      },
    });
    children.push(server);
    await waitFor(`${base}/healthz`, 300);
  }

  debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'isoptera-chromium-'));
  temporary.push(profile);
  const chrome = start(
    CHROME,
    [...CHROME_FLAGS, `--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  children.push(chrome);
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, 60);

  mkdirSync(OUT, { recursive: true });
  const rows = [];
  let missed = false;
  for (const route of ROUTES) {
    const cookie = route === '/login' ? undefined : await signIn(base);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await audit(`${base}${route}`, cookie);
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== route) {
        throw new Error(`lighthouse: ${route} ended on ${result.lhr.finalDisplayedUrl} (not signed in?)`);
      }
      runs.push(result);
      console.log(
        `  ${route} run ${run + 1}: performance ${score(result.lhr, 'performance')}, accessibility ${score(result.lhr, 'accessibility')} (benchmark index ${Math.round(result.lhr.environment.benchmarkIndex)})`,
      );
    }
    runs.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const kept = /** @type {NonNullable<(typeof runs)[number]>} */ (runs[Math.floor(runs.length / 2)]);
    const { lhr } = kept;
    const name = route.replace(/\W+/g, '') || 'root';
    writeFileSync(path.join(OUT, `${name}.html`), /** @type {string} */ (kept.report));
    writeFileSync(path.join(OUT, `${name}.json`), JSON.stringify(lhr));
    const screenshot = lhr.audits['final-screenshot']?.details?.data;
    if (typeof screenshot === 'string') {
      writeFileSync(path.join(OUT, `${name}.jpg`), Buffer.from(screenshot.replace(/^data:[^,]+,/, ''), 'base64'));
    }
    const performance = score(lhr, 'performance');
    const accessibility = score(lhr, 'accessibility');
    const ok = performance >= TARGETS.performance && accessibility >= TARGETS.accessibility;
    missed ||= !ok;
    rows.push({
      route,
      performance,
      range: `${score(runs[0].lhr, 'performance')}–${score(runs.at(-1).lhr, 'performance')}`,
      accessibility,
      fcp: ms(lhr, 'first-contentful-paint'),
      lcp: ms(lhr, 'largest-contentful-paint'),
      tbt: ms(lhr, 'total-blocking-time'),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      ok,
      notes: [...failing(lhr, 'performance'), ...failing(lhr, 'accessibility')],
    });
  }

  console.log(
    `\nLighthouse ${RUNS} run(s) per route, mobile, median by performance (targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}):`,
  );
  console.log('| route | performance (range) | accessibility | FCP s | LCP s | TBT ms | CLS | target |');
  console.log('| ----- | ------------------: | ------------: | ----: | ----: | -----: | --: | ------ |');
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${r.performance} (${r.range}) | ${r.accessibility} | ${(r.fcp / 1000).toFixed(1)} | ${(r.lcp / 1000).toFixed(1)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.ok ? 'met' : 'missed'} |`,
    );
  }
  for (const r of rows) if (r.notes.length) console.log(`  ${r.route} below 0.9: ${r.notes.join(', ')}`);
  console.log(`Reports and final screenshots: ${OUT}`);
  if (missed) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 2;
} finally {
  await cleanUp();
}
