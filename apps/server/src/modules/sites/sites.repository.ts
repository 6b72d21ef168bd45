import type { ContactValues } from '@isoptera/contracts';
/**
 * Sites, their main contact (site_contacts) and what they reference (clients, contacts, members), every query scoped
 * to one space (ARCHITECTURE §4 rule 2). Areas in m²; coordinates numeric(12, 9) read back as decimal text.
 */
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  accounts,
  clientContacts,
  clients,
  contacts,
  interventions,
  memberships,
  siteContacts,
  sites,
} from '../../db/schema/index.js';
import { compileRowMapper } from '../../platform/db/compiled-rows.js';
import type { Db } from '../../platform/db/database.js';
import {
  boundedCount,
  createEstimateCache,
  EXACT_TOTAL_LIMIT,
  estimateRows,
  resolvePage,
} from '../../platform/db/paging.js';
import { escapeLike, foldedContains } from '../../platform/db/text-search.js';
import { claimVersion, type ExpectedVersions, versionOf } from '../../platform/db/versions.js';
import type { PageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';

/** Filters of the site list (SPEC §3 "Filters kept while browsing"), already reduced to ULIDs and enum values. */
export interface SiteFilters {
  name?: string | undefined;
  referentIds?: string[] | undefined;
  clientIds?: string[] | undefined;
  statuses?: string[] | undefined;
  treatmentTypes?: string[] | undefined;
  /** Alert types of `main_alert_type`; `NONE` matches sites without alert type. */
  alertTypes?: string[] | undefined;
}

/** A sort key of the site list, applied in order. */
export interface SiteOrder {
  field: 'name' | 'updated_at' | 'priority_sum';
  direction: 'asc' | 'desc';
}

/** The site columns a create or an update writes. */
export type SiteValues = Omit<
  typeof sites.$inferInsert,
  'id' | 'spaceId' | 'createdAt' | 'updatedAt' | 'prioritySum' | 'mainAlertType'
>;

/** The main contact to link: an existing contact of the client, or a new one to create and link to the client. */
export type ContactChoice = { contactId: string } | { newContact: NewContact };

/** A contact typed in a form, already validated (SPEC §5 "Contact"). */
export type NewContact = ContactValues;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function filterConditions(spaceId: string, filters: SiteFilters): SQL[] {
  const conditions: SQL[] = [eq(sites.spaceId, spaceId)];
  if (filters.name) conditions.push(foldedContains(sites.nameFolded, escapeLike(filters.name)));
  if (filters.referentIds?.length) conditions.push(inArray(sites.referentId, filters.referentIds));
  if (filters.clientIds?.length) conditions.push(inArray(sites.clientId, filters.clientIds));
  if (filters.statuses?.length) conditions.push(inArray(sites.status, filters.statuses));
  if (filters.treatmentTypes?.length) conditions.push(inArray(sites.treatmentType, filters.treatmentTypes));
  if (filters.alertTypes?.length) {
    const types = filters.alertTypes.filter((t) => t !== 'NONE');
    const alternatives: SQL[] = [];
    if (types.length) alternatives.push(inArray(sites.mainAlertType, types));
    if (filters.alertTypes.includes('NONE')) {
      alternatives.push(isNull(sites.mainAlertType), eq(sites.mainAlertType, 'NONE'));
    }
    conditions.push(or(...alternatives) as SQL);
  }
  return conditions;
}

/** The parameters of a prepared list statement: the filters' values, named as its placeholders. */
interface ListParams {
  spaceId: string;
  name?: string;
  referentIds?: string[];
  clientIds?: string[];
  statuses?: string[];
  treatmentTypes?: string[];
  alertTypes?: string[];
}

/**
 * The filters of {@link filterConditions} as a prepared statement's placeholders (`= any($n::type[])` for lists),
 * for the filters `params` has; `NONE` among the alert types adds "no alert type" to the alternatives.
 */
function placeholderWhere(params: ListParams, alertNone: boolean): SQL {
  const p = (key: keyof ListParams) => sql.placeholder(key);
  const conditions: SQL[] = [eq(sites.spaceId, p('spaceId') as unknown as string)];
  if (params.name !== undefined) conditions.push(foldedContains(sites.nameFolded, p('name')));
  if (params.referentIds) conditions.push(sql`${sites.referentId} = any(${p('referentIds')}::bpchar[])`);
  if (params.clientIds) conditions.push(sql`${sites.clientId} = any(${p('clientIds')}::bpchar[])`);
  if (params.statuses) conditions.push(sql`${sites.status} = any(${p('statuses')}::text[])`);
  if (params.treatmentTypes) conditions.push(sql`${sites.treatmentType} = any(${p('treatmentTypes')}::text[])`);
  if (params.alertTypes || alertNone) {
    const alternatives: SQL[] = [];
    if (params.alertTypes) alternatives.push(sql`${sites.mainAlertType} = any(${p('alertTypes')}::text[])`);
    if (alertNone) alternatives.push(isNull(sites.mainAlertType), eq(sites.mainAlertType, 'NONE'));
    conditions.push(or(...alternatives) as SQL);
  }
  return and(...conditions) as SQL;
}

/** The parameters of `filters` for a prepared list statement, and whether `NONE` is among the alert types. */
function listParams(spaceId: string, filters: SiteFilters): { params: ListParams; alertNone: boolean } {
  const list = (values: string[] | undefined) => (values?.length ? values : undefined);
  const alertTypes = filters.alertTypes?.filter((t) => t !== 'NONE');
  const params: ListParams = { spaceId };
  if (filters.name) params.name = escapeLike(filters.name);
  const entries = {
    referentIds: list(filters.referentIds),
    clientIds: list(filters.clientIds),
    statuses: list(filters.statuses),
    treatmentTypes: list(filters.treatmentTypes),
    alertTypes: list(alertTypes),
  };
  for (const [key, value] of Object.entries(entries)) if (value) params[key as keyof typeof entries] = value;
  return { params, alertNone: Boolean(filters.alertTypes?.includes('NONE')) };
}

/** Names sort case-insensitively, the same on PGlite (C collation) and PostgreSQL. */
const lowerName = sql`lower(${sites.name})`;
const ORDER_COLUMNS = { name: lowerName, updated_at: sites.updatedAt, priority_sum: sites.prioritySum } as const;

function orderBy(order: SiteOrder[]): SQL[] {
  return [...order.map((o) => (o.direction === 'desc' ? desc : asc)(ORDER_COLUMNS[o.field])), asc(sites.id)];
}

interface SearchValues {
  spaceId: string;
  /** Already escaped for LIKE. */
  name?: string | undefined;
  clientId?: string | undefined;
}

/** The site search's filter: with `placeholders`, a prepared statement's placeholders instead of the values. */
function searchWhere(values: SearchValues, placeholders: boolean): SQL | undefined {
  const value = (key: keyof SearchValues) => (placeholders ? sql.placeholder(key) : values[key]);
  return and(
    eq(sites.spaceId, value('spaceId') as string),
    values.name ? foldedContains(sites.nameFolded, value('name')) : undefined,
    values.clientId ? eq(sites.clientId, value('clientId') as string) : undefined,
  );
}

/** Start of the site's next intervention after now, or null ("planned statuses show the scheduled date"). */
const plannedAt =
  sql<Date | null>`(select min(${interventions.startAt}) from ${interventions} where ${interventions.siteId} = ${sites.id} and ${interventions.startAt} > now())`.mapWith(
    interventions.startAt,
  );

const listColumns = {
  site: sites,
  clientName: clients.name,
  referent: {
    id: memberships.id,
    role: memberships.role,
    status: memberships.status,
    color: memberships.color,
    spaceType: memberships.spaceType,
    firstname: accounts.firstname,
    lastname: accounts.lastname,
  },
  plannedAt,
};

export function createSitesRepository(db: Db) {
  const listQuery = () =>
    db
      .select(listColumns)
      .from(sites)
      .innerJoin(clients, eq(clients.id, sites.clientId))
      .leftJoin(memberships, eq(memberships.id, sites.referentId))
      .leftJoin(accounts, eq(accounts.id, memberships.accountId));

  const estimates = createEstimateCache();
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();

  /** The list statement of one shape, with the bounded counts of both sides of the list as columns. */
  function prepareList(name: string, params: ListParams, alertNone: boolean, order: SiteOrder[]) {
    const where = placeholderWhere(params, alertNone);
    return compileRowMapper(
      db
        .select({
          ...listColumns,
          inAlertBounded: boundedCount(sql`${sites}`, and(where, sql`${sites.prioritySum} > 0`)),
          otherBounded: boundedCount(sql`${sites}`, and(where, sql`${sites.prioritySum} <= 0`)),
        })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .leftJoin(memberships, eq(memberships.id, sites.referentId))
        .leftJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(where)
        .orderBy(...orderBy(order))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  /** Both bounded counts alone, for a page past the last site (no row carried them). */
  async function countBounded(spaceId: string, filters: SiteFilters): Promise<{ inAlert: number; other: number }> {
    const where = and(...filterConditions(spaceId, filters));
    const result = (await db.execute(
      sql`select ${boundedCount(sql`${sites}`, and(where, sql`${sites.prioritySum} > 0`))} as in_alert, ${boundedCount(
        sql`${sites}`,
        and(where, sql`${sites.prioritySum} <= 0`),
      )} as other`,
    )) as unknown as { rows: { in_alert: number; other: number }[] };
    return { inAlert: Number(result.rows[0]?.in_alert ?? 0), other: Number(result.rows[0]?.other ?? 0) };
  }
  const searchStatements = new Map<string, ReturnType<typeof prepareSearch>>();
  let detailStatement: ReturnType<typeof prepareDetail> | undefined;

  function prepareSearch(name: string, values: SearchValues, direction: 'asc' | 'desc') {
    const where = searchWhere(values, true);
    const order = direction === 'desc' ? desc : asc;
    return compileRowMapper(
      db
        .select({ id: sites.id, name: sites.name, bounded: boundedCount(sql`${sites}`, where) })
        .from(sites)
        .where(where)
        .orderBy(order(lowerName), order(sites.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    );
  }

  function prepareDetail() {
    return compileRowMapper(
      db
        .select({
          ...listColumns,
          version: sites.version,
          contact: contacts,
          siteContactId: siteContacts.id,
          clientContactId: clientContacts.id,
          isPrimary: clientContacts.isPrimary,
        })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .leftJoin(memberships, eq(memberships.id, sites.referentId))
        .leftJoin(accounts, eq(accounts.id, memberships.accountId))
        .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
        .leftJoin(contacts, and(eq(contacts.id, siteContacts.contactId), eq(contacts.spaceId, sites.spaceId)))
        .leftJoin(
          clientContacts,
          and(eq(clientContacts.contactId, siteContacts.contactId), eq(clientContacts.clientId, sites.clientId)),
        )
        .where(and(eq(sites.spaceId, sql.placeholder('spaceId')), eq(sites.id, sql.placeholder('siteId'))))
        .limit(1)
        .prepare('site_detail'),
    );
  }

  async function linkContact(tx: Tx, spaceId: string, clientId: string, siteId: string, choice: ContactChoice) {
    let contactId: string;
    if ('contactId' in choice) {
      contactId = choice.contactId;
    } else {
      contactId = newUlid();
      await tx.insert(contacts).values({ id: contactId, spaceId, ...choice.newContact });
      await tx.insert(clientContacts).values({ id: newUlid(), clientId, contactId, isPrimary: false });
    }
    const [existing] = await tx
      .select({ id: siteContacts.id })
      .from(siteContacts)
      .where(eq(siteContacts.siteId, siteId));
    if (existing) {
      await tx.update(siteContacts).set({ contactId, updatedAt: new Date() }).where(eq(siteContacts.id, existing.id));
      return { siteContactId: existing.id, contactId };
    }
    const siteContactId = newUlid();
    await tx.insert(siteContacts).values({ id: siteContactId, siteId, contactId });
    return { siteContactId, contactId };
  }

  return {
    /**
     * One page of the matching sites, those in alert first (SPEC §3): ordered by `priority_sum` descending, then by
     * `order`, then by id — so the sites in alert (`priority_sum > 0`) come by priority, and the others (all at 0) in
     * the requested order — with the number of matching sites in alert and of the others. `limit + 1` rows are read,
     * the last one only telling that a next page exists (`hasNext`). One prepared statement per shape (which filters,
     * which order) carries both bounded counts (platform/db/paging.ts): each total is exact up to `EXACT_TOTAL_LIMIT`
     * and past it the planner's estimate (never below the limit + 1; an `EXPLAIN` only then). Counting every site of
     * a large space exactly cost some 50 ms of database time per page, and building the statement on each request
     * as much CPU as the bare framework's whole request (docs/benchmarks.md). An index on
     * `(space_id, priority_sum desc, lower(name), id)` serves the default order.
     */
    async listPage(spaceId: string, filters: SiteFilters, order: SiteOrder[], window: PageWindow) {
      const { params, alertNone } = listParams(spaceId, filters);
      const fullOrder: SiteOrder[] = [{ field: 'priority_sum', direction: 'desc' }, ...order];
      const shape = `${Object.keys(params).sort().join('.')}${alertNone ? '.none' : ''}:${fullOrder
        .map((o) => `${o.field}.${o.direction}`)
        .join(',')}`;
      let statement = listStatements.get(shape);
      if (!statement) {
        statement = prepareList(`sites_list_${listStatements.size + 1}`, params, alertNone, fullOrder);
        listStatements.set(shape, statement);
      }
      const found = await statement.execute({ ...params, limit: window.limit + 1, offset: window.offset });
      const hasNext = found.length > window.limit;
      const rows = found.slice(0, window.limit).map(({ inAlertBounded: _a, otherBounded: _o, ...row }) => row);
      let bounded = found[0] ? { inAlert: found[0].inAlertBounded, other: found[0].otherBounded } : undefined;
      if (!bounded) bounded = window.offset === 0 ? { inAlert: 0, other: 0 } : await countBounded(spaceId, filters);
      const where = and(...filterConditions(spaceId, filters));
      const settle = async (side: 'inAlert' | 'other', count: number) => {
        if (count <= EXACT_TOTAL_LIMIT) return count;
        const condition = side === 'inAlert' ? sql`${sites.prioritySum} > 0` : sql`${sites.prioritySum} <= 0`;
        const estimate = await estimateRows(db, estimates, `sites_${side}:${shape}:${JSON.stringify(params)}`, () =>
          db.select({ one: sql`1` }).from(sites).where(and(where, condition)).getSQL(),
        );
        return Math.max(estimate, EXACT_TOTAL_LIMIT + 1);
      };
      const [inAlert, other] = await Promise.all([settle('inAlert', bounded.inAlert), settle('other', bounded.other)]);
      return { rows, hasNext, inAlert, other };
    },

    /** Every matching site (at most `limit`), in `order`, with the number of matching sites. */
    async listAll(spaceId: string, filters: SiteFilters, order: SiteOrder[], limit: number) {
      const where = and(...filterConditions(spaceId, filters));
      const [rows, [total]] = await Promise.all([
        listQuery()
          .where(where)
          .orderBy(...orderBy(order))
          .limit(limit),
        db.select({ n: count() }).from(sites).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * `{ulid, name}` of the sites whose name contains `name` (ignoring case and accents), optionally of one client, and
     * their number (platform/db/paging.ts: exact up to 1 000 and on the last page, else estimated). A prepared
     * statement per shape; the page and its bounded count in one round trip.
     */
    async search(
      spaceId: string,
      name: string | undefined,
      clientId: string | undefined,
      direction: 'asc' | 'desc',
      window: PageWindow,
    ) {
      const values: SearchValues = { spaceId, name: name ? escapeLike(name) : undefined, clientId };
      const shape = `${values.name ? 'n' : ''}${clientId ? 'c' : ''}_${direction}`;
      let statement = searchStatements.get(shape);
      if (!statement) {
        statement = prepareSearch(`sites_search_${shape}`, values, direction);
        searchStatements.set(shape, statement);
      }
      const rows = await statement.execute({ ...values, limit: window.limit + 1, offset: window.offset });
      const page = await resolvePage(
        { rows, bounded: rows[0]?.bounded },
        {
          limit: window.limit,
          offset: window.offset,
          count: async () => {
            const result = (await db.execute(
              sql`select ${boundedCount(sql`${sites}`, searchWhere(values, false))} as n`,
            )) as unknown as { rows: { n: number }[] };
            return Number(result.rows[0]?.n ?? 0);
          },
          estimate: () =>
            estimateRows(db, estimates, `sites_search:${JSON.stringify(values)}`, () =>
              db.select({ one: sql`1` }).from(sites).where(searchWhere(values, false)).getSQL(),
            ),
        },
      );
      return { rows: page.rows.map(({ id, name }) => ({ id, name })), total: page.total };
    },

    /**
     * The site `siteId` of the space with its client, referent, next planned date and main contact, or undefined.
     * One prepared statement (the main contact is at most one row: `site_contacts` is unique per site).
     */
    async findDetail(spaceId: string, siteId: string) {
      detailStatement ??= prepareDetail();
      const [row] = await detailStatement.execute({ spaceId, siteId });
      if (!row) return undefined;
      const { contact, siteContactId, clientContactId, isPrimary, ...site } = row;
      return {
        ...site,
        contact: contact && siteContactId ? { contact, siteContactId, clientContactId, isPrimary } : null,
      };
    },

    /** The light view of site `siteId` of the space (SPEC §3 "Site light view"), or undefined. */
    async findLight(spaceId: string, siteId: string) {
      const [row] = await db
        .select({
          id: sites.id,
          description: sites.description,
          status: sites.status,
          desiredInstallationDate: sites.desiredInstallationDate,
        })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      return row;
    },

    /**
     * The site edited by `PUT /api/site_contacts/{id}`: `id` names a site contact of a site of the space, or — for a
     * site that lost its main contact — the site itself. Undefined when neither exists in the space.
     */
    async findSiteContactTarget(spaceId: string, id: string) {
      const [link] = await db
        .select({ siteId: sites.id })
        .from(siteContacts)
        .innerJoin(sites, eq(sites.id, siteContacts.siteId))
        .where(and(eq(siteContacts.id, id), eq(sites.spaceId, spaceId)))
        .limit(1);
      if (link) return link;
      const [orphan] = await db
        .select({ siteId: sites.id })
        .from(sites)
        .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
        .where(and(eq(sites.id, id), eq(sites.spaceId, spaceId), isNull(siteContacts.id)))
        .limit(1);
      return orphan;
    },

    /** `true` when client `clientId` belongs to the space. */
    async clientExists(spaceId: string, clientId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), eq(clients.spaceId, spaceId)))
        .limit(1);
      return Boolean(row);
    },

    /** `true` when contact `contactId` is linked to client `clientId` of the space. */
    async isClientContact(spaceId: string, clientId: string, contactId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: clientContacts.id })
        .from(clientContacts)
        .innerJoin(clients, eq(clients.id, clientContacts.clientId))
        .where(
          and(
            eq(clientContacts.clientId, clientId),
            eq(clientContacts.contactId, contactId),
            eq(clients.spaceId, spaceId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** `true` when membership `membershipId` is an active member of the space. */
    async isActiveMember(spaceId: string, membershipId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(eq(memberships.id, membershipId), eq(memberships.spaceId, spaceId), eq(memberships.status, 'active')),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Creates a site and its main contact link (and the contact itself when new), in one transaction. */
    create(spaceId: string, values: SiteValues, contact: ContactChoice) {
      return db.transaction(async (tx) => {
        const siteId = newUlid();
        await tx.insert(sites).values({ ...values, id: siteId, spaceId });
        const linked = await linkContact(tx, spaceId, values.clientId, siteId, contact);
        return { siteId, ...linked };
      });
    },

    /**
     * Updates site `siteId` of the space and its main contact link, in one transaction, when the site is at one of the
     * `expected` versions (its `If-Match`; `undefined`: any), else throws 412 `edit_conflict` with nothing changed.
     * Answers the site's version after the edit.
     */
    update(spaceId: string, siteId: string, values: SiteValues, contact: ContactChoice, expected?: ExpectedVersions) {
      return db.transaction(async (tx) => {
        await claimVersion(tx as unknown as Db, sites, spaceId, siteId, expected);
        await tx
          .update(sites)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(sites.id, siteId), eq(sites.spaceId, spaceId)));
        const linked = await linkContact(tx, spaceId, values.clientId, siteId, contact);
        const version = (await versionOf(tx as unknown as Db, sites, spaceId, siteId)) ?? 0;
        return { siteId, version, ...linked };
      });
    },

    /** Deletes site `siteId` of the space (its interventions and contact link go with it); `true` when it existed. */
    async remove(spaceId: string, siteId: string): Promise<boolean> {
      const deleted = await db
        .delete(sites)
        .where(and(eq(sites.id, siteId), eq(sites.spaceId, spaceId)))
        .returning({ id: sites.id });
      return deleted.length > 0;
    },
  };
}
export type SitesRepository = ReturnType<typeof createSitesRepository>;
/** A row of the site list queries. */
export type SiteListRow = Awaited<ReturnType<SitesRepository['listPage']>>['rows'][number];
/** A row of `findDetail`. */
export type SiteDetailRow = NonNullable<Awaited<ReturnType<SitesRepository['findDetail']>>>;
