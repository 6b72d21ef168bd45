/**
 * Storage of service contracts (issue 13; docs/decisions/013). The only file of the module that imports Drizzle;
 * every request-driven query is scoped to the space id it is given. The job's queries span every space.
 */
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  accounts,
  type ContractRow,
  type ContractVisitRule,
  clients,
  contractDocuments,
  contracts,
  contractVisits,
  interventionInterveners,
  interventions,
  memberships,
  reports,
  sites,
  spaces,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { type ExpectedVersions, versionMatches } from '../../platform/db/versions.js';

/** The stored fields of a contract, as the service writes them (days already turned into instants). */
export interface ContractValues {
  siteId: string;
  clientId: string;
  reference: string;
  startedAt: Date;
  endedAt: Date;
  notes: string | null;
  visitRule: ContractVisitRule | null;
  visitWindowDays: number;
  preferredTechnicianId: string | null;
  price: string | null;
  currency: string;
  billingPeriod: string | null;
  autoRenewal: boolean;
  noticePeriodDays: number;
  warrantyYears: number | null;
}

/** A contract with its site, client, preferred technician and document facts. */
export interface ContractRecord {
  contract: ContractRow;
  site: { id: string; name: string } | null;
  client: { id: string; name: string } | null;
  technician: { id: string; firstname: string; lastname: string } | null;
  document: { size: number; uploadedAt: Date } | null;
}

/** Filters of the list; `today` is the start of today in the space's zone (the `state` filter). */
export interface ContractFilters {
  siteId?: string | undefined;
  clientId?: string | undefined;
  state?: 'active' | 'to_renew' | 'ended' | undefined;
  today: Date;
}

/** SQL of the `state` of a contract on `today` (start of day): ended / to renew / active. */
export function contractStateSql(today: Date): SQL<string> {
  return sql<string>`case
    when ${contracts.endedAt} < ${today} then 'ended'
    when ${contracts.endedAt} - make_interval(days => ${contracts.noticePeriodDays}) <= ${today} then 'to_renew'
    else 'active' end`;
}

/** The contracts repository on `db`. */
export function createContractsRepository(db: Db) {
  function selectRecord() {
    return db
      .select({
        contract: contracts,
        site: { id: sites.id, name: sites.name },
        client: { id: clients.id, name: clients.name },
        technician: { id: memberships.id, firstname: accounts.firstname, lastname: accounts.lastname },
        document: { size: contractDocuments.size, uploadedAt: contractDocuments.uploadedAt },
      })
      .from(contracts)
      .leftJoin(sites, eq(sites.id, contracts.siteId))
      .leftJoin(clients, eq(clients.id, contracts.clientId))
      .leftJoin(memberships, eq(memberships.id, contracts.preferredTechnicianId))
      .leftJoin(accounts, eq(accounts.id, memberships.accountId))
      .leftJoin(contractDocuments, eq(contractDocuments.contractId, contracts.id));
  }
  const normalize = (row: {
    contract: ContractRow;
    site: { id: string | null; name: string | null } | null;
    client: { id: string | null; name: string | null } | null;
    technician: { id: string | null; firstname: string | null; lastname: string | null } | null;
    document: { size: number | null; uploadedAt: Date | null } | null;
  }): ContractRecord => ({
    contract: row.contract,
    site: row.site?.id ? { id: row.site.id, name: row.site.name ?? '' } : null,
    client: row.client?.id ? { id: row.client.id, name: row.client.name ?? '' } : null,
    technician: row.technician?.id
      ? { id: row.technician.id, firstname: row.technician.firstname ?? '', lastname: row.technician.lastname ?? '' }
      : null,
    document:
      row.document?.size != null && row.document.uploadedAt
        ? { size: row.document.size, uploadedAt: row.document.uploadedAt }
        : null,
  });

  return {
    /** One page of the space's contracts matching `filters`, soonest end first, with the exact total. */
    async list(
      spaceId: string,
      filters: ContractFilters,
      window: { limit: number; offset: number },
    ): Promise<{ rows: ContractRecord[]; total: number }> {
      const where = and(
        eq(contracts.spaceId, spaceId),
        filters.siteId ? eq(contracts.siteId, filters.siteId) : undefined,
        filters.clientId ? eq(contracts.clientId, filters.clientId) : undefined,
        filters.state ? sql`${contractStateSql(filters.today)} = ${filters.state}` : undefined,
      );
      const [rows, [count]] = await Promise.all([
        selectRecord()
          .where(where)
          .orderBy(asc(contracts.endedAt), asc(contracts.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(contracts).where(where),
      ]);
      return { rows: rows.map(normalize), total: Number(count?.n ?? 0) };
    },

    /** Contract `id` of the space with its site, client, technician and document, or undefined. */
    async find(spaceId: string, id: string): Promise<ContractRecord | undefined> {
      const [row] = await selectRecord()
        .where(and(eq(contracts.spaceId, spaceId), eq(contracts.id, id)))
        .limit(1);
      return row ? normalize(row) : undefined;
    },

    /** Site `id` of the space (its client and status), or undefined. */
    async findSite(spaceId: string, id: string) {
      const [row] = await db
        .select({ id: sites.id, clientId: sites.clientId, status: sites.status })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, id)))
        .limit(1);
      return row;
    },

    /** Whether `membershipId` is an active technician, owner or manager of the space. */
    async isTechnician(spaceId: string, membershipId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.spaceId, spaceId),
            eq(memberships.id, membershipId),
            eq(memberships.status, 'active'),
            inArray(memberships.role, ['ROLE_PCO_SPACE_TECHNICIAN', 'ROLE_PCO_SPACE_OWNER', 'ROLE_PCO_SPACE_MANAGER']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The PCO space `spaceId` with its country and its owner (the first active owner: whose time zone contract days
     * are in, and whom renewals are mailed to), or undefined when it is not a PCO space.
     */
    async space(spaceId: string) {
      const [space] = await db
        .select({ id: spaces.id, type: spaces.type, country: spaces.country })
        .from(spaces)
        .where(eq(spaces.id, spaceId))
        .limit(1);
      if (space?.type !== 'pco') return undefined;
      const [owner] = await db
        .select({
          membershipId: memberships.id,
          accountId: accounts.id,
          email: accounts.email,
          lang: accounts.lang,
          timezone: accounts.timezone,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(
          and(
            eq(memberships.spaceId, spaceId),
            eq(memberships.role, 'ROLE_PCO_SPACE_OWNER'),
            eq(memberships.status, 'active'),
          ),
        )
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      return { ...space, owner };
    },

    async insert(spaceId: string, id: string, values: ContractValues): Promise<void> {
      await db.insert(contracts).values({ id, spaceId, ...values });
    },

    /**
     * Updates contract `id` of the space, when it is at one of the `expected` versions (its `If-Match`; `undefined`:
     * any) — one conditional `UPDATE`. Answers its new version, or undefined when no row changed (unknown, or not at
     * an expected version).
     */
    async update(
      spaceId: string,
      id: string,
      values: Partial<ContractValues> & Record<string, unknown>,
      expected?: ExpectedVersions,
    ): Promise<number | undefined> {
      const [row] = await db
        .update(contracts)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(contracts.spaceId, spaceId), eq(contracts.id, id), versionMatches(contracts, expected)))
        .returning({ version: contracts.version });
      return row?.version;
    },

    async remove(spaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(contracts)
        .where(and(eq(contracts.spaceId, spaceId), eq(contracts.id, id)))
        .returning({ id: contracts.id });
      return rows.length > 0;
    },

    /** Stores (or replaces) the signed PDF of contract `id`. */
    async putDocument(id: string, content: Buffer, at: Date): Promise<void> {
      await db
        .insert(contractDocuments)
        .values({ contractId: id, content, size: content.length, uploadedAt: at })
        .onConflictDoUpdate({
          target: contractDocuments.contractId,
          set: { content, size: content.length, uploadedAt: at },
        });
    },

    async readDocument(id: string): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ content: contractDocuments.content })
        .from(contractDocuments)
        .where(eq(contractDocuments.contractId, id));
      return row?.content;
    },

    async removeDocument(id: string): Promise<boolean> {
      const rows = await db
        .delete(contractDocuments)
        .where(eq(contractDocuments.contractId, id))
        .returning({ id: contractDocuments.contractId });
      return rows.length > 0;
    },

    // ——— the daily job ———

    /** Every contract not yet expired nor processed, of every space (the job's work list), by space. */
    async openContracts(spaceId?: string, contractId?: string): Promise<ContractRow[]> {
      return db
        .select()
        .from(contracts)
        .where(
          and(
            isNull(contracts.expiredAt),
            spaceId ? eq(contracts.spaceId, spaceId) : undefined,
            contractId ? eq(contracts.id, contractId) : undefined,
          ),
        )
        .orderBy(asc(contracts.spaceId), asc(contracts.id));
    },

    /**
     * Claims due day `dueDate` of contract `contractId`: true when this call inserted it (then the caller creates
     * the visit), false when it was already claimed — by a previous run or another instance.
     */
    async claimDueDate(contractId: string, dueDate: string): Promise<boolean> {
      const rows = await db
        .insert(contractVisits)
        .values({ contractId, dueDate })
        .onConflictDoNothing()
        .returning({ contractId: contractVisits.contractId });
      return rows.length > 0;
    },

    async releaseDueDate(contractId: string, dueDate: string): Promise<void> {
      await db
        .delete(contractVisits)
        .where(and(eq(contractVisits.contractId, contractId), eq(contractVisits.dueDate, dueDate)));
    },

    async linkVisit(contractId: string, dueDate: string, interventionId: string): Promise<void> {
      await db
        .update(contractVisits)
        .set({ interventionId })
        .where(and(eq(contractVisits.contractId, contractId), eq(contractVisits.dueDate, dueDate)));
    },

    /** The due days already claimed for contract `contractId`, `YYYY-MM-DD`, latest first. */
    async claimedDueDates(contractId: string): Promise<string[]> {
      const rows = await db
        .select({ dueDate: contractVisits.dueDate })
        .from(contractVisits)
        .where(eq(contractVisits.contractId, contractId))
        .orderBy(desc(contractVisits.dueDate));
      return rows.map((row) => row.dueDate);
    },

    /** The end of the last completed visit of site `siteId` (its latest report, not in progress), or undefined. */
    async lastCompletedVisit(siteId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: reports.visitEndedAt })
        .from(reports)
        .where(and(eq(reports.siteId, siteId), sql`${reports.status} <> 'in_progress'`))
        .orderBy(desc(reports.visitEndedAt))
        .limit(1);
      return row?.at;
    },

    /** Moves the end of contract `id` from `from` to `to` unless another run did it first; true when it moved. */
    async renew(id: string, from: Date, to: Date): Promise<boolean> {
      const rows = await db
        .update(contracts)
        .set({ endedAt: to, updatedAt: new Date() })
        .where(and(eq(contracts.id, id), eq(contracts.endedAt, from), isNull(contracts.expiredAt)))
        .returning({ id: contracts.id });
      return rows.length > 0;
    },

    /** Marks contract `id` expired at `at` unless it already is; true when this call did it. */
    async expire(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(contracts)
        .set({ expiredAt: at, updatedAt: at })
        .where(and(eq(contracts.id, id), isNull(contracts.expiredAt)))
        .returning({ id: contracts.id });
      return rows.length > 0;
    },

    async setSiteStatus(siteId: string, status: string): Promise<void> {
      await db.update(sites).set({ status, updatedAt: new Date() }).where(eq(sites.id, siteId));
    },

    async siteName(siteId: string | null) {
      if (!siteId) return undefined;
      const [row] = await db
        .select({ site: sites.name, client: clients.name })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .where(eq(sites.id, siteId));
      return row;
    },

    /**
     * The contract visits of the space needing attention on `today` (start of day, space zone): future and without
     * an intervener, or overdue — due day + window passed and no report on the site since the due day.
     */
    async dueVisits(spaceId: string, now: Date, today: Date) {
      const noIntervener = sql`not exists (select 1 from ${interventionInterveners} where ${interventionInterveners.interventionId} = ${interventions.id})`;
      const noReportSince = sql`not exists (select 1 from ${reports} where ${reports.siteId} = ${contracts.siteId} and ${reports.status} <> 'in_progress' and ${reports.visitEndedAt} >= ${contractVisits.dueDate}::timestamptz - interval '1 day')`;
      const overdue = sql`(${contractVisits.dueDate} + ${contracts.visitWindowDays})::timestamptz < ${today}`;
      return db
        .select({
          interventionId: interventions.id,
          dueDate: contractVisits.dueDate,
          startAt: interventions.startAt,
          overdue: sql<boolean>`${overdue} and ${noReportSince}`,
          contractId: contracts.id,
          reference: contracts.reference,
          siteId: sites.id,
          siteName: sites.name,
          clientId: clients.id,
          clientName: clients.name,
        })
        .from(contractVisits)
        .innerJoin(contracts, eq(contracts.id, contractVisits.contractId))
        .innerJoin(interventions, eq(interventions.id, contractVisits.interventionId))
        .innerJoin(sites, eq(sites.id, interventions.siteId))
        .innerJoin(clients, eq(clients.id, interventions.clientId))
        .where(
          and(
            eq(contracts.spaceId, spaceId),
            sql`((${interventions.startAt} > ${now} and ${noIntervener}) or (${overdue} and ${noReportSince}))`,
          ),
        )
        .orderBy(asc(contractVisits.dueDate), asc(interventions.id))
        .limit(50);
    },
  };
}
export type ContractsRepository = ReturnType<typeof createContractsRepository>;
