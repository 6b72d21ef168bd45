/**
 * The reports lists (SPEC §2.7 "Reports: to-process and history lists"; docs/decisions/010): one page of the
 * to-process list (oldest visit end first, `reports_space_status_visit_idx`) or of the history (most recently
 * processed first, `reports_space_processed_idx`), and the number of reports of each list under the same filters,
 * each exact up to 1 000 and past it the planner's estimate (platform/db/paging.ts). Scoped to the space id given.
 */
import type { ReportList } from '@isoptera/contracts';
import { and, asc, desc, eq, gte, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { clients, reports, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { boundedCount, createEstimateCache, EXACT_TOTAL_LIMIT, estimateRows } from '../../platform/db/paging.js';
import { escapeLike, foldedContains } from '../../platform/db/text-search.js';

/** Filters of both lists, already reduced to ULIDs, enum values and instants. */
export interface ReportFilters {
  clientId?: string | undefined;
  siteId?: string | undefined;
  type?: string | undefined;
  /** Visit end at or after (inclusive). */
  from?: Date | undefined;
  /** Visit end before (exclusive). */
  to?: Date | undefined;
  /** Part of the client's or the site's name, matched ignoring case and accents. */
  search?: string | undefined;
}

const listColumns = {
  id: reports.id,
  status: reports.status,
  type: reports.type,
  language: reports.language,
  siteId: reports.siteId,
  siteName: sites.name,
  clientId: reports.clientId,
  clientName: clients.name,
  interventionId: reports.interventionId,
  visitStartedAt: reports.visitStartedAt,
  visitEndedAt: reports.visitEndedAt,
  sentAt: reports.sentAt,
  discardedAt: reports.discardedAt,
  discardReason: reports.discardReason,
  updatedAt: reports.updatedAt,
};

function filterWhere(spaceId: string, f: ReportFilters): SQL {
  const term = f.search ? escapeLike(f.search) : undefined;
  return and(
    eq(reports.spaceId, spaceId),
    f.clientId ? eq(reports.clientId, f.clientId) : undefined,
    f.siteId ? eq(reports.siteId, f.siteId) : undefined,
    f.type ? eq(reports.type, f.type) : undefined,
    f.from ? gte(reports.visitEndedAt, f.from) : undefined,
    f.to ? lt(reports.visitEndedAt, f.to) : undefined,
    term ? or(foldedContains(sites.nameFolded, term), foldedContains(clients.nameFolded, term)) : undefined,
  ) as SQL;
}

/** The condition of each list: to process, or history (sent or discarded: `processed_at` set). */
const LIST_WHERE: Record<ReportList, SQL> = {
  to_process: eq(reports.status, 'to_process'),
  history: isNotNull(reports.processedAt),
};

const joined = sql`${reports} join ${sites} on ${sites.id} = ${reports.siteId} join ${clients} on ${clients.id} = ${reports.clientId}`;

/** The list queries on `db` (outside transactions), with their own cache of estimated totals. */
export function createReportsListQueries(db: Db) {
  const estimates = createEstimateCache();

  return {
    /**
     * One page (`limit + 1` rows, to tell whether a next one exists) of `list` among the space's reports matching
     * `filters`: to process by visit end then id, the history by processing time then id, newest first.
     */
    page(spaceId: string, list: ReportList, filters: ReportFilters, window: { limit: number; offset: number }) {
      const order =
        list === 'to_process'
          ? [asc(reports.visitEndedAt), asc(reports.id)]
          : [desc(reports.processedAt), desc(reports.id)];
      return db
        .select(listColumns)
        .from(reports)
        .innerJoin(sites, eq(sites.id, reports.siteId))
        .innerJoin(clients, eq(clients.id, reports.clientId))
        .where(and(filterWhere(spaceId, filters), LIST_WHERE[list]))
        .orderBy(...order)
        .limit(window.limit + 1)
        .offset(window.offset);
    },

    /**
     * The number of reports of each list matching `filters`: both bounded counts in one statement, an `EXPLAIN`
     * only for a list past {@link EXACT_TOTAL_LIMIT} (then never below the limit + 1).
     */
    async counts(spaceId: string, filters: ReportFilters): Promise<Record<ReportList, number>> {
      const where = filterWhere(spaceId, filters);
      // sites and clients are joined only to search their names: without a search a report counts alone (its site
      // and client are required), so a bounded count reads one index instead of three per report
      const from = filters.search ? joined : sql`${reports}`;
      const sides = {
        to_process: and(where, LIST_WHERE.to_process) as SQL,
        history: and(where, LIST_WHERE.history) as SQL,
      };
      const result = (await db.execute(
        sql`select ${boundedCount(from, sides.to_process)} as to_process, ${boundedCount(from, sides.history)} as history`,
      )) as unknown as { rows: { to_process: number; history: number }[] };
      const settle = async (list: ReportList, bounded: number) => {
        if (bounded <= EXACT_TOTAL_LIMIT) return bounded;
        const estimate = await estimateRows(
          db,
          estimates,
          `reports_${list}:${spaceId}:${JSON.stringify(filters)}`,
          () =>
            db
              .select({ one: sql`1` })
              .from(reports)
              .innerJoin(sites, eq(sites.id, reports.siteId))
              .innerJoin(clients, eq(clients.id, reports.clientId))
              .where(sides[list])
              .getSQL(),
        );
        return Math.max(estimate, EXACT_TOTAL_LIMIT + 1);
      };
      const [toProcess, history] = await Promise.all([
        settle('to_process', Number(result.rows[0]?.to_process ?? 0)),
        settle('history', Number(result.rows[0]?.history ?? 0)),
      ]);
      return { to_process: toProcess, history };
    },
  };
}
export type ReportsListQueries = ReturnType<typeof createReportsListQueries>;
export type ReportListRow = Awaited<ReturnType<ReportsListQueries['page']>>[number];
