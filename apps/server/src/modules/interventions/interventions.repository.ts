/**
 * Storage of interventions (visits) and their interveners (SPEC §3 "Intervention"). The only file of the module that
 * imports Drizzle; every query is scoped to the space id it is given. Also reads clients, sites and memberships to
 * check references, and writes `sites.status` for the status-on-scheduling rule (docs/decisions/004).
 */
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accounts,
  clientContacts,
  clients,
  contacts,
  interventionInterveners,
  interventions,
  memberships,
  reports,
  siteContacts,
  sites,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { type ExpectedVersions, editConflict, versionMatches } from '../../platform/db/versions.js';
import { createInterventionsListQueries } from './interventions-list.repository.js';

/** The stored fields of an intervention, as the service writes them. Instants are absolute (timestamptz). */
export interface InterventionValues {
  clientId: string;
  siteId: string;
  type: string;
  description: string | null;
  startAt: Date;
  endAt: Date;
  sendMail: boolean;
  intervenerIds: string[];
}

/** List filters (SPEC §3 "Filters kept while browsing"); `from` inclusive, `to` exclusive, on the start instant. */
export interface InterventionFilters {
  userIds?: string[] | undefined;
  clientIds?: string[] | undefined;
  types?: string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  siteId?: string | undefined;
}

/** An intervener who gets the `send_mail` notifications: the account's address, language and time zone. */
export interface MailRecipient {
  membershipId: string;
  email: string;
  /** The account's language code (`accounts.lang`). */
  lang: string;
  /** The account's IANA time zone (`accounts.timezone`). */
  timezone: string;
}

/** What a notification mail says about the place of a visit (SPEC §3 "Intervention" `send_mail`). */
export interface VisitPlace {
  siteName: string;
  clientName: string;
  /** The site's postal address, one line. */
  address: string;
  /** The site's main contact, else the client's primary contact; null when neither exists. */
  contact: { firstname: string; lastname: string; phone: string } | null;
}

/** An intervener as lists show it. */
export interface IntervenerRow {
  id: string;
  spaceType: 'admin' | 'dealer' | 'pco';
  firstname: string;
  lastname: string;
  color: string | null;
}

/** The report of a visit (docs/decisions/010: one per visit, `reports.intervention_id` unique): id and status. */
export interface InterventionReportRow {
  id: string;
  /** `REPORT_STATUSES`. */
  status: string;
}

/** An intervention with its site, client, interveners and report (null while none was recorded). */
export interface HydratedIntervention {
  id: string;
  clientId: string;
  siteId: string;
  type: string;
  description: string | null;
  startAt: Date;
  endAt: Date;
  sendMail: boolean;
  siteName: string;
  clientName: string;
  interveners: IntervenerRow[];
  report: InterventionReportRow | null;
}

const hydratedColumns = {
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
  reportId: reports.id,
  reportStatus: reports.status,
};

/** The queries of the repository on `db` (the database or a transaction). */
function interventionQueries(db: Db) {
  /** Interveners of the given interventions, by intervention id, ordered by last name then first name. */
  async function intervenersOf(interventionIds: string[]): Promise<Map<string, IntervenerRow[]>> {
    const result = new Map<string, IntervenerRow[]>();
    if (!interventionIds.length) return result;
    const rows = await db
      .select({
        interventionId: interventionInterveners.interventionId,
        id: memberships.id,
        spaceType: memberships.spaceType,
        color: memberships.color,
        firstname: accounts.firstname,
        lastname: accounts.lastname,
      })
      .from(interventionInterveners)
      .innerJoin(memberships, eq(memberships.id, interventionInterveners.membershipId))
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(inArray(interventionInterveners.interventionId, interventionIds))
      .orderBy(asc(accounts.lastname), asc(accounts.firstname), asc(memberships.id));
    for (const { interventionId, ...intervener } of rows) {
      const list = result.get(interventionId) ?? [];
      list.push(intervener);
      result.set(interventionId, list);
    }
    return result;
  }

  return {
    /** The client `clientId` of the space, or undefined. */
    async findClient(spaceId: string, clientId: string) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.spaceId, spaceId), eq(clients.id, clientId)))
        .limit(1);
      return row;
    },

    /** The site `siteId` of the space (its client and status), or undefined. */
    async findSite(spaceId: string, siteId: string) {
      const [row] = await db
        .select({ id: sites.id, clientId: sites.clientId, status: sites.status })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      return row;
    },

    /** Which of `membershipIds` are active members of the space. */
    async activeMemberIds(spaceId: string, membershipIds: string[]): Promise<string[]> {
      if (!membershipIds.length) return [];
      const rows = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.spaceId, spaceId),
            eq(memberships.status, 'active'),
            inArray(memberships.id, membershipIds),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** The stored intervention `id` of the space with its intervener (membership) ids, or undefined. */
    async findRow(spaceId: string, id: string) {
      const [row] = await db
        .select()
        .from(interventions)
        .where(and(eq(interventions.spaceId, spaceId), eq(interventions.id, id)))
        .limit(1);
      if (!row) return undefined;
      const links = await db
        .select({ membershipId: interventionInterveners.membershipId })
        .from(interventionInterveners)
        .where(eq(interventionInterveners.interventionId, id));
      return { ...row, intervenerIds: links.map((link) => link.membershipId) };
    },

    /** The intervention `id` of the space with its site, client, interveners and version, or undefined. */
    async findHydrated(spaceId: string, id: string): Promise<(HydratedIntervention & { version: number }) | undefined> {
      const [row] = await db
        .select({ ...hydratedColumns, version: interventions.version })
        .from(interventions)
        .innerJoin(sites, eq(sites.id, interventions.siteId))
        .innerJoin(clients, eq(clients.id, interventions.clientId))
        // one report per visit at most (`reports_intervention_unique`); of the same space, as the visit
        // a visit under way (report `in_progress`, the technician API: docs/decisions/011) shows no report to the web
        .leftJoin(reports, and(eq(reports.interventionId, interventions.id), ne(reports.status, 'in_progress')))
        .where(and(eq(interventions.spaceId, spaceId), eq(interventions.id, id)))
        .limit(1);
      if (!row) return undefined;
      const interveners = await intervenersOf([row.id]);
      const { reportId, reportStatus, ...visit } = row;
      return {
        ...visit,
        interveners: interveners.get(row.id) ?? [],
        report: reportId && reportStatus ? { id: reportId, status: reportStatus } : null,
      };
    },

    /** Inserts intervention `id` of the space with its interveners. Call inside `transaction`. */
    async insert(spaceId: string, id: string, values: InterventionValues, createdById: string): Promise<void> {
      const { intervenerIds, ...fields } = values;
      await db.insert(interventions).values({ id, spaceId, createdById, ...fields });
      // a visit a contract plans without a preferred technician has none yet (docs/decisions/013)
      if (!intervenerIds.length) return;
      await db
        .insert(interventionInterveners)
        .values(intervenerIds.map((membershipId) => ({ interventionId: id, membershipId })));
    },

    /**
     * Replaces the fields and interveners of intervention `id` of the space when it is at one of the `expected`
     * versions (its `If-Match`; `undefined`: any) — one conditional `UPDATE` — and answers its new version. Throws 412
     * `edit_conflict` when it is not (or is gone), before changing anything. Call inside `transaction`, first.
     */
    async update(
      spaceId: string,
      id: string,
      values: InterventionValues,
      expected?: ExpectedVersions,
    ): Promise<number> {
      const { intervenerIds, ...fields } = values;
      const [updated] = await db
        .update(interventions)
        .set({ ...fields, updatedAt: new Date() })
        .where(
          and(eq(interventions.spaceId, spaceId), eq(interventions.id, id), versionMatches(interventions, expected)),
        )
        .returning({ version: interventions.version });
      if (!updated) throw editConflict();
      await db.delete(interventionInterveners).where(eq(interventionInterveners.interventionId, id));
      await db
        .insert(interventionInterveners)
        .values(intervenerIds.map((membershipId) => ({ interventionId: id, membershipId })));
      return updated.version;
    },

    /**
     * Deletes intervention `id` of the space (its interveners go with it), and the visit a technician had under way
     * on it (its report still `in_progress`, docs/decisions/011: nobody could ever complete or see it). A report to
     * process or in the history stays, without its visit (`intervention_id` set null).
     */
    async remove(spaceId: string, id: string): Promise<void> {
      await db
        .delete(reports)
        .where(and(eq(reports.spaceId, spaceId), eq(reports.interventionId, id), eq(reports.status, 'in_progress')));
      await db.delete(interventions).where(and(eq(interventions.spaceId, spaceId), eq(interventions.id, id)));
    },

    /** Whether the site has an intervention of `type` starting after `now`, other than `exceptId`. */
    async hasFutureOfType(
      spaceId: string,
      siteId: string,
      type: string,
      now: Date,
      exceptId?: string,
    ): Promise<boolean> {
      const where = [
        eq(interventions.spaceId, spaceId),
        eq(interventions.siteId, siteId),
        eq(interventions.type, type),
        gt(interventions.startAt, now),
      ];
      if (exceptId) where.push(ne(interventions.id, exceptId));
      const [row] = await db
        .select({ id: interventions.id })
        .from(interventions)
        .where(and(...where))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The place of a visit to site `siteId` of the space, as its notification mails describe it (SPEC §3
     * "Intervention" `send_mail`): site and client names, the site's address, and the person to meet there — the
     * site's main contact, else the client's primary contact. Undefined when the site is not of the space.
     */
    async visitPlace(spaceId: string, siteId: string): Promise<VisitPlace | undefined> {
      const siteContact = alias(contacts, 'site_contact');
      const primaryContact = alias(contacts, 'primary_contact');
      const [row] = await db
        .select({
          siteName: sites.name,
          clientName: clients.name,
          address: sites.addressLabel,
          siteContact: { firstname: siteContact.firstname, lastname: siteContact.lastname, phone: siteContact.phone },
          primaryContact: {
            firstname: primaryContact.firstname,
            lastname: primaryContact.lastname,
            phone: primaryContact.phone,
          },
        })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
        .leftJoin(siteContact, eq(siteContact.id, siteContacts.contactId))
        .leftJoin(clientContacts, and(eq(clientContacts.clientId, clients.id), eq(clientContacts.isPrimary, true)))
        .leftJoin(primaryContact, eq(primaryContact.id, clientContacts.contactId))
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      if (!row) return undefined;
      const { siteContact: onSite, primaryContact: primary, ...place } = row;
      return { ...place, contact: onSite ?? primary ?? null };
    },

    /**
     * The mail recipients among `membershipIds`: ACTIVE members of the space (invited, disabled and other spaces'
     * memberships are left out) with their account's e-mail, language and time zone, one per membership.
     */
    async mailRecipients(spaceId: string, membershipIds: string[]): Promise<MailRecipient[]> {
      if (!membershipIds.length) return [];
      return db
        .select({
          membershipId: memberships.id,
          email: accounts.email,
          lang: accounts.lang,
          timezone: accounts.timezone,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(
          and(
            eq(memberships.spaceId, spaceId),
            eq(memberships.status, 'active'),
            inArray(memberships.id, membershipIds),
          ),
        )
        .orderBy(asc(memberships.id));
    },

    /** Sets the status of site `siteId` of the space (docs/decisions/004). */
    async setSiteStatus(spaceId: string, siteId: string, status: string): Promise<void> {
      await db
        .update(sites)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)));
    },
  };
}
/** The queries available inside a transaction. */
export type InterventionQueries = ReturnType<typeof interventionQueries>;

/**
 * The interventions repository on `db`: its queries, the list (prepared statements,
 * interventions-list.repository.ts), and `transaction(work)` running `work` with queries bound to one transaction.
 */
export function createInterventionsRepository(db: Db) {
  return {
    ...interventionQueries(db),
    ...createInterventionsListQueries(db),
    /** Runs `work` in one transaction; inside it use only the queries it receives. */
    transaction<T>(work: (repo: InterventionQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(interventionQueries(tx as unknown as Db)));
    },
  };
}
export type InterventionsRepository = ReturnType<typeof createInterventionsRepository>;
