/** What `/readyz` reads from the database (modules/health/health.routes.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';

/** How many migrations the database records as applied; throws when it is unreachable or has none yet. */
export async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  return row?.n ?? 0;
}
