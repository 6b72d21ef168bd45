/**
 * The sites of which a member is the referent technician (SPEC §3 "Site": referent), for their hand-over before a
 * role change, a disable or a delete (SPEC §6). Part of the users repository (its transactions included); every
 * query is scoped to the space id it is given.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { clients, memberships, sites } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** A site of which a member is the referent technician, with its client. */
export interface ReferentSiteRow {
  id: string;
  name: string;
  clientId: string;
  clientName: string;
}

/** The referent-site queries on `db` (a database or a transaction). */
export function createReferentSiteQueries(db: Db) {
  return {
    /** The sites of the space whose referent is `membershipId`, by client name then site name. */
    referentSites(spaceId: string, membershipId: string): Promise<ReferentSiteRow[]> {
      return db
        .select({ id: sites.id, name: sites.name, clientId: clients.id, clientName: clients.name })
        .from(sites)
        .innerJoin(clients, eq(clients.id, sites.clientId))
        .where(and(eq(sites.spaceId, spaceId), eq(sites.referentId, membershipId)))
        .orderBy(asc(sql`lower(${clients.name})`), asc(sql`lower(${sites.name})`), asc(sites.id));
    },

    /** Those of `siteIds` that are sites of the space. */
    async existingSiteIds(spaceId: string, siteIds: string[]): Promise<Set<string>> {
      if (!siteIds.length) return new Set();
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.spaceId, spaceId), inArray(sites.id, siteIds)));
      return new Set(rows.map((r) => r.id));
    },

    /** Those of `membershipIds` that are active members of the space. */
    async activeMemberIds(spaceId: string, membershipIds: string[]): Promise<Set<string>> {
      if (!membershipIds.length) return new Set();
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
      return new Set(rows.map((r) => r.id));
    },

    /** Makes `referentId` the referent of the site `siteId` of the space, if `fromId` still is. */
    async moveSiteReferent(spaceId: string, siteId: string, fromId: string, referentId: string, at: Date) {
      await db
        .update(sites)
        .set({ referentId, updatedAt: at })
        .where(and(eq(sites.id, siteId), eq(sites.spaceId, spaceId), eq(sites.referentId, fromId)));
    },
  };
}
