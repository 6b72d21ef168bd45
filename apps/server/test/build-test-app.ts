/**
 * `buildTestApp()`: the real application on a fresh database of this project's driver (PGlite or PostgreSQL),
 * for `app.inject` API tests. Call once per file (`beforeAll`) and `close()` in `afterAll`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database, Db } from '../src/platform/db/database.js';
import type { AppModule } from '../src/platform/module.js';
import { createFileStorage } from '../src/platform/storage/create-file-storage.js';
import type { FileStorage } from '../src/platform/storage/file-storage.js';
import { type Mailbox, openMailbox } from './mailbox.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's data directory (uploads, `mail/`). */
  dataDir: string;
  /** The app's file storage (`FILE_STORAGE`, default the database): what was uploaded. */
  storage: FileStorage;
  /** Mail the app delivered (`.eml` files: tests run without `SMTP_URL`). */
  mailbox: Mailbox;
  /**
   * A second instance of the application on the same database (issue 16: what another server process would be),
   * with its own connections on PostgreSQL; close it before `close()`.
   */
  twin(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * `modules` replaces the registered domain modules (default: all of them); `logStream` receives the log lines (set
 * `env.LOG_LEVEL` too: tests log nothing by default).
 */
export async function buildTestApp(
  options: { modules?: AppModule[]; env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(inject('dbTemplate'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'isoptera-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'none',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // with MQTT_URL: a deployment of its own on the shared broker, whose session the broker forgets soon
    MQTT_CLIENT_ID: `isoptera-test-${path.basename(dataDir)}`,
    MQTT_SHARE_GROUP: `test-${path.basename(dataDir)}`,
    MQTT_SESSION_EXPIRY_S: '60',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    modules: options.modules,
    logStream: options.logStream,
    notifications: database.notifications,
    sessionChanges: database.sessionChanges,
  });
  await app.ready();
  const instance = async (db: Database) => {
    const other = await buildApp({
      config,
      db: db.db,
      modules: options.modules,
      notifications: db.notifications,
      sessionChanges: db.sessionChanges,
    });
    await other.ready();
    return other;
  };
  return {
    app,
    db: database.db,
    dataDir,
    storage: createFileStorage(config, database.db),
    mailbox: openMailbox(dataDir),
    async twin() {
      const db = database.twin();
      const other = await instance(db);
      return {
        app: other,
        async close() {
          await other.close();
          await db.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
