/** Readers and writers of the contract tests (issue 13): the rows the job and the API write, read back. */
import { asc, eq } from 'drizzle-orm';
import { contracts, contractVisits, interventionInterveners, interventions, sites } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';

/** The due days claimed for contract `contractId` with their visit (null once deleted), earliest first. */
export function plannedVisits(db: Db, contractId: string) {
  return db
    .select({ due: contractVisits.dueDate, interventionId: contractVisits.interventionId, visit: interventions })
    .from(contractVisits)
    .leftJoin(interventions, eq(interventions.id, contractVisits.interventionId))
    .where(eq(contractVisits.contractId, contractId))
    .orderBy(asc(contractVisits.dueDate));
}

/** The membership ids of the interveners of visit `interventionId`. */
export async function intervenersOf(db: Db, interventionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: interventionInterveners.membershipId })
    .from(interventionInterveners)
    .where(eq(interventionInterveners.interventionId, interventionId));
  return rows.map((row) => row.id);
}

/** The status and client of site `siteId`. */
export async function siteRow(db: Db, siteId: string) {
  const [row] = await db
    .select({ status: sites.status, clientId: sites.clientId })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row;
}

export async function setSiteStatus(db: Db, siteId: string, status: string): Promise<void> {
  await db.update(sites).set({ status }).where(eq(sites.id, siteId));
}

/** Contract `id` as stored. */
export async function contractRow(db: Db, id: string) {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  return row;
}

/** Deletes visit `id` (as the planning would). */
export async function deleteVisit(db: Db, id: string): Promise<void> {
  await db.delete(interventions).where(eq(interventions.id, id));
}
