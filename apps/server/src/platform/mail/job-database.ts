/**
 * pg-boss on the application's own database (ARCHITECTURE §2 "Background jobs: pg-boss, works on both drivers"):
 * pg-boss runs its SQL through the `db: { executeSql }` adapter built here over the client behind the Drizzle
 * database, so jobs live in the same database (schema `pgboss`) whichever the driver:
 * - PGlite: statements with parameters go through `query` (one statement, extended protocol); pg-boss's
 *   parameterless scripts (schema creation, `BEGIN; …; COMMIT` maintenance under an advisory lock) through `exec`,
 *   the only PGlite call that runs several statements;
 * - PostgreSQL: the application's `pg` pool (`pool.query` runs both kinds, as pg-boss's own pool would), except
 *   `create_queue`: two instances creating different queues at once deadlock on `pgboss.queue` (each new queue's
 *   partition adds a foreign key to it), so a queue is created in a transaction holding an advisory lock.
 * On PGlite (one connection) never call pg-boss inside `db.transaction(…)`: it would wait for that transaction.
 */
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.js';

interface SqlResult {
  rows: unknown[];
  fields?: unknown[];
}

/** The part of a PGlite instance the adapter uses. */
interface PgliteClient {
  exec(sql: string): Promise<SqlResult[]>;
  query(sql: string, params?: unknown[]): Promise<SqlResult>;
}

/** The part of a `pg` pool the adapter uses. */
interface PoolClient {
  query(sql: string, params?: unknown[]): Promise<SqlResult>;
  connect(): Promise<{ query(sql: string, params?: unknown[]): Promise<SqlResult>; release(): void }>;
}

/** pg-boss's statement that creates a queue (`SELECT <schema>.create_queue($1, $2)`). */
const CREATE_QUEUE = /^\s*SELECT\s+\S+\.create_queue\(/i;

function isPglite(client: unknown): client is PgliteClient {
  return typeof (client as PgliteClient | null)?.exec === 'function';
}

/** The `executeSql` adapter of pg-boss over the PGlite instance or `pg` pool behind `db`. */
export function jobDatabase(db: Db): PgBoss.Db {
  const client = (db as unknown as { $client: PgliteClient | PoolClient }).$client;
  if (isPglite(client)) {
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values?.length) return (await client.query(text, values)) as { rows: unknown[] };
        const results = await client.exec(text);
        // a script answers one result per statement: pg-boss reads the rows of the one that returns rows
        const withRows = results.filter((r) => (r.fields?.length ?? 0) > 0);
        return (withRows.at(-1) ?? results.at(-1) ?? { rows: [] }) as { rows: unknown[] };
      },
    };
  }
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!CREATE_QUEUE.test(text)) {
        return (await client.query(text, values?.length ? values : undefined)) as { rows: unknown[] };
      }
      const connection = await client.connect();
      try {
        await connection.query('begin');
        await connection.query("select pg_advisory_xact_lock(hashtextextended('isoptera:pgboss.create_queue', 0))");
        const result = await connection.query(text, values);
        await connection.query('commit');
        return result as { rows: unknown[] };
      } catch (error) {
        await connection.query('rollback').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * A pg-boss instance on `db` (not started). Cron scheduling is off (nothing here is scheduled); maintenance
 * (expiring stuck active jobs, archiving) stays on. `options` may add or override pg-boss settings.
 */
export function createJobBoss(db: Db, options: Omit<PgBoss.ConstructorOptions, 'db'> = {}): PgBoss {
  return new PgBoss({ schedule: false, supervise: true, migrate: true, ...options, db: jobDatabase(db) });
}

/**
 * Creates (or migrates) the pg-boss schema and the `queues` on `db`, then stops: what the app does at start-up,
 * done once in advance (the migrated test template), so that starting an app on a copy costs one check.
 */
export async function installJobQueues(db: Db, queues: string[]): Promise<void> {
  const boss = createJobBoss(db, { supervise: false });
  boss.on('error', () => {});
  await boss.start();
  for (const queue of queues) await boss.createQueue(queue);
  await boss.stop({ graceful: false, close: false });
}
