/**
 * Storage of visit reports (issue 12; docs/decisions/010): the report row and its children — interveners, station
 * checks, product uses, photos, deliveries — and the status transitions, each guarded by the status it leaves so
 * that two concurrent moves cannot both pass; also the status of the report's site (the completion rule writes it in
 * the report's transaction). Every query is scoped to the space id it is given (children through
 * their report). Reads of other modules' tables live in report-sources.repository.ts, the list in
 * reports-list.repository.ts.
 */
import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import {
  clients,
  memberships,
  reportDeliveries,
  reportInterveners,
  reportProductUses,
  reportStationChecks,
  reports,
  sites,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { type ExpectedVersions, versionMatches, versionOf } from '../../platform/db/versions.js';
import { createReportPhotosQueries } from './report-photos.repository.js';

/** The report columns every read needs (files left out: `has_*` flags instead). */
const rowColumns = {
  id: reports.id,
  siteId: reports.siteId,
  clientId: reports.clientId,
  interventionId: reports.interventionId,
  automaticKind: reports.automaticKind,
  automaticData: reports.automaticData,
  type: reports.type,
  status: reports.status,
  /** The edit version (its `ETag`; platform/db/versions.ts). */
  version: reports.version,
  visitStartedAt: reports.visitStartedAt,
  visitEndedAt: reports.visitEndedAt,
  summary: reports.summary,
  recommendations: reports.recommendations,
  conduciveConditions: reports.conduciveConditions,
  customerAbsent: reports.customerAbsent,
  customerSignatureName: reports.customerSignatureName,
  customerSignedAt: reports.customerSignedAt,
  hasCustomerSignature: sql<boolean>`${reports.customerSignature} is not null`,
  technicianMembershipId: reports.technicianMembershipId,
  technicianName: reports.technicianName,
  hasTechnicianSignature: sql<boolean>`${reports.technicianSignature} is not null`,
  language: reports.language,
  siteStatusBefore: reports.siteStatusBefore,
  discardReason: reports.discardReason,
  discardedAt: reports.discardedAt,
  sentAt: reports.sentAt,
  pdfSha256: reports.pdfSha256,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
  siteName: sites.name,
  clientName: clients.name,
};

/**
 * Report `id` of the space with its site and client names (at most one row). A report still `in_progress` in the
 * field (docs/decisions/011) is not found: the web sees a visit's report once it is completed.
 */
function findReport(db: Db, spaceId: string, id: string) {
  return db
    .select(rowColumns)
    .from(reports)
    .innerJoin(sites, eq(sites.id, reports.siteId))
    .innerJoin(clients, eq(clients.id, reports.clientId))
    .where(and(eq(reports.spaceId, spaceId), eq(reports.id, id), ne(reports.status, 'in_progress')))
    .limit(1);
}

/** A report with its site and client names (no files). */
export type ReportRecord = Awaited<ReturnType<typeof findReport>>[number];

/** A person of the report as stored (`spaceType` of the membership, null once it is gone). */
export interface PersonRecord {
  membershipId: string | null;
  spaceType: 'admin' | 'dealer' | 'pco' | null;
  name: string;
  licenceNumber: string | null;
}

/** A station check as stored. */
export type StationCheckRecord = typeof reportStationChecks.$inferSelect;
/** A product use as stored, with the space type of its applicator's membership (null once gone). */
export type ProductUseRecord = typeof reportProductUses.$inferSelect & { applicatorSpaceType: string | null };
/** One sending as stored: kind, time, the sender's snapshot, the recipients. */
export interface DeliveryRecord {
  kind: 'send' | 'resend';
  at: Date;
  by: PersonRecord | null;
  recipients: string[];
}

/** A report with every child, as `GET /api/reports/{ulid}` shows it. */
export interface ReportDetail extends ReportRecord {
  interveners: PersonRecord[];
  stationChecks: StationCheckRecord[];
  productUses: ProductUseRecord[];
  photos: Awaited<ReturnType<ReturnType<typeof createReportPhotosQueries>['listOf']>>;
  deliveries: DeliveryRecord[];
}

/** The fields of a new report (children apart). */
export type NewReport = Omit<typeof reports.$inferInsert, 'createdAt' | 'updatedAt'>;
/** A station check to store (its report id and key set by the repository). */
export type CheckValues = Omit<typeof reportStationChecks.$inferInsert, 'reportId'>;
/** A product use to store (its report id and position set by the repository). */
export type ProductUseValues = Omit<typeof reportProductUses.$inferInsert, 'id' | 'reportId' | 'position'>;
/** A person to snapshot on a report. */
export interface PersonValues {
  membershipId: string;
  name: string;
  licenceNumber: string | null;
}

/** The fields a `PUT` replaces. */
export type ReportEdit = Pick<
  typeof reports.$inferInsert,
  | 'visitStartedAt'
  | 'visitEndedAt'
  | 'language'
  | 'summary'
  | 'recommendations'
  | 'conduciveConditions'
  | 'customerAbsent'
  | 'customerSignatureName'
>;

const person = (membershipId: string | null, spaceType: string | null, name: string, licence: string | null) => ({
  membershipId,
  spaceType: spaceType as PersonRecord['spaceType'],
  name,
  licenceNumber: licence,
});

/** The queries of the repository on `db` (the database or a transaction). */
function reportQueries(db: Db) {
  const inSpace = (spaceId: string, id: string) => and(eq(reports.spaceId, spaceId), eq(reports.id, id));
  const photos = createReportPhotosQueries(db);

  return {
    photos,
    /** The database (or transaction) these queries run on: the drafts' queries join the same transaction. */
    db,

    /** Report `id` of the space with its site and client names, or undefined. */
    async find(spaceId: string, id: string): Promise<ReportRecord | undefined> {
      const [row] = await findReport(db, spaceId, id);
      return row;
    },

    /** Report `id` of the space with every child (photos without their bytes), or undefined. */
    async detail(spaceId: string, id: string): Promise<ReportDetail | undefined> {
      const [row] = await findReport(db, spaceId, id);
      if (!row) return undefined;
      const [interveners, stationChecks, uses, photoList, deliveries] = await Promise.all([
        db
          .select({
            membershipId: reportInterveners.membershipId,
            spaceType: memberships.spaceType,
            name: reportInterveners.name,
            licenceNumber: reportInterveners.licenceNumber,
          })
          .from(reportInterveners)
          .leftJoin(memberships, eq(memberships.id, reportInterveners.membershipId))
          .where(eq(reportInterveners.reportId, id))
          .orderBy(asc(reportInterveners.position)),
        db
          .select()
          .from(reportStationChecks)
          .where(eq(reportStationChecks.reportId, id))
          .orderBy(asc(sql`lower(${reportStationChecks.reference})`), asc(reportStationChecks.id)),
        db
          .select({ use: reportProductUses, applicatorSpaceType: memberships.spaceType })
          .from(reportProductUses)
          .leftJoin(memberships, eq(memberships.id, reportProductUses.applicatorMembershipId))
          .where(eq(reportProductUses.reportId, id))
          .orderBy(asc(reportProductUses.position)),
        photos.listOf(id),
        db
          .select({ delivery: reportDeliveries, spaceType: memberships.spaceType })
          .from(reportDeliveries)
          .leftJoin(memberships, eq(memberships.id, reportDeliveries.byMembershipId))
          .where(eq(reportDeliveries.reportId, id))
          .orderBy(asc(reportDeliveries.at), asc(reportDeliveries.id)),
      ]);
      return {
        ...row,
        interveners: interveners.map((i) => person(i.membershipId, i.spaceType, i.name, i.licenceNumber)),
        stationChecks,
        productUses: uses.map(({ use, applicatorSpaceType }) => ({ ...use, applicatorSpaceType })),
        photos: photoList,
        deliveries: deliveries.map(({ delivery: d, spaceType }) => ({
          kind: d.kind,
          at: d.at,
          by: d.byName === null ? null : person(d.byMembershipId, spaceType, d.byName, null),
          recipients: d.recipients,
        })),
      };
    },

    /**
     * Inserts a report with its interveners and station checks; false (nothing written) when its intervention
     * already has a report. Call inside `transaction`.
     */
    async insert(report: NewReport, interveners: PersonValues[], checks: CheckValues[]): Promise<boolean> {
      const inserted = await db
        .insert(reports)
        .values(report)
        .onConflictDoNothing({ target: reports.interventionId })
        .returning({ id: reports.id });
      if (!inserted.length) return false;
      if (interveners.length) {
        await db
          .insert(reportInterveners)
          .values(interveners.map((p, position) => ({ reportId: report.id, position, ...p })));
      }
      if (checks.length)
        await db.insert(reportStationChecks).values(checks.map((c) => ({ ...c, reportId: report.id })));
      return true;
    },

    /**
     * Replaces the edited fields of report `id` of the space, if still to process and at one of the `expected` versions
     * (its `If-Match`; `undefined`: any) — one conditional `UPDATE`; false otherwise (nothing changed). Call first in
     * the edit's transaction.
     */
    async edit(spaceId: string, id: string, fields: ReportEdit, expected?: ExpectedVersions): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(inSpace(spaceId, id), eq(reports.status, 'to_process'), versionMatches(reports, expected)))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** The version of report `id` of the space (inside a transaction: after its own writes), or undefined. */
    version(spaceId: string, id: string): Promise<number | undefined> {
      return versionOf(db, reports, spaceId, id);
    },

    /**
     * Replaces the checks of report `reportId` (of a space already checked): a check of a named station is updated in
     * place (its photos stay attached), a new one inserted, the checks of stations not named deleted; a check whose
     * station was removed (no equipment) is kept.
     */
    async replaceChecks(reportId: string, checks: (CheckValues & { equipmentId: string })[]): Promise<void> {
      const named = checks.map((c) => c.equipmentId);
      await db
        .delete(reportStationChecks)
        .where(
          and(
            eq(reportStationChecks.reportId, reportId),
            isNotNull(reportStationChecks.equipmentId),
            named.length ? notInArray(reportStationChecks.equipmentId, named) : undefined,
          ),
        );
      const existing = named.length
        ? await db
            .select({ id: reportStationChecks.id, equipmentId: reportStationChecks.equipmentId })
            .from(reportStationChecks)
            .where(and(eq(reportStationChecks.reportId, reportId), inArray(reportStationChecks.equipmentId, named)))
        : [];
      const idOf = new Map(existing.map((e) => [e.equipmentId, e.id]));
      for (const { id: newId, ...check } of checks) {
        const id = idOf.get(check.equipmentId);
        if (id) await db.update(reportStationChecks).set(check).where(eq(reportStationChecks.id, id));
        else await db.insert(reportStationChecks).values({ ...check, id: newId, reportId });
      }
    },

    /** Replaces every product use of report `reportId` (of a space already checked), in the given order. */
    async replaceProductUses(reportId: string, uses: (ProductUseValues & { id: string })[]): Promise<void> {
      await db.delete(reportProductUses).where(eq(reportProductUses.reportId, reportId));
      if (uses.length) {
        await db.insert(reportProductUses).values(uses.map((u, position) => ({ ...u, reportId, position })));
      }
    },

    /** The status of site `siteId` of the space, or undefined. */
    async siteStatus(spaceId: string, siteId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ status: sites.status })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      return row?.status;
    },

    /** Sets the status of site `siteId` of the space (the completion rule, docs/decisions/010). */
    async setSiteStatus(spaceId: string, siteId: string, status: string): Promise<void> {
      await db
        .update(sites)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)));
    },

    /** The products report `reportId` uses now (archived ones stay usable on it). */
    async usedProductIds(reportId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: reportProductUses.productId })
        .from(reportProductUses)
        .where(eq(reportProductUses.reportId, reportId));
      return rows.map((row) => row.id);
    },

    /** Sets the site status this report's creation replaced (null: none). */
    async setSiteStatusBefore(spaceId: string, id: string, status: string | null): Promise<void> {
      await db.update(reports).set({ siteStatusBefore: status }).where(inSpace(spaceId, id));
    },

    /** Freezes the PDF and moves report `id` from to process to sent at `at`; false when it was not to process. */
    async markSent(spaceId: string, id: string, pdf: Buffer, sha256: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ status: 'sent', pdf, pdfSha256: sha256, sentAt: at, processedAt: at, updatedAt: at })
        .where(and(inSpace(spaceId, id), eq(reports.status, 'to_process')))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** Moves report `id` from to process to discarded with `reason`; false when it was not to process. */
    async markDiscarded(spaceId: string, id: string, reason: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ status: 'discarded', discardReason: reason, discardedAt: at, processedAt: at, updatedAt: at })
        .where(and(inSpace(spaceId, id), eq(reports.status, 'to_process')))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** Moves report `id` from discarded back to process; false when it was not discarded. */
    async reopen(spaceId: string, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ status: 'to_process', discardReason: null, discardedAt: null, processedAt: null, updatedAt: at })
        .where(and(inSpace(spaceId, id), eq(reports.status, 'discarded')))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** Records one sending of report `reportId` (of a space already checked). */
    async addDelivery(
      reportId: string,
      delivery: { id: string; kind: 'send' | 'resend'; at: Date; by: PersonValues; recipients: string[] },
    ): Promise<void> {
      await db.insert(reportDeliveries).values({
        id: delivery.id,
        reportId,
        kind: delivery.kind,
        at: delivery.at,
        byMembershipId: delivery.by.membershipId,
        byName: delivery.by.name,
        recipients: delivery.recipients,
      });
    },

    /** The frozen PDF of report `id` of the space, or undefined (none yet, or no such report). */
    async frozenPdf(spaceId: string, id: string): Promise<Buffer | undefined> {
      const [row] = await db.select({ pdf: reports.pdf }).from(reports).where(inSpace(spaceId, id)).limit(1);
      return row?.pdf ?? undefined;
    },

    /** The signature images of report `id` of the space (PNG), each null when none was captured. */
    async signatures(spaceId: string, id: string): Promise<{ customer: Buffer | null; technician: Buffer | null }> {
      const [row] = await db
        .select({ customer: reports.customerSignature, technician: reports.technicianSignature })
        .from(reports)
        .where(inSpace(spaceId, id))
        .limit(1);
      return { customer: row?.customer ?? null, technician: row?.technician ?? null };
    },
  };
}
/** The queries available inside a transaction. */
export type ReportQueries = ReturnType<typeof reportQueries>;

/** The reports repository on `db`, and `transaction(work)` running `work` with queries bound to one transaction. */
export function createReportsRepository(db: Db) {
  return {
    ...reportQueries(db),
    /** Runs `work` in one transaction; inside it use only the queries it receives. */
    transaction<T>(work: (repo: ReportQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(reportQueries(tx as unknown as Db)));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
