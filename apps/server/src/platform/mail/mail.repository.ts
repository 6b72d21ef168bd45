/**
 * What the mail platform reads from the database: the name and logo of the space a mail belongs to, and the files
 * its attachments name.
 */
import { and, eq } from 'drizzle-orm';
import { reports, spaces } from '../../db/schema/index.js';
import type { Db } from '../db/database.js';

/** The name and logo (URL as stored, possibly relative) of space `spaceId`, or undefined when it does not exist. */
export async function findMailSpace(
  db: Db,
  spaceId: string,
): Promise<{ name: string; logo: string | null } | undefined> {
  const [row] = await db
    .select({ name: spaces.name, logo: spaces.logo })
    .from(spaces)
    .where(eq(spaces.id, spaceId))
    .limit(1);
  return row;
}

/** The frozen PDF of report `reportId` of space `spaceId`, or undefined when there is none (not sent, or gone). */
export async function findReportPdf(db: Db, spaceId: string, reportId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ pdf: reports.pdf })
    .from(reports)
    .where(and(eq(reports.spaceId, spaceId), eq(reports.id, reportId)))
    .limit(1);
  return row?.pdf ?? undefined;
}
