/**
 * What reports read from the rest of the space (issue 12; docs/decisions/010): the visit a report is recorded from,
 * the site's stations with their sensor reading at the time of the visit, members and their licence numbers,
 * products of the catalogue, the PCO owner's language and time zone, what the PDF prints about the PCO, the client
 * and the site. Every query is scoped to the space id it is given.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accounts,
  clientContacts,
  clients,
  contacts,
  equipment,
  interventionInterveners,
  interventions,
  memberships,
  products,
  readings,
  siteContacts,
  sites,
  spaces,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** How far before the end of a visit a reading still describes the station "at the time of the visit". */
export const READING_WINDOW_HOURS = 24;

/** A member of the space as a report snapshots them. */
export interface MemberSnapshot {
  membershipId: string;
  firstname: string;
  lastname: string;
  licenceNumber: string | null;
}

/** A station of a site with its latest reading at or before `at`, within {@link READING_WINDOW_HOURS}. */
export interface StationAtVisit {
  id: string;
  reference: string;
  kind: string;
  trapType: string | null;
  latitude: string | null;
  longitude: string | null;
  termiteActivity: number | null;
  readingMeasuredAt: Date | null;
}

/** The reads of other modules' tables a report needs, on `db` (see the module's doc). */
export function createReportSourcesRepository(db: Db) {
  /** The stations (igs, ags) of site `siteId` of the space with their reading at `at`, by reference. */
  function stations(spaceId: string, siteId: string, at: Date, ids?: string[]) {
    const end = at.toISOString();
    const latest = (column: typeof readings.termiteActivity | typeof readings.measuredAt) =>
      sql`(select ${column} from ${readings} where ${readings.equipmentId} = ${equipment.id}
        and ${readings.measuredAt} <= ${end}::timestamptz
        and ${readings.measuredAt} > ${end}::timestamptz - make_interval(hours => ${READING_WINDOW_HOURS})
        order by ${readings.measuredAt} desc limit 1)`;
    return db
      .select({
        id: equipment.id,
        reference: equipment.reference,
        kind: equipment.kind,
        trapType: equipment.trapType,
        latitude: equipment.latitude,
        longitude: equipment.longitude,
        termiteActivity: latest(readings.termiteActivity).mapWith((value: unknown) =>
          value === null || value === undefined ? null : Number(value),
        ),
        readingMeasuredAt: latest(readings.measuredAt).mapWith(readings.measuredAt),
      })
      .from(equipment)
      .where(
        and(
          eq(equipment.spaceId, spaceId),
          eq(equipment.siteId, siteId),
          inArray(equipment.kind, ['igs', 'ags']),
          ids ? inArray(equipment.id, ids) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${equipment.reference})`), asc(equipment.id));
  }

  return {
    /** Intervention `id` of the space with its site's status and its interveners (by name), or undefined. */
    async intervention(spaceId: string, id: string) {
      const [row] = await db
        .select({
          id: interventions.id,
          siteId: interventions.siteId,
          clientId: interventions.clientId,
          type: interventions.type,
          startAt: interventions.startAt,
          endAt: interventions.endAt,
        })
        .from(interventions)
        .where(and(eq(interventions.spaceId, spaceId), eq(interventions.id, id)))
        .limit(1);
      if (!row) return undefined;
      const interveners: MemberSnapshot[] = await db
        .select({
          membershipId: memberships.id,
          firstname: accounts.firstname,
          lastname: accounts.lastname,
          licenceNumber: memberships.licenceNumber,
        })
        .from(interventionInterveners)
        .innerJoin(memberships, eq(memberships.id, interventionInterveners.membershipId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(eq(interventionInterveners.interventionId, id))
        .orderBy(asc(accounts.lastname), asc(accounts.firstname), asc(memberships.id));
      return { ...row, interveners };
    },

    /** Every station of site `siteId` of the space with its reading at `at` (see {@link StationAtVisit}). */
    stationsAt(spaceId: string, siteId: string, at: Date): Promise<StationAtVisit[]> {
      return stations(spaceId, siteId, at);
    },

    /** The stations `ids` among those of site `siteId` of the space, with their reading at `at`. */
    async stationsByIds(spaceId: string, siteId: string, ids: string[], at: Date): Promise<StationAtVisit[]> {
      return ids.length ? stations(spaceId, siteId, at, ids) : [];
    },

    /** The members `ids` of the space (any status), with their names, licence numbers and status. */
    async members(spaceId: string, ids: string[]): Promise<(MemberSnapshot & { status: string })[]> {
      if (!ids.length) return [];
      return db
        .select({
          membershipId: memberships.id,
          firstname: accounts.firstname,
          lastname: accounts.lastname,
          licenceNumber: memberships.licenceNumber,
          status: memberships.status,
        })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.spaceId, spaceId), inArray(memberships.id, ids)));
    },

    /** The name of the account behind membership `membershipId` (any space: a substituting admin), or undefined. */
    async accountName(membershipId: string): Promise<{ firstname: string; lastname: string } | undefined> {
      const [row] = await db
        .select({ firstname: accounts.firstname, lastname: accounts.lastname })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(eq(memberships.id, membershipId))
        .limit(1);
      return row;
    },

    /** The products `ids` of the space's catalogue (archived ones included). */
    async products(spaceId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(products)
        .where(and(eq(products.spaceId, spaceId), inArray(products.id, ids)));
    },

    /** The language and time zone of the space's owner (the first active one), or undefined. */
    async ownerPreferences(spaceId: string): Promise<{ lang: string; timezone: string } | undefined> {
      const [row] = await db
        .select({ lang: accounts.lang, timezone: accounts.timezone })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(
          and(
            eq(memberships.spaceId, spaceId),
            eq(memberships.status, 'active'),
            eq(memberships.role, 'ROLE_PCO_SPACE_OWNER'),
          ),
        )
        .orderBy(asc(memberships.createdAt), asc(memberships.id))
        .limit(1);
      return row;
    },

    /**
     * What the PDF prints about the PCO (space name, address, logo URL), the client and the site (address, and the
     * person to meet: the site's main contact, else the client's primary contact), or undefined.
     */
    async documentContext(spaceId: string, siteId: string) {
      const siteContact = alias(contacts, 'site_contact');
      const primaryContact = alias(contacts, 'primary_contact');
      const [row] = await db
        .select({
          space: {
            name: spaces.name,
            street: spaces.street,
            postalCode: spaces.postalCode,
            city: spaces.city,
            country: spaces.country,
            addressLabel: spaces.addressLabel,
            logo: spaces.logo,
          },
          client: { name: clients.name, company: clients.company },
          site: {
            name: sites.name,
            addressLabel: sites.addressLabel,
            street: sites.street,
            postalCode: sites.postalCode,
            city: sites.city,
            country: sites.country,
          },
          siteContact: { firstname: siteContact.firstname, lastname: siteContact.lastname, phone: siteContact.phone },
          primaryContact: {
            firstname: primaryContact.firstname,
            lastname: primaryContact.lastname,
            phone: primaryContact.phone,
          },
        })
        .from(sites)
        .innerJoin(spaces, eq(spaces.id, sites.spaceId))
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
        .leftJoin(siteContact, eq(siteContact.id, siteContacts.contactId))
        .leftJoin(clientContacts, and(eq(clientContacts.clientId, clients.id), eq(clientContacts.isPrimary, true)))
        .leftJoin(primaryContact, eq(primaryContact.id, clientContacts.contactId))
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      if (!row) return undefined;
      const { siteContact: onSite, primaryContact: primary, ...rest } = row;
      return { ...rest, contact: onSite ?? primary ?? null };
    },
  };
}
export type ReportSourcesRepository = ReturnType<typeof createReportSourcesRepository>;
export type DocumentContext = NonNullable<Awaited<ReturnType<ReportSourcesRepository['documentContext']>>>;
