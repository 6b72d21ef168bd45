/**
 * The PCOs' business data (issue 2 §5): ≥ 60 clients, ≥ 90 sites across every status, treatment type and species,
 * ≥ 200 interventions of every type over the past and next six weeks — created through the domain services; then the
 * equipment of the sites in operation with 60 days of telemetry, and the alerts it raises (issue 5); then the product
 * catalogues and the reports of the past six weeks' visits, checked against those readings (issue 12); last month's
 * automatic report of one site (issue 15).
 */
import type { Db } from '../../platform/db/database.js';
import { seedAutomaticReports } from './seed-automatic-reports.js';
import { seedClients } from './seed-clients.js';
import type { DemoIds } from './seed-demo.js';
import { seedEquipment } from './seed-equipment.js';
import { seedInterventions } from './seed-interventions.js';
import { seedReports } from './seed-reports.js';
import { seedSites } from './seed-sites.js';

export async function seedBusiness(db: Db, ids: DemoIds, now: Date): Promise<void> {
  const clients = await seedClients(db, ids, now);
  const sites = await seedSites(db, ids, clients, now);
  await seedInterventions(db, ids, sites, now);
  await seedEquipment(db, sites, now);
  await seedReports(db, ids, now);
  await seedAutomaticReports(db, ids, now);
}
