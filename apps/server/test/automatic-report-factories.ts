/**
 * Factories of the automatic reports' tests (issue 15; docs/decisions/018): a PCO with a schedule, a site with
 * readings, alerts and a visit checked in, written straight to the database.
 */
import type { AutomaticReportSettings } from '@isoptera/contracts';
import { DEFAULT_AUTOMATIC_REPORT_SETTINGS } from '@isoptera/contracts';
import { and, eq } from 'drizzle-orm';
import { accounts, alerts, equipment, reports, sites } from '../src/db/schema/index.js';
import { createAutomaticReportsRepository } from '../src/modules/automatic-reports/automatic-reports.repository.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';
import { insertClientWithContact, insertSiteWithStations } from './report-factories.js';

/** Saves the PCO's schedule of `spaceId` (the defaults, with `settings` over them). */
export async function setSchedule(db: Db, spaceId: string, settings: Partial<AutomaticReportSettings>): Promise<void> {
  await createAutomaticReportsRepository(db).writePcoSettings(spaceId, {
    ...DEFAULT_AUTOMATIC_REPORT_SETTINGS,
    ...settings,
  });
}

/** Sets the owner's time zone and language of `spaceId` (the space's). */
export async function setOwnerPreferences(db: Db, ownerAccountId: string, timezone: string, lang: string) {
  await db.update(accounts).set({ timezone, lang }).where(eq(accounts.id, ownerAccountId));
}

/** A client with its primary contact and a site with a gateway and `stationCount` stations. */
export async function insertMonitoredSite(
  db: Db,
  spaceId: string,
  options: { stationCount?: number; contactEmail?: string; siteName?: string } = {},
) {
  const clientId = await insertClientWithContact(
    db,
    spaceId,
    `Client ${newUlid().slice(-6)}`,
    options.contactEmail ?? 'claire@customer.example',
  );
  const site = await insertSiteWithStations(db, spaceId, {
    clientId,
    stationCount: options.stationCount ?? 3,
    siteName: options.siteName ?? 'Entrepôt Nord',
  });
  return { clientId, ...site };
}

/** Sets a piece of equipment's battery level and last uplink. */
export async function setDevice(
  db: Db,
  id: string,
  values: { batteryLevel?: string; batteryPercent?: number | null; lastUpdateAt?: Date | null; signalLevel?: number },
) {
  await db.update(equipment).set(values).where(eq(equipment.id, id));
}

/** An alert opened (and closed) at the given times, straight into the table. */
export async function insertAlert(
  db: Db,
  spaceId: string,
  siteId: string,
  values: {
    equipmentId: string | null;
    type: string;
    openedAt: Date;
    closedAt?: Date;
    closeReason?: 'cleared' | 'acknowledged';
  },
): Promise<string> {
  const id = newUlid();
  await db.insert(alerts).values({
    id,
    spaceId,
    siteId,
    equipmentId: values.equipmentId,
    type: values.type,
    priority: 20,
    openedAt: values.openedAt,
    closedAt: values.closedAt ?? null,
    closeReason: values.closeReason ?? null,
  });
  return id;
}

/** A control visit's report on `siteId`, checked in at `checkedInAt` through the technician API. */
export async function insertCheckedInVisit(
  db: Db,
  spaceId: string,
  siteId: string,
  checkedInAt: Date,
  technicianName = 'Hugo Martin',
): Promise<string> {
  const [site] = await db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
  const id = newUlid();
  await db.insert(reports).values({
    id,
    spaceId,
    siteId,
    clientId: site?.clientId as string,
    type: 'TYPE_CONTROL_VISIT',
    status: 'to_process',
    visitStartedAt: checkedInAt,
    visitEndedAt: new Date(checkedInAt.getTime() + 3_600_000),
    checkedInAt,
    technicianName,
    language: 'fr',
  });
  return id;
}

/** The automatic reports of `siteId`, oldest period first. */
export function automaticReportsOf(db: Db, siteId: string) {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.siteId, siteId), eq(reports.type, 'TYPE_AUTOMATIC_REPORT')))
    .orderBy(reports.periodStart);
}
