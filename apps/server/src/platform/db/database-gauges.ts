/**
 * Gauges read from the database at each `/metrics` scrape (platform/http/operations.ts): the `pg` pool's
 * connections (PostgreSQL only) and the pg-boss job queues' depth per state. A failing read leaves its gauge empty
 * for that scrape (a scrape never fails because of it).
 */
import { sql } from 'drizzle-orm';
import type { Operations } from '../http/operations.js';
import type { Db } from './database.js';

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export function registerDatabaseGauges(operations: Operations, db: Db): void {
  const pool = (db as unknown as { $client: Partial<PoolCounts> }).$client;
  if (typeof pool.totalCount === 'number') {
    operations.addGauge(
      'isoptera_db_pool_connections',
      'Connections of the PostgreSQL pool, by state (total, idle, waiting requests)',
      ['state'],
      (set) => {
        set({ state: 'total' }, pool.totalCount ?? 0);
        set({ state: 'idle' }, pool.idleCount ?? 0);
        set({ state: 'waiting' }, pool.waitingCount ?? 0);
      },
    );
  }
  operations.addGauge(
    'isoptera_job_queue_jobs',
    'Jobs in the pg-boss queues, by queue and state',
    ['queue', 'state'],
    async (set) => {
      try {
        const rows = await db
          .select({ queue: sql<string>`name`, state: sql<string>`state::text`, n: sql<number>`count(*)::int` })
          .from(sql`pgboss.job`)
          .groupBy(sql`1, 2`);
        for (const row of rows) set({ queue: row.queue, state: row.state }, row.n);
      } catch {
        // no pg-boss schema yet
      }
    },
  );
}
