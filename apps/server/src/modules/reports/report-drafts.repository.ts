/**
 * Storage of a visit under way through the technician API (docs/decisions/011-technician-api.md): its report in
 * status `in_progress` — created at the first write, holding check-in/out, station checks, product uses and photos
 * in the report tables — until its completion moves it to process. Every query is scoped to the space id it is given
 * (children through their report).
 */
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { type FieldPositionValue, reportProductUses, reportStationChecks, reports } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { CheckValues, ProductUseValues } from './reports.repository.js';

/** The status of a report still under way in the field: no web list, count or read shows it. */
export const IN_PROGRESS = 'in_progress';

/** The visit state of one intervention as the field API shows it. */
export interface DraftState {
  reportId: string;
  interventionId: string;
  status: string;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
}

const stateColumns = {
  reportId: reports.id,
  interventionId: sql<string>`${reports.interventionId}`,
  status: reports.status,
  checkedInAt: reports.checkedInAt,
  checkedOutAt: reports.checkedOutAt,
};

/** The drafts' queries on `db` (the database or a transaction). */
export function createReportDraftsRepository(db: Db) {
  return {
    /** The report of each of `interventionIds` of the space (any status), with its check-in and check-out. */
    async statesOf(spaceId: string, interventionIds: string[]): Promise<DraftState[]> {
      if (!interventionIds.length) return [];
      return db
        .select(stateColumns)
        .from(reports)
        .where(and(eq(reports.spaceId, spaceId), inArray(reports.interventionId, interventionIds)));
    },

    /** Updates check-in or check-out of the in-progress report `reportId`; false when it is no longer in progress. */
    async setCheck(
      spaceId: string,
      reportId: string,
      which: 'in' | 'out',
      at: Date,
      position: FieldPositionValue | null,
    ): Promise<boolean> {
      const values =
        which === 'in'
          ? { checkedInAt: at, checkInPosition: position, visitStartedAt: at }
          : { checkedOutAt: at, checkOutPosition: position, visitEndedAt: at };
      const rows = await db
        .update(reports)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(reports.spaceId, spaceId), eq(reports.id, reportId), eq(reports.status, IN_PROGRESS)))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** Inserts or replaces the check of station `check.equipmentId` on report `reportId` (keyed by station). */
    async upsertCheck(reportId: string, check: CheckValues & { equipmentId: string }) {
      const { id, ...values } = check;
      const [row] = await db
        .insert(reportStationChecks)
        .values({ ...check, id, reportId })
        .onConflictDoUpdate({ target: [reportStationChecks.reportId, reportStationChecks.equipmentId], set: values })
        .returning();
      return row;
    },

    /** Inserts or replaces the product use of client id `clientId` on report `reportId` (appended when new). */
    async upsertProductUse(reportId: string, clientId: string, use: ProductUseValues & { id: string }) {
      const [next] = await db
        .select({ position: sql<number>`coalesce(max(${reportProductUses.position}) + 1, 0)::int` })
        .from(reportProductUses)
        .where(eq(reportProductUses.reportId, reportId));
      const { id, ...values } = use;
      const [row] = await db
        .insert(reportProductUses)
        .values({ ...use, id, reportId, clientId, position: next?.position ?? 0 })
        .onConflictDoUpdate({ target: [reportProductUses.reportId, reportProductUses.clientId], set: values })
        .returning();
      return row;
    },

    /**
     * Moves the in-progress report `reportId` to process with the completion's fields; false when it was no longer
     * in progress (a concurrent completion).
     */
    async complete(spaceId: string, reportId: string, fields: Partial<typeof reports.$inferInsert>): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ ...fields, status: 'to_process', updatedAt: new Date() })
        .where(and(eq(reports.spaceId, spaceId), eq(reports.id, reportId), eq(reports.status, IN_PROGRESS)))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** The results of the checks of report `reportId`. */
    async checkResults(reportId: string): Promise<{ result: string }[]> {
      return db
        .select({ result: reportStationChecks.result })
        .from(reportStationChecks)
        .where(eq(reportStationChecks.reportId, reportId));
    },

    /**
     * The latest check of each of `equipmentIds` of the space, from completed reports (not in progress), newest
     * visit first: `DISTINCT ON` the station.
     */
    async lastChecks(spaceId: string, equipmentIds: string[]) {
      if (!equipmentIds.length) return [];
      return db
        .selectDistinctOn([reportStationChecks.equipmentId], {
          equipmentId: sql<string>`${reportStationChecks.equipmentId}`,
          reportId: reports.id,
          visitEndedAt: reports.visitEndedAt,
          result: reportStationChecks.result,
          action: reportStationChecks.action,
          baitConsumed: reportStationChecks.baitConsumed,
          note: reportStationChecks.note,
        })
        .from(reportStationChecks)
        .innerJoin(reports, eq(reports.id, reportStationChecks.reportId))
        .where(
          and(
            eq(reports.spaceId, spaceId),
            ne(reports.status, IN_PROGRESS),
            isNotNull(reportStationChecks.equipmentId),
            inArray(reportStationChecks.equipmentId, equipmentIds),
          ),
        )
        .orderBy(reportStationChecks.equipmentId, desc(reports.visitEndedAt), desc(reports.id));
    },
  };
}
export type ReportDraftsRepository = ReturnType<typeof createReportDraftsRepository>;
