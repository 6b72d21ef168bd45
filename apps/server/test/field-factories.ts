/** Reads of the technician API's tests (issue 12; docs/decisions/011): what the database holds behind the API. */
import { eq } from 'drizzle-orm';
import { equipment, fieldIdempotencyKeys, interventions, products, reports, sites } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';

/** The reports of intervention `interventionId` (any status), with their status. */
export function reportsOfIntervention(db: Db, interventionId: string) {
  return db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(eq(reports.interventionId, interventionId));
}

/** Whether equipment `id` still exists. */
export async function equipmentExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, id))).length > 0;
}

/** The status of site `siteId`. */
/** Whether report `id` exists, whatever its status. */
export async function reportExists(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id))).length > 0;
}

export async function siteStatusOf(db: Db, siteId: string): Promise<string | undefined> {
  const [row] = await db.select({ status: sites.status }).from(sites).where(eq(sites.id, siteId));
  return row?.status;
}

/** Moves the last change of every intervention, site and product of `spaceId` an hour back (changes-feed tests). */
export async function backdateSpace(db: Db, spaceId: string): Promise<void> {
  const past = new Date(Date.now() - 3_600_000);
  await db.update(interventions).set({ updatedAt: past }).where(eq(interventions.spaceId, spaceId));
  await db.update(sites).set({ updatedAt: past }).where(eq(sites.spaceId, spaceId));
  await db.update(products).set({ updatedAt: past }).where(eq(products.spaceId, spaceId));
}

/** Moves every stored idempotent answer `hours` back (expiry tests). */
export async function ageIdempotencyKeys(db: Db, hours: number): Promise<void> {
  await db.update(fieldIdempotencyKeys).set({ createdAt: new Date(Date.now() - hours * 3_600_000) });
}
