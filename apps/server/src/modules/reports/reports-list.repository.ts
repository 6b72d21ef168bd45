/**
 * The reports lists (SPEC §2.7 "Reports: to-process and history lists"; docs/decisions/010): one page of the
 * to-process list (oldest visit end first, `reports_space_status_visit_idx`) or of the history (most recently
 * processed first, `reports_space_processed_idx`), and the number of reports of each list under the same filters,
 * each exact up to 1 000 and past it the planner's estimate (platform/db/paging.ts). Scoped to the space id given.
 */
import type { ReportList } from '@isoptera/contracts';
import { and, asc, desc, eq, gte, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { clients, reports, sites } from '../../db/schema/index.js';
import { compileRowMapper } from '../../platform/db/compiled-rows.js';
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
  automaticKind: reports.automaticKind,
  visitStartedAt: reports.visitStartedAt,
  visitEndedAt: reports.visitEndedAt,
  sentAt: reports.sentAt,
  discardedAt: reports.discardedAt,
  discardReason: reports.discardReason,
  updatedAt: reports.updatedAt,
};

/** The parameters of a prepared list statement: the filters' values, named as its placeholders. */
interface ListParams {
  spaceId: string;
  clientId?: string;
  siteId?: string;
  type?: string;
  from?: Date;
  to?: Date;
  /** Already escaped for LIKE. */
  search?: string;
}

/** `filters` as the parameters of a prepared statement (only the filters given). */
function listParams(spaceId: string, f: ReportFilters): ListParams {
  const params: ListParams = { spaceId };
  if (f.clientId) params.clientId = f.clientId;
  if (f.siteId) params.siteId = f.siteId;
  if (f.type) params.type = f.type;
  if (f.from) params.from = f.from;
  if (f.to) params.to = f.to;
  if (f.search) params.search = escapeLike(f.search);
  return params;
}

/**
 * The filters of `params` — their values, or with `placeholders` a prepared statement's placeholders of the same
 * names. The name search needs sites and clients joined.
 */
function filterWhere(params: ListParams, placeholders: boolean): SQL {
  const v = <K extends keyof ListParams>(key: K) =>
    (placeholders ? sql.placeholder(key) : params[key]) as NonNullable<ListParams[K]>;
  return and(
    eq(reports.spaceId, v('spaceId')),
    params.clientId ? eq(reports.clientId, v('clientId')) : undefined,
    params.siteId ? eq(reports.siteId, v('siteId')) : undefined,
    params.type ? eq(reports.type, v('type')) : undefined,
    params.from ? gte(reports.visitEndedAt, v('from')) : undefined,
    params.to ? lt(reports.visitEndedAt, v('to')) : undefined,
    params.search
      ? or(foldedContains(sites.nameFolded, v('search')), foldedContains(clients.nameFolded, v('search')))
      : undefined,
  ) as SQL;
}

const LIST_WHERE: Record<ReportList, SQL> = {
  to_process: eq(reports.status, 'to_process'),
  history: isNotNull(reports.processedAt),
};

const joined = sql`${reports} join ${sites} on ${sites.id} = ${reports.siteId} join ${clients} on ${clients.id} = ${reports.clientId}`;

/**
 * What the bounded counts read: the reports alone (a report's site and client are required, so joining them does not
 * change a count), or joined to sites and clients when their names are searched.
 */
const countedFrom = (params: ListParams) => (params.search ? joined : sql`${reports}`);

export function createReportsListQueries(db: Db) {
  const estimates = createEstimateCache();
  const statements = new Map<string, ReturnType<typeof prepare>>();

  /** The page statement of one shape, with the bounded counts of both lists as columns (one round trip). */
  function prepare(name: string, list: ReportList, params: ListParams) {
    const where = filterWhere(params, true);
    const from = countedFrom(params);
    const order =
      list === 'to_process'
        ? [asc(reports.visitEndedAt), asc(reports.id)]
        : [desc(reports.processedAt), desc(reports.id)];
    return compileRowMapper(
      db
        .select({
          ...listColumns,
          toProcessBounded: boundedCount(from, and(where, LIST_WHERE.to_process)),
          historyBounded: boundedCount(from, and(where, LIST_WHERE.history)),
        })
        .from(reports)
        .innerJoin(sites, eq(sites.id, reports.siteId))
        .innerJoin(clients, eq(clients.id, reports.clientId))
        .where(and(where, LIST_WHERE[list]))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  /** Both bounded counts alone, for a page that carried none (past its list's last report). */
  async function countBounded(params: ListParams): Promise<Record<ReportList, number>> {
    const where = filterWhere(params, false);
    const from = countedFrom(params);
    const result = (await db.execute(
      sql`select ${boundedCount(from, and(where, LIST_WHERE.to_process))} as to_process, ${boundedCount(
        from,
        and(where, LIST_WHERE.history),
      )} as history`,
    )) as unknown as { rows: { to_process: number; history: number }[] };
    return { to_process: Number(result.rows[0]?.to_process ?? 0), history: Number(result.rows[0]?.history ?? 0) };
  }

  return {
    /**
     * One page of `list` (`limit + 1` rows: the last one only tells that a next page exists) with the number of
     * reports of each list under the same filters, each exact up to `EXACT_TOTAL_LIMIT` and past it the planner's
     * estimate (never below the limit + 1). One prepared statement per shape (list and filters given) carries the
     * page and both bounded counts; an `EXPLAIN` runs only past the limit, a second statement only for a page past
     * the end.
     */
    async page(
      spaceId: string,
      list: ReportList,
      filters: ReportFilters,
      window: { limit: number; offset: number },
    ): Promise<{ rows: ReportListRow[]; counts: Record<ReportList, number> }> {
      const params = listParams(spaceId, filters);
      const shape = `${list}:${Object.keys(params).sort().join('.')}`;
      let statement = statements.get(shape);
      if (!statement) {
        statement = prepare(`reports_list_${statements.size + 1}`, list, params);
        statements.set(shape, statement);
      }
      const found = await statement.execute({ ...params, limit: window.limit + 1, offset: window.offset });
      const rows = found.map(({ toProcessBounded: _t, historyBounded: _h, ...row }) => row);
      const first = found[0];
      const bounded = first
        ? { to_process: first.toProcessBounded, history: first.historyBounded }
        : await countBounded(params);
      const settle = async (side: ReportList, count: number) => {
        if (count <= EXACT_TOTAL_LIMIT) return count;
        const estimate = await estimateRows(db, estimates, `reports_${side}:${shape}:${JSON.stringify(params)}`, () =>
          db
            .select({ one: sql`1` })
            .from(reports)
            .innerJoin(sites, eq(sites.id, reports.siteId))
            .innerJoin(clients, eq(clients.id, reports.clientId))
            .where(and(filterWhere(params, false), LIST_WHERE[side]))
            .getSQL(),
        );
        return Math.max(estimate, EXACT_TOTAL_LIMIT + 1);
      };
      const [toProcess, history] = await Promise.all([
        settle('to_process', bounded.to_process),
        settle('history', bounded.history),
      ]);
      return { rows, counts: { to_process: toProcess, history } };
    },
  };
}
/** A row of a list page (without the counts). */
export interface ReportListRow {
  id: string;
  status: string;
  type: string;
  language: string;
  siteId: string;
  siteName: string;
  clientId: string;
  clientName: string;
  interventionId: string | null;
  automaticKind: string | null;
  visitStartedAt: Date;
  visitEndedAt: Date;
  sentAt: Date | null;
  discardedAt: Date | null;
  discardReason: string | null;
  updatedAt: Date;
}
export type ReportsListQueries = ReturnType<typeof createReportsListQueries>;
