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

export type Schema = typeof schema;
/** A database or a transaction of either driver. Inside `db.transaction(tx => …)` use only `tx`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../db/migrations');

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
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
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
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
