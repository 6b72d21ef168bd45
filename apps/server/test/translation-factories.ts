/** Database helpers of the translation tool's tests (issue 14): what the API cannot do by design. */
import { eq } from 'drizzle-orm';
import { translationOverrides } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';

/**
 * Gives the overrides of `key` the hash of another bundled text, as if the bundle had changed since they were written
 * (an upgrade): they read as stale.
 */
export async function markOverridesStale(db: Db, key: string): Promise<void> {
  await db
    .update(translationOverrides)
    .set({ baseHash: 'f'.repeat(64) })
    .where(eq(translationOverrides.key, key));
}
