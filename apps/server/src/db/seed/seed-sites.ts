import type { Db } from '../../platform/db/database.js';
import type { DemoIds } from './seed-demo.js';
import type { SeededClient, SeededSite } from './seed-types.js';

/** Placeholder: replaced by the sites module's seed. */
export async function seedSites(_db: Db, _ids: DemoIds, _clients: SeededClient[], _now: Date): Promise<SeededSite[]> {
  return [];
}
