/**
 * End-to-end tests in Debian's Chromium against the real server (built SPA + API on one port, PGlite, demo data).
 * `npm run test:e2e` builds the web app first; the server is started here and stopped at the end.
 * Flakes are fixed, never retried: retries 0. One worker: the machines have 2 cores and the server needs one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { startSmtpSink } from './support/smtp-sink';

/** The E2E server's port (`E2E_PORT`: another run on the same machine takes another one). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The SMTP sink the application delivers to (support/smtp-sink.ts). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

// The config is evaluated in the runner and again in every worker: create the data directory once, in the runner,
// and hand it to the workers through the environment. The runner removes it when it exits (after the server).
if (!process.env.ISOPTERA_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), `isoptera-e2e-${process.pid}-`));
  process.env.ISOPTERA_E2E_DATA_DIR = dataDir;
  if (!process.env.E2E_KEEP_DATA) process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
/** The server's DATA_DIR: PGlite files and uploads. */
const E2E_DATA_DIR = process.env.ISOPTERA_E2E_DATA_DIR;
// A real SMTP server, in the runner only (the workers inherit ISOPTERA_E2E_MAIL_DIR and read what it received).
if (!process.env.ISOPTERA_E2E_MAIL_DIR) {
  const mailDir = join(E2E_DATA_DIR ?? tmpdir(), 'smtp-received');
  process.env.ISOPTERA_E2E_MAIL_DIR = mailDir;
  const sink = startSmtpSink({ port: SMTP_PORT, dir: mailDir });
  process.on('exit', () => sink.close());
}

// The E2E server runs on its own embedded PGlite database; a DATABASE_URL exported for the API suite (.ci/run) must
// not leak into it. E2E_DATABASE_URL runs it on PostgreSQL instead (an empty database: it is migrated and seeded).
const e2eDatabaseUrl = process.env.E2E_DATABASE_URL;
const serverCommand = 'npm run start -w @isoptera/server';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // axe-core is injected as an inline script; the server's CSP (script-src 'self') would block it
    bypassCSP: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: e2eDatabaseUrl ? serverCommand : `env -u DATABASE_URL ${serverCommand}`,
    cwd: REPO_ROOT,
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR ?? '',
      SEED: 'demo',
      NODE_ENV: 'test',
      APP_URL: BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ...(e2eDatabaseUrl ? { DATABASE_URL: e2eDatabaseUrl } : {}),
    },
  },
});
