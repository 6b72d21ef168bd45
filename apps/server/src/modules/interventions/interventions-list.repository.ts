/**
 * The interventions list (SPEC §7 "Interventions"): one prepared statement per shape of filters, answering a page of
 * interventions with their site, client, interveners (as JSON) and report (a left join on the unique
 * `reports.intervention_id`, issue 12) and the bounded count in one round trip; keyset
 * pages after a cursor in (start, id) order; totals as platform/db/paging.ts settles them. Scoped to the space id it
 * is given. Outside transactions only (the statements are bound to the database, not to a `tx`).
 */
import { and, asc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  accounts,
  clients,
  interventionInterveners,
  interventions,
  memberships,
  reports,
  sites,
} from '../../db/schema/index.js';
import { compileRowMapper } from '../../platform/db/compiled-rows.js';
import type { Db } from '../../platform/db/database.js';
import {
  boundedCount,
  createEstimateCache,
  estimateRows,
  type KeysetKey,
  keysetAfter,
  type Page,
  resolvePage,
} from '../../platform/db/paging.js';
import type { HydratedIntervention, IntervenerRow, InterventionFilters } from './interventions.repository.js';

/** The list's order: start instant, then id. */
export const INTERVENTION_ORDER = 'start_at.asc';
/** Keys of a cursor of {@link INTERVENTION_ORDER}. */
export const INTERVENTION_ORDER_KEYS = 2;
const KEYS: KeysetKey[] = [
  { expression: sql`${interventions.startAt}`, direction: 'asc', type: 'timestamptz' },
  { expression: sql`${interventions.id}`, direction: 'asc', type: 'bpchar' },
];

/** A page of the list with the sort keys (text) of its last row: the next page's cursor. */
export interface InterventionListPage extends Page<HydratedIntervention> {
  lastKeys: string[] | undefined;
}

interface Values {
  spaceId: string;
  userIds?: string[] | undefined;
  clientIds?: string[] | undefined;
  types?: string[] | undefined;
  siteId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function valuesOf(spaceId: string, f: InterventionFilters): Values {
  return {
    spaceId,
    userIds: f.userIds?.length ? f.userIds : undefined,
    clientIds: f.clientIds?.length ? f.clientIds : undefined,
    types: f.types?.length ? f.types : undefined,
    siteId: f.siteId || undefined,
    from: f.from,
    to: f.to,
  };
}

/** The filter on `values`: with `placeholders`, a prepared statement's placeholders instead of the values. */
function listWhere(values: Values, placeholders: boolean): SQL | undefined {
  const value = (key: keyof Values) => (placeholders ? sql.placeholder(key) : values[key]);
  return and(
    eq(interventions.spaceId, value('spaceId') as string),
    values.clientIds ? sql`${interventions.clientId} = any(${value('clientIds')}::bpchar[])` : undefined,
    values.types ? sql`${interventions.type} = any(${value('types')}::text[])` : undefined,
    values.siteId ? eq(interventions.siteId, value('siteId') as string) : undefined,
    values.from ? gte(interventions.startAt, value('from') as Date) : undefined,
    values.to ? lt(interventions.startAt, value('to') as Date) : undefined,
    values.userIds
      ? sql`exists (select 1 from ${interventionInterveners} where ${interventionInterveners.interventionId} = ${interventions.id} and ${interventionInterveners.membershipId} = any(${value('userIds')}::bpchar[]))`
      : undefined,
  );
}

/** The interveners of the row's intervention as JSON, by last name, first name, id (as `IntervenerRow`s). */
const intervenersJson = sql<IntervenerRow[]>`(
  select coalesce(json_agg(json_build_object('id', ${memberships.id}, 'spaceType', ${memberships.spaceType},
    'color', ${memberships.color}, 'firstname', ${accounts.firstname}, 'lastname', ${accounts.lastname})
    order by ${accounts.lastname}, ${accounts.firstname}, ${memberships.id}), '[]'::json)
  from ${interventionInterveners}
  join ${memberships} on ${memberships.id} = ${interventionInterveners.membershipId}
  join ${accounts} on ${accounts.id} = ${memberships.accountId}
  where ${interventionInterveners.interventionId} = ${interventions.id})`;

export function createInterventionsListQueries(db: Db) {
  const estimates = createEstimateCache();
  const statements = new Map<string, ReturnType<typeof build>>();

  function build(name: string, values: Values, keyset: boolean) {
    const where = listWhere(values, true);
    return compileRowMapper(
      db
        .select({
          id: interventions.id,
          clientId: interventions.clientId,
          siteId: interventions.siteId,
          type: interventions.type,
          description: interventions.description,
          startAt: interventions.startAt,
          endAt: interventions.endAt,
          sendMail: interventions.sendMail,
          siteName: sites.name,
          clientName: clients.name,
          interveners: intervenersJson,
          reportId: reports.id,
          reportStatus: reports.status,
          k0: sql<string>`${interventions.startAt}::text`,
          k1: sql<string>`${interventions.id}::text`,
          ...(keyset ? {} : { bounded: boundedCount(sql`${interventions}`, where) }),
        })
        .from(interventions)
        .innerJoin(sites, eq(sites.id, interventions.siteId))
        .innerJoin(clients, eq(clients.id, interventions.clientId))
        // the visit's report, if any (`reports_intervention_unique`: at most one row, so the page keeps its rows)
        // a visit under way (report `in_progress`, the technician API: docs/decisions/011) shows no report to the web
        .leftJoin(reports, and(eq(reports.interventionId, interventions.id), ne(reports.status, 'in_progress')))
        .where(
          keyset
            ? and(
                where,
                keysetAfter(KEYS, (i) => sql.placeholder(`k${i}`)),
              )
            : where,
        )
        .orderBy(asc(interventions.startAt), asc(interventions.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  const shapeOf = (v: Values, keyset: boolean) =>
    (Object.keys(v) as (keyof Values)[])
      .filter((k) => k !== 'spaceId' && v[k] !== undefined)
      .sort()
      .join('_') + (keyset ? '_after' : '');

  async function boundedOnly(values: Values): Promise<number> {
    const result = (await db.execute(
      sql`select ${boundedCount(sql`${interventions}`, listWhere(values, false))} as n`,
    )) as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  return {
    /**
     * One page of the space's interventions matching `filters`, by start instant then id, with its total and the
     * sort keys of its last row; after `after` (a keyset position) when given, else from `window.offset`.
     */
    async list(
      spaceId: string,
      filters: InterventionFilters,
      window: { limit: number; offset: number },
      after?: { keys: string[]; total: number },
    ): Promise<InterventionListPage> {
      const values = valuesOf(spaceId, filters);
      const shape = shapeOf(values, after !== undefined);
      let statement = statements.get(shape);
      if (!statement) {
        statement = build(`interventions_list_${shape}`, values, after !== undefined);
        statements.set(shape, statement);
      }
      const rows = await statement.execute({
        ...values,
        k0: after?.keys[0],
        k1: after?.keys[1],
        limit: window.limit + 1,
        offset: after ? 0 : window.offset,
      });
      const page = await resolvePage(
        { rows, bounded: (rows[0] as { bounded?: number } | undefined)?.bounded },
        {
          limit: window.limit,
          offset: window.offset,
          carried: after?.total,
          count: () => boundedOnly(values),
          estimate: () =>
            estimateRows(db, estimates, `interventions_list:${JSON.stringify(values)}`, () =>
              db.select({ one: sql`1` }).from(interventions).where(listWhere(values, false)).getSQL(),
            ),
        },
      );
      const last = page.rows.at(-1);
      return {
        ...page,
        rows: page.rows.map(
          (row): HydratedIntervention => ({
            id: row.id,
            clientId: row.clientId,
            siteId: row.siteId,
            type: row.type,
            description: row.description,
            startAt: row.startAt,
            endAt: row.endAt,
            sendMail: row.sendMail,
            siteName: row.siteName,
            clientName: row.clientName,
            interveners: row.interveners ?? [],
            report: row.reportId && row.reportStatus ? { id: row.reportId, status: row.reportStatus } : null,
          }),
        ),
        lastKeys: last ? [last.k0, last.k1] : undefined,
      };
    },
  };
}
