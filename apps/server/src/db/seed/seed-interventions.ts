import type { Db } from '../../platform/db/database.js';
import type { DemoIds } from './seed-demo.js';
import type { SeededSite } from './seed-types.js';

/** Placeholder: replaced by the interventions module's seed. */
export async function seedInterventions(_db: Db, _ids: DemoIds, _sites: SeededSite[], _now: Date): Promise<void> {}
