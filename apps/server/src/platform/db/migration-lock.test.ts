/**
 * Migrations run once (issue 16): two instances migrating an empty PostgreSQL database at the same moment both
 * succeed — one applies every migration, the other waits on the advisory lock and finds nothing left — and each
 * migration is recorded once. PGlite is one embedded instance: the test is PostgreSQL's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminQuery, databaseName, testDbKind, withDatabase } from '../../../test/test-database.js';
import { MIGRATIONS_FOLDER, openPostgres } from './database.js';

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.runIf(testDbKind() === 'postgres')('migrations under an advisory lock', () => {
  it('two instances migrating one empty database together apply each migration once', async () => {
    const url = process.env.DATABASE_URL as string;
    const name = `${databaseName(url)}_mig${process.pid}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${name}"`);
    const a = openPostgres(withDatabase(url, name), 2);
    const b = openPostgres(withDatabase(url, name), 2);
    try {
      await Promise.all([a.migrate(), b.migrate()]);
      const [row] = await a.db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
      expect(row?.n).toBe(journal.entries.length);
      // and a third start later is a no-op
      await b.migrate();
    } finally {
      await a.close();
      await b.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 60_000);
});
