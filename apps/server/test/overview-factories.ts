/**
 * Test data of the overview per space (issue 15: fleet health, Home map), written straight to the database: site and
 * equipment figures, last logins, alerts with known openings and closings, visit check-ins.
 */
import { eq, inArray } from 'drizzle-orm';
import { accounts, alerts, equipment, reports, sites } from '../src/db/schema/index.js';
import type { Db } from '../src/platform/db/database.js';
import { newUlid } from '../src/platform/ids.js';

const HOUR_MS = 3_600_000;

/** Sets columns of the site `siteId` (position, status, alert figures). */
export async function setSite(db: Db, siteId: string, values: Partial<typeof sites.$inferInsert>): Promise<void> {
  await db.update(sites).set(values).where(eq(sites.id, siteId));
}

/** Sets columns of the equipment `ids` (battery, firmware, installation). */
export async function setEquipmentRows(
  db: Db,
  ids: string[],
  values: Partial<typeof equipment.$inferInsert>,
): Promise<void> {
  await db.update(equipment).set(values).where(inArray(equipment.id, ids));
}

/** Sets the last login of the accounts `accountIds`. */
export async function setLastLogin(db: Db, accountIds: string[], at: Date): Promise<void> {
  await db.update(accounts).set({ lastLoginAt: at }).where(inArray(accounts.id, accountIds));
}

/** A termite alert of `siteId` opened at `openedAt`; closed `close.after` hours later for `close.reason` when given. */
export async function insertTimedAlert(
  db: Db,
  spaceId: string,
  siteId: string,
  openedAt: Date,
  close?: { after: number; reason: 'acknowledged' | 'cleared' },
): Promise<string> {
  const id = newUlid();
  await db.insert(alerts).values({
    id,
    spaceId,
    siteId,
    equipmentId: null,
    type: 'TYPE_TERMITE_ALERT',
    priority: 20,
    openedAt,
    closedAt: close ? new Date(openedAt.getTime() + close.after * HOUR_MS) : null,
    closeReason: close?.reason ?? null,
    details: {},
  });
  return id;
}

/** A visit report on `siteId` checked in at `at` by the technician API. */
export async function insertCheckIn(db: Db, spaceId: string, siteId: string, at: Date): Promise<void> {
  const [row] = await db.select({ clientId: sites.clientId }).from(sites).where(eq(sites.id, siteId));
  await db.insert(reports).values({
    ...{ id: newUlid(), spaceId, siteId, clientId: row?.clientId as string },
    ...{ type: 'TYPE_CONTROL_VISIT', language: 'fr', visitStartedAt: at, visitEndedAt: at, checkedInAt: at },
  });
}
