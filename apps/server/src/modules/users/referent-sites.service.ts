/**
 * The sites of which a member is the referent technician, and their hand-over to other members before a role
 * change, a disable or a delete (SPEC §6 "Changing a role may require reassigning sites", "A user who is the
 * referent technician of several sites cannot be deleted or deactivated until the sites are reassigned").
 */
import {
  contextIri,
  MEMBER_COLLECTIONS,
  type ReferentSiteCollection,
  type ReferentSitesBody,
  type referentSitesBody,
  ULID_PATTERN,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { notFound, type RawViolation, validationFailed } from '../../platform/errors/app-error.js';
import { requireMember } from './users.guards.js';
import type { UsersRepository } from './users.repository.js';
import { referentSiteResource } from './users.resource.js';

type Body = z.output<typeof referentSitesBody>;

/** The ULID a reference names: `/api/<one of collections>/<ulid>` or a bare ULID; null otherwise. */
function ulidOf(value: string, collections: readonly string[]): string | null {
  const trimmed = value.trim();
  const match = /^\/api\/([a-z_]+)\/([0-9A-Za-z]{26})$/.exec(trimmed);
  if (match) {
    const ulid = match[2] as string;
    return collections.includes(match[1] as string) && ULID_PATTERN.test(ulid) ? ulid : null;
  }
  return ULID_PATTERN.test(trimmed) ? trimmed : null;
}

export function createReferentSitesService(repository: UsersRepository, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  return {
    /**
     * `GET {users}/{ulid}/referent-sites` (request `url`): a hydra collection of `ReferentSite`, unpaged (no
     * `hydra:view`), by client then site name (always empty outside PCO spaces). Throws 404 `user_not_found`.
     */
    async list(actor: Actor, ulid: string, url: string): Promise<ReferentSiteCollection> {
      const member = await requireMember(repository, actor, ulid);
      const rows = await repository.referentSites(actor.spaceId, member.id);
      return {
        '@context': contextIri('Site'),
        '@id': url.split('?')[0] ?? url,
        '@type': 'hydra:Collection',
        'hydra:member': rows.map(referentSiteResource),
        'hydra:totalItems': rows.length,
      };
    },

    /**
     * `PUT {users}/{ulid}/referent-sites {assignments: [{site, referent}]}` (204), in one transaction: every site
     * of which the member is the referent gets the given referent. `site` is a site ULID (or `/api/sites/{ulid}`),
     * `referent` a member ULID (or IRI). Throws 404 `user_not_found`; 404 `site_not_found` (a site of another space
     * or unknown); 422 `referent_sites_required` on `assignments` (a current referent site is not covered),
     * `site_invalid` on `assignments.{i}.site` (not one of the member's sites), `referent_invalid` on
     * `assignments.{i}.referent` (not an active member of the space, or the member itself).
     */
    async reassign(actor: Actor, ulid: string, body: Body | ReferentSitesBody): Promise<void> {
      await repository.transaction(async (tx) => {
        const member = await requireMember(tx, actor, ulid);
        const assignments = body.assignments.map((a) => ({
          site: ulidOf(a.site, ['sites']),
          referent: ulidOf(a.referent, MEMBER_COLLECTIONS),
        }));
        const siteIds = assignments.map((a) => a.site).filter((id): id is string => id !== null);
        const referentIds = assignments.map((a) => a.referent).filter((id): id is string => id !== null);
        // one connection inside a transaction: one query after another
        const held = await tx.referentSites(actor.spaceId, member.id);
        const existing = await tx.existingSiteIds(actor.spaceId, siteIds);
        const active = await tx.activeMemberIds(actor.spaceId, referentIds);
        if (assignments.some((a) => a.site === null || !existing.has(a.site))) throw notFound('site_not_found');
        const heldIds = new Set(held.map((s) => s.id));
        const violations: RawViolation[] = [];
        assignments.forEach((a, i) => {
          if (!heldIds.has(a.site as string)) {
            violations.push({ propertyPath: `assignments.${i}.site`, code: 'site_invalid' });
          }
          if (a.referent === null || a.referent === member.id || !active.has(a.referent)) {
            violations.push({ propertyPath: `assignments.${i}.referent`, code: 'referent_invalid' });
          }
        });
        const covered = new Set(siteIds);
        if (held.some((s) => !covered.has(s.id))) {
          violations.push({ propertyPath: 'assignments', code: 'referent_sites_required' });
        }
        if (violations.length) throw validationFailed(...violations);
        const at = now();
        for (const a of assignments) {
          await tx.moveSiteReferent(actor.spaceId, a.site as string, member.id, a.referent as string, at);
        }
      });
    },
  };
}
export type ReferentSitesService = ReturnType<typeof createReferentSitesService>;
