/**
 * The clients list and search (SPEC §7 "Clients", §2.4 global search), the hottest reads of the module: prepared
 * statements (one per shape of filters and order, built once per repository), each page and its bounded count in one
 * round trip, keyset pages after a cursor, totals as platform/db/paging.ts settles them. Every statement is scoped to
 * the space id it is given. Outside transactions only (the statements are bound to the database, not to a `tx`).
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type ClientContactRow,
  type ClientRow,
  type ContactRow,
  clientContacts,
  clients,
  contacts,
  contracts,
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
import { escapeLike, foldedContains } from '../../platform/db/text-search.js';

export type ClientOrderKey = 'name' | 'updated_at';
export interface ClientListFilter {
  name?: string | undefined;
  company?: boolean | undefined;
  ulids?: string[] | undefined;
  /** `to_renew`: a running contract within its notice period; `none`: no running contract (issue 13). */
  contract?: 'to_renew' | 'none' | undefined;
  /** The start of today in the reader's zone: what "running" (last day today or later) is measured against. */
  today: Date;
  /** Sort keys in priority order; the id breaks ties (in the last key's direction) so that paging is stable. */
  order: { key: ClientOrderKey; direction: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  /** Keyset position: the sort keys (as text) of the last row of the previous page, and the total it carried. */
  after?: { keys: string[]; total: number } | undefined;
}

/**
 * A client of a list: the client, its primary contact and link (or null) and its number of sites — only the columns
 * the list shows (each column read costs its decoding on every row).
 */
export interface ClientListRow {
  client: Pick<ClientRow, 'id' | 'name' | 'company' | 'updatedAt'>;
  contact: Pick<ContactRow, 'id' | 'firstname' | 'lastname' | 'phone' | 'email' | 'title' | 'notes'> | null;
  link: Pick<ClientContactRow, 'id' | 'isPrimary'> | null;
  siteNumber: number;
  /** Its running contract that ends last (issue 13), or null. */
  contract: { id: string; reference: string; endedAt: Date; noticePeriodDays: number } | null;
}

/** A page of the list, with the sort keys (text) of its last row: the next page's cursor. */
export interface ClientListPage extends Page<ClientListRow> {
  lastKeys: string[] | undefined;
}

/** Names in natural (ICU root) order: case and accents do not push "beta" or "École" after "Zed". */
const byName = sql`${clients.name} collate "und-x-icu"`;

/** The keys of `order`, the id last in the last key's direction (one direction throughout: an index serves it). */
function orderKeys(order: ClientListFilter['order']): KeysetKey[] {
  const keys: KeysetKey[] = order.map(({ key, direction }) =>
    key === 'name'
      ? { expression: byName, direction, type: 'text', collation: 'und-x-icu' }
      : { expression: sql`${clients.updatedAt}`, direction, type: 'timestamptz' },
  );
  keys.push({ expression: sql`${clients.id}`, direction: order.at(-1)?.direction ?? 'asc', type: 'bpchar' });
  return keys;
}

/** `order` as the cursor names it: `name.asc,updated_at.desc`. */
export function clientOrderName(order: ClientListFilter['order']): string {
  return order.map((o) => `${o.key}.${o.direction}`).join(',');
}

/** The number of keys of a cursor of `order` (the sort keys and the id). */
export const clientOrderKeyCount = (order: ClientListFilter['order']) => order.length + 1;

interface Values {
  spaceId: string;
  name?: string | undefined;
  company?: boolean | undefined;
  ulids?: string[] | undefined;
  contract?: 'to_renew' | 'none' | undefined;
  today?: Date | undefined;
}

/** The filter on `values`: with `placeholders`, a prepared statement's placeholders instead of the values. */
function listWhere(values: Values, placeholders: boolean): SQL | undefined {
  const value = <K extends keyof Values>(key: K) => (placeholders ? sql.placeholder(key) : values[key]);
  return and(
    eq(clients.spaceId, value('spaceId') as string),
    values.name ? foldedContains(clients.nameFolded, value('name')) : undefined,
    values.company === undefined ? undefined : eq(clients.company, value('company') as boolean),
    values.ulids?.length ? sql`${clients.id} = any(${value('ulids')}::bpchar[])` : undefined,
    values.contract === 'none' ? sql`not exists (${runningContract(value('today'))})` : undefined,
    values.contract === 'to_renew'
      ? sql`exists (${runningContract(value('today'))} and ${contracts.endedAt} - make_interval(days => ${contracts.noticePeriodDays}) <= ${value('today')}::timestamptz)`
      : undefined,
  );
}

/** The running contracts of the row's client: last day `today` or later (issue 13). */
const runningContract = (today: unknown) =>
  sql`select 1 from ${contracts} where ${contracts.clientId} = ${clients.id} and ${contracts.endedAt} >= ${today}::timestamptz`;

const siteNumber = sql<number>`(select count(*) from ${sites} where ${sites.clientId} = ${clients.id})::int`.mapWith(
  Number,
);

export function createClientsListQueries(db: Db) {
  const estimates = createEstimateCache();
  const listStatements = new Map<string, ReturnType<typeof buildList>>();
  const searchStatements = new Map<string, ReturnType<typeof buildSearch>>();

  function buildList(name: string, values: Values, order: ClientListFilter['order'], keyset: boolean) {
    const keys = orderKeys(order);
    const where = listWhere(values, true);
    const keyColumns = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`(${k.expression})::text`]));
    // the running contract that ends last, in the same statement (a lateral join: no extra round trip)
    const current = db
      .select({
        id: contracts.id,
        reference: contracts.reference,
        endedAt: contracts.endedAt,
        noticePeriodDays: contracts.noticePeriodDays,
      })
      .from(contracts)
      .where(
        and(eq(contracts.clientId, clients.id), sql`${contracts.endedAt} >= ${sql.placeholder('today')}::timestamptz`),
      )
      .orderBy(desc(contracts.endedAt), desc(contracts.id))
      .limit(1)
      .as('current_contract');
    return compileRowMapper(
      db
        .select({
          client: { id: clients.id, name: clients.name, company: clients.company, updatedAt: clients.updatedAt },
          contact: {
            id: contacts.id,
            firstname: contacts.firstname,
            lastname: contacts.lastname,
            phone: contacts.phone,
            email: contacts.email,
            title: contacts.title,
            notes: contacts.notes,
          },
          link: { id: clientContacts.id, isPrimary: clientContacts.isPrimary },
          siteNumber,
          contract: {
            id: current.id,
            reference: current.reference,
            endedAt: current.endedAt,
            noticePeriodDays: current.noticePeriodDays,
          },
          ...keyColumns,
          ...(keyset ? {} : { bounded: boundedCount(sql`${clients}`, where) }),
        })
        .from(clients)
        .leftJoin(clientContacts, and(eq(clientContacts.clientId, clients.id), eq(clientContacts.isPrimary, true)))
        .leftJoin(contacts, eq(contacts.id, clientContacts.contactId))
        .leftJoinLateral(current, sql`true`)
        .where(
          keyset
            ? and(
                where,
                keysetAfter(keys, (i) => sql.placeholder(`k${i}`)),
              )
            : where,
        )
        .orderBy(...keys.map((k) => (k.direction === 'asc' ? asc(k.expression) : desc(k.expression))))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  function buildSearch(name: string, values: Values, direction: 'asc' | 'desc') {
    const where = listWhere(values, true);
    const order = direction === 'asc' ? asc : desc;
    return compileRowMapper(
      db
        .select({
          id: clients.id,
          name: clients.name,
          updatedAt: clients.updatedAt,
          bounded: boundedCount(sql`${clients}`, where),
        })
        .from(clients)
        .where(where)
        .orderBy(order(byName), order(clients.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  /** The shape of a statement: which filters it has (their values are parameters). */
  const shapeOf = (values: Values) =>
    `${values.name ? 'n' : ''}${values.company === undefined ? '' : 'c'}${values.ulids?.length ? 'u' : ''}${
      values.contract ? values.contract[0] : ''
    }`;

  /** The exact count of matching rows, bounded (an empty page past the start). */
  async function boundedOnly(values: Values): Promise<number> {
    const result = (await db.execute(sql`select ${boundedCount(sql`${clients}`, listWhere(values, false))} as n`)) as {
      rows: { n: number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  }

  function estimate(kind: string, values: Values): Promise<number> {
    return estimateRows(db, estimates, `${kind}:${JSON.stringify(values)}`, () =>
      db.select({ one: sql`1` }).from(clients).where(listWhere(values, false)).getSQL(),
    );
  }

  return {
    /** One page of the space's clients matching `filter`, with its total and the sort keys of its last row. */
    async list(spaceId: string, filter: ClientListFilter): Promise<ClientListPage> {
      const name = filter.name ? escapeLike(filter.name) : undefined;
      const values: Values = {
        spaceId,
        name,
        company: filter.company,
        ulids: filter.ulids,
        contract: filter.contract,
        today: filter.today,
      };
      const keyset = filter.after !== undefined;
      const shape = `${shapeOf(values)}${keyset ? 'k' : ''}:${clientOrderName(filter.order)}`;
      let statement = listStatements.get(shape);
      if (!statement) {
        statement = buildList(`clients_list_${shape}`, values, filter.order, keyset);
        listStatements.set(shape, statement);
      }
      const keyValues = Object.fromEntries((filter.after?.keys ?? []).map((k, i) => [`k${i}`, k]));
      const rows = await statement.execute({
        ...values,
        ...keyValues,
        limit: filter.limit + 1,
        offset: keyset ? 0 : filter.offset,
      });
      const page = await resolvePage(
        { rows, bounded: (rows[0] as { bounded?: number } | undefined)?.bounded },
        {
          limit: filter.limit,
          offset: filter.offset,
          carried: filter.after?.total,
          count: () => boundedOnly(values),
          estimate: () => estimate('clients_list', values),
        },
      );
      const last = page.rows.at(-1) as Record<string, unknown> | undefined;
      const keyCount = clientOrderKeyCount(filter.order);
      return {
        ...page,
        rows: page.rows.map(({ client, contact, link, siteNumber, contract }) => ({
          client,
          contact,
          link,
          siteNumber,
          contract,
        })),
        lastKeys: last ? Array.from({ length: keyCount }, (_, i) => String(last[`k${i}`])) : undefined,
      };
    },

    /** One page of `{id, name, updatedAt}` of the space's clients whose name contains `name` (all when empty). */
    async search(
      spaceId: string,
      query: { name?: string | undefined; direction: 'asc' | 'desc'; limit: number; offset: number },
    ): Promise<Page<{ id: string; name: string; updatedAt: Date }>> {
      const values: Values = { spaceId, name: query.name ? escapeLike(query.name) : undefined };
      const shape = `${shapeOf(values)}:${query.direction}`;
      let statement = searchStatements.get(shape);
      if (!statement) {
        statement = buildSearch(`clients_search_${shape.replace(':', '_')}`, values, query.direction);
        searchStatements.set(shape, statement);
      }
      const rows = await statement.execute({
        ...values,
        limit: query.limit + 1,
        offset: query.offset,
      });
      const page = await resolvePage(
        { rows, bounded: rows[0]?.bounded },
        {
          limit: query.limit,
          offset: query.offset,
          count: () => boundedOnly(values),
          estimate: () => estimate('clients_search', values),
        },
      );
      return { ...page, rows: page.rows.map(({ id, name, updatedAt }) => ({ id, name, updatedAt })) };
    },
  };
}
