/**
 * Storage of the technician API (docs/decisions/011-technician-api.md): device sessions and their refresh tokens,
 * the idempotency store, and the reads of the agenda, a site, the catalogue and the changes feed. Every read is
 * scoped to the space id it is given and, for interventions, to the membership as an intervener.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accounts,
  alerts,
  clientContacts,
  clients,
  contacts,
  equipment,
  fieldDevices,
  fieldIdempotencyKeys,
  fieldRefreshTokens,
  interventionInterveners,
  interventions,
  memberships,
  products,
  siteContacts,
  sites,
  spaces,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** The client's primary contact, the site's contact when the site names none. */
const primaryLink = alias(clientContacts, 'primary_link');
const primaryContact = alias(contacts, 'primary_contact');
const contactColumns = {
  contactFirstname: sql<string | null>`coalesce(${contacts.firstname}, ${primaryContact.firstname})`,
  contactLastname: sql<string | null>`coalesce(${contacts.lastname}, ${primaryContact.lastname})`,
  contactPhone: sql<string | null>`coalesce(${contacts.phone}, ${primaryContact.phone})`,
};

const interventionColumns = {
  id: interventions.id,
  type: interventions.type,
  description: interventions.description,
  startAt: interventions.startAt,
  endAt: interventions.endAt,
  updatedAt: interventions.updatedAt,
  clientId: clients.id,
  clientName: clients.name,
  site: {
    id: sites.id,
    name: sites.name,
    status: sites.status,
    addressLabel: sites.addressLabel,
    street: sites.street,
    postalCode: sites.postalCode,
    city: sites.city,
    country: sites.country,
    latitude: sites.latitude,
    longitude: sites.longitude,
    notes: sites.notes,
    updatedAt: sites.updatedAt,
  },
  ...contactColumns,
};

/** The repository of the technician API on `db`. */
export function createFieldRepository(db: Db) {
  /** The join of an intervention to its intervener row of membership `membershipId` (none: not theirs). */
  const intervenerIs = (membershipId: string) =>
    and(
      eq(interventionInterveners.interventionId, interventions.id),
      eq(interventionInterveners.membershipId, membershipId),
    );

  /** My interventions (membership `membershipId` an intervener) of the space matching `where`, by start. */
  function myInterventions(spaceId: string, membershipId: string, where: ReturnType<typeof and>) {
    return db
      .select(interventionColumns)
      .from(interventions)
      .innerJoin(interventionInterveners, intervenerIs(membershipId))
      .innerJoin(sites, eq(sites.id, interventions.siteId))
      .innerJoin(clients, eq(clients.id, interventions.clientId))
      .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
      .leftJoin(contacts, eq(contacts.id, siteContacts.contactId))
      .leftJoin(primaryLink, and(eq(primaryLink.clientId, clients.id), eq(primaryLink.isPrimary, true)))
      .leftJoin(primaryContact, eq(primaryContact.id, primaryLink.contactId))
      .where(and(eq(interventions.spaceId, spaceId), where))
      .orderBy(asc(interventions.startAt), asc(interventions.id));
  }

  /** Whether the space has an intervention matching `where` of which membership `membershipId` is an intervener. */
  async function hasMine(spaceId: string, membershipId: string, where: ReturnType<typeof eq>): Promise<boolean> {
    const [row] = await db
      .select({ id: interventions.id })
      .from(interventions)
      .innerJoin(interventionInterveners, intervenerIs(membershipId))
      .where(and(eq(interventions.spaceId, spaceId), where))
      .limit(1);
    return row !== undefined;
  }

  return {
    // ─── device sessions ────────────────────────────────────────────────────────────────────────────────────────
    async createDevice(values: typeof fieldDevices.$inferInsert) {
      await db.insert(fieldDevices).values(values);
    },
    async insertRefreshToken(values: typeof fieldRefreshTokens.$inferInsert) {
      await db.insert(fieldRefreshTokens).values(values);
    },
    /** The refresh token of hash `tokenHash` with its device, membership, account and space, or undefined. */
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          token: fieldRefreshTokens,
          device: fieldDevices,
          membership: memberships,
          account: accounts,
          spaceName: spaces.name,
          spaceClosedAt: spaces.closedAt,
        })
        .from(fieldRefreshTokens)
        .innerJoin(fieldDevices, eq(fieldDevices.id, fieldRefreshTokens.deviceId))
        .innerJoin(memberships, eq(memberships.id, fieldDevices.membershipId))
        .innerJoin(accounts, eq(accounts.id, fieldDevices.accountId))
        .innerJoin(spaces, eq(spaces.id, memberships.spaceId))
        .where(eq(fieldRefreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
    /** Marks refresh token `id` used; false when it already was (a concurrent or replayed use). */
    async markRefreshTokenUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(fieldRefreshTokens)
        .set({ usedAt: at })
        .where(and(eq(fieldRefreshTokens.id, id), isNull(fieldRefreshTokens.usedAt)))
        .returning({ id: fieldRefreshTokens.id });
      return rows.length > 0;
    },
    async revokeDevice(id: string, at: Date) {
      await db
        .update(fieldDevices)
        .set({ revokedAt: at })
        .where(and(eq(fieldDevices.id, id), isNull(fieldDevices.revokedAt)));
    },
    async touchDevice(id: string, at: Date) {
      await db.update(fieldDevices).set({ lastUsedAt: at }).where(eq(fieldDevices.id, id));
    },
    async spaceName(spaceId: string): Promise<string> {
      const [row] = await db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
      return row?.name ?? '';
    },

    // ─── idempotency ────────────────────────────────────────────────────────────────────────────────────────────
    /**
     * Claims key `key` of the membership for a request, or answers the stored row when it is taken (younger than
     * `since`; an older one is replaced).
     */
    async claimKey(values: {
      membershipId: string;
      key: string;
      method: string;
      path: string;
      requestHash: string;
      since: Date;
    }): Promise<{ claimed: true } | { claimed: false; row: typeof fieldIdempotencyKeys.$inferSelect }> {
      const { since, ...row } = values;
      const where = and(
        eq(fieldIdempotencyKeys.membershipId, values.membershipId),
        eq(fieldIdempotencyKeys.key, values.key),
      );
      await db.delete(fieldIdempotencyKeys).where(and(where, lt(fieldIdempotencyKeys.createdAt, since)));
      const inserted = await db
        .insert(fieldIdempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: fieldIdempotencyKeys.key });
      if (inserted.length) return { claimed: true };
      const [stored] = await db.select().from(fieldIdempotencyKeys).where(where).limit(1);
      return stored ? { claimed: false, row: stored } : { claimed: true };
    },
    async storeAnswer(membershipId: string, key: string, status: number, body: unknown) {
      await db
        .update(fieldIdempotencyKeys)
        .set({ status, body })
        .where(and(eq(fieldIdempotencyKeys.membershipId, membershipId), eq(fieldIdempotencyKeys.key, key)));
    },
    async releaseKey(membershipId: string, key: string) {
      await db
        .delete(fieldIdempotencyKeys)
        .where(and(eq(fieldIdempotencyKeys.membershipId, membershipId), eq(fieldIdempotencyKeys.key, key)));
    },
    /** Deletes the stored answers older than `before`. */
    async purgeKeys(before: Date) {
      await db.delete(fieldIdempotencyKeys).where(lt(fieldIdempotencyKeys.createdAt, before));
    },

    // ─── reads ──────────────────────────────────────────────────────────────────────────────────────────────────
    /** My interventions starting in [`from`, `to`). */
    agenda: (spaceId: string, membershipId: string, from: Date, to: Date) =>
      myInterventions(spaceId, membershipId, and(gte(interventions.startAt, from), lt(interventions.startAt, to))),

    /** My interventions starting in [`from`, `to`) changed (or their site changed) after `since` (all when null). */
    changed: (spaceId: string, membershipId: string, from: Date, to: Date, since: Date | null) =>
      myInterventions(
        spaceId,
        membershipId,
        and(
          gte(interventions.startAt, from),
          lt(interventions.startAt, to),
          since ? or(gt(interventions.updatedAt, since), gt(sites.updatedAt, since)) : undefined,
        ),
      ),

    /** Whether membership `membershipId` is an intervener of intervention `id` of the space. */
    isMine(spaceId: string, membershipId: string, id: string): Promise<boolean> {
      return hasMine(spaceId, membershipId, eq(interventions.id, id));
    },

    /** The site of intervention `id` of the space, or undefined. */
    async siteOfIntervention(spaceId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ siteId: interventions.siteId })
        .from(interventions)
        .where(and(eq(interventions.spaceId, spaceId), eq(interventions.id, id)))
        .limit(1);
      return row?.siteId;
    },

    /** Whether site `siteId` of the space has an intervention of which membership `membershipId` is an intervener. */
    isMySite(spaceId: string, membershipId: string, siteId: string): Promise<boolean> {
      return hasMine(spaceId, membershipId, eq(interventions.siteId, siteId));
    },

    /** The interveners of `interventionIds`, by name. */
    async interveners(interventionIds: string[]) {
      if (!interventionIds.length) return [];
      return db
        .select({
          interventionId: interventionInterveners.interventionId,
          membershipId: memberships.id,
          firstname: accounts.firstname,
          lastname: accounts.lastname,
        })
        .from(interventionInterveners)
        .innerJoin(memberships, eq(memberships.id, interventionInterveners.membershipId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(inArray(interventionInterveners.interventionId, interventionIds))
        .orderBy(asc(accounts.lastname), asc(accounts.firstname));
    },

    /** The open alerts of sites `siteIds` of the space, by priority. */
    async openAlerts(spaceId: string, siteIds: string[]) {
      if (!siteIds.length) return [];
      return db
        .select({
          id: alerts.id,
          siteId: alerts.siteId,
          equipmentId: alerts.equipmentId,
          type: alerts.type,
          priority: alerts.priority,
          openedAt: alerts.openedAt,
        })
        .from(alerts)
        .where(and(eq(alerts.spaceId, spaceId), inArray(alerts.siteId, [...new Set(siteIds)]), isNull(alerts.closedAt)))
        .orderBy(desc(alerts.priority), asc(alerts.openedAt));
    },

    /** Site `siteId` of the space with its client and main contact, or undefined. */
    async site(spaceId: string, siteId: string) {
      const [row] = await db
        .select({
          site: interventionColumns.site,
          clientId: clients.id,
          clientName: clients.name,
          ...contactColumns,
        })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .leftJoin(siteContacts, eq(siteContacts.siteId, sites.id))
        .leftJoin(contacts, eq(contacts.id, siteContacts.contactId))
        .leftJoin(primaryLink, and(eq(primaryLink.clientId, clients.id), eq(primaryLink.isPrimary, true)))
        .leftJoin(primaryContact, eq(primaryContact.id, primaryLink.contactId))
        .where(and(eq(sites.spaceId, spaceId), eq(sites.id, siteId)))
        .limit(1);
      return row;
    },

    /** The equipment of site `siteId` of the space, by reference. */
    stations(spaceId: string, siteId: string) {
      return db
        .select({
          id: equipment.id,
          kind: equipment.kind,
          reference: equipment.reference,
          serialNumber: equipment.serialNumber,
          trapType: equipment.trapType,
          treatmentType: equipment.treatmentType,
          gatewayId: equipment.gatewayId,
          latitude: equipment.latitude,
          longitude: equipment.longitude,
          installedAt: equipment.installedAt,
          state: equipment.state,
          batteryLevel: equipment.batteryLevel,
          lastUpdateAt: equipment.lastUpdateAt,
        })
        .from(equipment)
        .where(and(eq(equipment.spaceId, spaceId), eq(equipment.siteId, siteId)))
        .orderBy(asc(sql`lower(${equipment.reference})`), asc(equipment.id));
    },

    /** The products of the space's catalogue (`changedSince`: updated after it, archived ones included). */
    products(spaceId: string, changedSince: Date | null = null) {
      return db
        .select({
          id: products.id,
          name: products.name,
          activeIngredients: products.activeIngredients,
          registrationNumber: products.registrationNumber,
          register: products.register,
          unit: products.unit,
          isBait: products.isBait,
          archivedAt: products.archivedAt,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(
          and(
            eq(products.spaceId, spaceId),
            changedSince ? gt(products.updatedAt, changedSince) : isNull(products.archivedAt),
          ),
        )
        .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
    },

    /** The database's clock (the changes cursor: one clock for every instance), to the millisecond. */
    async databaseNow(): Promise<Date> {
      const [row] = await db
        .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8` })
        .from(spaces)
        .limit(1);
      return new Date(row ? Math.floor(Number(row.ms)) : Date.now());
    },
  };
}
export type FieldRepository = ReturnType<typeof createFieldRepository>;
