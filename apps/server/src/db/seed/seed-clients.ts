import type { Db } from '../../platform/db/database.js';
import type { DemoIds } from './seed-demo.js';
import type { SeededClient } from './seed-types.js';

/** Placeholder: replaced by the clients module's seed. */
export async function seedClients(_db: Db, _ids: DemoIds, _now: Date): Promise<SeededClient[]> {
  return [];
}
