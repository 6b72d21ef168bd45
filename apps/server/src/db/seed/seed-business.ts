/** The PCOs' business data (clients, sites, interventions), created through the domain services. */
import type { Db } from '../../platform/db/database.js';
import type { DemoIds } from './seed-demo.js';

export async function seedBusiness(_db: Db, _ids: DemoIds, _now: Date): Promise<void> {
  // Filled in by the clients, sites and interventions modules' seeds.
}
