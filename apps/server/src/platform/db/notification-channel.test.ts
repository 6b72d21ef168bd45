/**
 * The PostgreSQL channel's listening connection (ADR 022, ADR 026): when it is killed the listener is told
 * (`onConnection(false)`), it reconnects by itself, is told again (`onConnection(true)`), and hears what is notified
 * from then on. PostgreSQL only (PGlite is one embedded instance whose connection cannot end).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase, testDbKind, withDatabase } from '../../../test/test-database.js';
import { postgresChannel } from './notification-channel.js';

describe.runIf(testDbKind() === 'postgres')('postgresChannel', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let pool: pg.Pool;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    // the per-file database: the one the test database's pool is connected to
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    url = withDatabase(process.env.DATABASE_URL as string, result.rows[0]?.name ?? '');
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  it('tells its listener when the connection is lost and back, and hears again afterwards', async () => {
    const channel = postgresChannel(pool, url, 'isoptera_channel_test', { retryMs: 50, onError: () => {} });
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await channel.listen(
      (payload) => heard.push(payload),
      (on) => states.push(on),
    );
    try {
      await channel.notify('before');
      await vi.waitFor(() => expect(heard).toEqual(['before']));
      await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN "isoptera_channel_test"'`,
      );
      await vi.waitFor(() => expect(states).toEqual([false, true]), { timeout: 5_000 });
      await channel.notify('after');
      await vi.waitFor(() => expect(heard).toEqual(['before', 'after']));
    } finally {
      await stop();
    }
  });
});
