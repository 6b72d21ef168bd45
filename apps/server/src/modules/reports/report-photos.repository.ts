/**
 * Storage of report photos (issue 12): WebP bytes in `report_photos.file`, read only where the bytes are needed
 * (serving one photo, drawing the PDF). Callers have checked that the report is of the actor's space; reads by id
 * still join the report to its space.
 */
import { and, asc, eq } from 'drizzle-orm';
import { reportPhotos, reportStationChecks, reports } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** A photo without its bytes, with the station its check names (null: a photo of the whole visit). */
const photoColumns = {
  id: reportPhotos.id,
  kind: reportPhotos.kind,
  takenAt: reportPhotos.takenAt,
  clientId: reportPhotos.clientId,
  stationCheckId: reportPhotos.stationCheckId,
  equipmentId: reportStationChecks.equipmentId,
  stationReference: reportStationChecks.reference,
  createdAt: reportPhotos.createdAt,
};

/** A photo to store: WebP bytes, the check it illustrates (or null), when it was taken, the client's id. */
export interface NewPhoto {
  id: string;
  reportId: string;
  stationCheckId: string | null;
  kind: string;
  file: Buffer;
  takenAt: Date | null;
  clientId: string | null;
}

/** The photo queries on `db` (the database or a transaction). */
export function createReportPhotosQueries(db: Db) {
  const withCheck = () =>
    db
      .select(photoColumns)
      .from(reportPhotos)
      .leftJoin(reportStationChecks, eq(reportStationChecks.id, reportPhotos.stationCheckId));

  return {
    /** The photos of report `reportId`, oldest first, without their bytes. */
    listOf(reportId: string) {
      return withCheck()
        .where(eq(reportPhotos.reportId, reportId))
        .orderBy(asc(reportPhotos.createdAt), asc(reportPhotos.id));
    },

    /** The photo of report `reportId` the client named `clientId`, without its bytes, or undefined. */
    async findByClientId(reportId: string, clientId: string) {
      const [row] = await withCheck()
        .where(and(eq(reportPhotos.reportId, reportId), eq(reportPhotos.clientId, clientId)))
        .limit(1);
      return row;
    },

    /** The photo `id` of report `reportId`, without its bytes, or undefined. */
    async find(reportId: string, id: string) {
      const [row] = await withCheck()
        .where(and(eq(reportPhotos.reportId, reportId), eq(reportPhotos.id, id)))
        .limit(1);
      return row;
    },

    /** The check of station `equipmentId` in report `reportId`, or undefined. */
    async checkOf(reportId: string, equipmentId: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: reportStationChecks.id })
        .from(reportStationChecks)
        .where(and(eq(reportStationChecks.reportId, reportId), eq(reportStationChecks.equipmentId, equipmentId)))
        .limit(1);
      return row;
    },

    /** Stores a photo; false (nothing stored) when the report already holds one with the same client id. */
    async insert(photo: NewPhoto): Promise<boolean> {
      const rows = await db
        .insert(reportPhotos)
        .values(photo)
        .onConflictDoNothing({ target: [reportPhotos.reportId, reportPhotos.clientId] })
        .returning({ id: reportPhotos.id });
      return rows.length > 0;
    },

    /** The WebP bytes of photo `id` of report `reportId` of the space, or undefined. */
    async file(spaceId: string, reportId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ file: reportPhotos.file })
        .from(reportPhotos)
        .innerJoin(reports, eq(reports.id, reportPhotos.reportId))
        .where(and(eq(reports.spaceId, spaceId), eq(reports.id, reportId), eq(reportPhotos.id, id)))
        .limit(1);
      return row?.file;
    },

    /** Every photo of report `reportId` with its bytes and its station's reference, oldest first (the PDF). */
    filesOf(reportId: string) {
      return db
        .select({ ...photoColumns, file: reportPhotos.file })
        .from(reportPhotos)
        .leftJoin(reportStationChecks, eq(reportStationChecks.id, reportPhotos.stationCheckId))
        .where(eq(reportPhotos.reportId, reportId))
        .orderBy(asc(reportPhotos.createdAt), asc(reportPhotos.id));
    },

    /** Deletes photo `id` of report `reportId`; false when there is no such photo. */
    async remove(reportId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(reportPhotos)
        .where(and(eq(reportPhotos.reportId, reportId), eq(reportPhotos.id, id)))
        .returning({ id: reportPhotos.id });
      return rows.length > 0;
    },
  };
}
export type ReportPhotosQueries = ReturnType<typeof createReportPhotosQueries>;
