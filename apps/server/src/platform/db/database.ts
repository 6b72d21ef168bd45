/**
 * The database layer (ARCHITECTURE §2): PGlite in `DATA_DIR/db` by default, PostgreSQL through a `pg` pool when
 * `DATABASE_URL` is set. Both give a Drizzle database typed by the one schema.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.js';
import { type NotificationChannel, pgliteChannel, postgresChannel } from './notification-channel.js';

export type Schema = typeof schema;
/** A database or a transaction of either driver. Inside `db.transaction(tx => …)` use only `tx`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../db/migrations');

/** The `LISTEN/NOTIFY` channel of the live events (platform/events/event-bus.ts). */
export const EVENTS_CHANNEL = 'isoptera_events';

/**
 * The `LISTEN/NOTIFY` channel of session changes (platform/auth/session-guard.ts, ADR 026): database triggers notify
 * `s:<session or field device id>` when a session or a field device is revoked, deleted or changes its substitution,
 * and `m:<membership id>` when a membership's status changes or it is deleted.
 */
export const SESSIONS_CHANNEL = 'isoptera_sessions';

/** The advisory lock held while migrating (issue 16: "Migrations run once"). */
export const MIGRATION_LOCK = 'isoptera:migrate';

/** The advisory lock held while seeding the demo (two instances starting together seed it once). */
export const SEED_LOCK = 'isoptera:seed';

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Applies the committed drizzle-kit migrations, once: under the advisory lock {@link MIGRATION_LOCK}, so an instance
   * that starts while another migrates waits for it, then finds nothing left to apply.
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the session-level advisory lock named `name` (PostgreSQL: on a connection of its own,
   * `pg_advisory_lock(hashtextextended(name, 0))`; other instances calling it with the same name wait). PGlite is one
   * embedded instance: `work` simply runs. Not re-entrant across calls on PostgreSQL (a second call waits).
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The live events' channel ({@link EVENTS_CHANNEL}) on this database. */
  notifications: NotificationChannel;
  /** The session changes' channel ({@link SESSIONS_CHANNEL}) on this database. */
  sessionChanges: NotificationChannel;
  close(): Promise<void>;
}

/**
 * The contrib extensions the migrations create (`unaccent`, `pg_trgm`: the name search of clients and sites). On
 * PostgreSQL they come with the server; PGlite loads each one's bundle when it starts.
 */
const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

/** Opens PGlite on `dataDir` (a folder), or in memory when `dataDir` is undefined; `loadDataDir` restores a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    withLock: (_name, work) => work(),
    notifications: pgliteChannel(client, EVENTS_CHANNEL),
    sessionChanges: pgliteChannel(client, SESSIONS_CHANNEL),
    close: () => client.close(),
  };
}

/** The Drizzle database over an open `pg` pool (what {@link openPostgres} uses; the benchmark passes its own pool). */
export function drizzleOnPool(pool: pg.Pool) {
  return drizzlePg(pool, { schema, casing: 'snake_case' });
}

/** Opens a `pg` pool on `url`. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client whose backend ends (server restart, `pg_terminate_backend`) is dropped by the pool; without a
  // listener its error would crash the process (node-postgres docs, "Pool: error event").
  pool.on('error', (error) => {
    process.emitWarning(`idle PostgreSQL client ended: ${error.message}`);
  });
  const db = drizzleOnPool(pool);
  const withLock = <T>(name: string, work: () => Promise<T>) => withAdvisoryLock(pool, name, work);
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => withLock(MIGRATION_LOCK, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    withLock,
    notifications: postgresChannel(pool, url, EVENTS_CHANNEL),
    sessionChanges: postgresChannel(pool, url, SESSIONS_CHANNEL),
    close: () => pool.end(),
  };
}

/**
 * Runs `work` while a connection of `pool` holds the advisory lock of `name` (a 64-bit hash of the text). The lock
 * is released (and the connection returned) whatever `work` does; if the connection dies the server releases it.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    client.release();
  }
}

/** Opens the database the configuration names: PostgreSQL with `databaseUrl`, else PGlite in `dataDir/db`. */
export function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  return openPglite({ dataDir: path.join(config.dataDir, 'db') });
}

/** Runs `select 1`: throws when the database is unreachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
