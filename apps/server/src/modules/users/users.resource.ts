/** Rows → JSON-LD items of the users API (SPEC §3 "User", §7 "Users"). Date-times: ISO 8601 with the actor's offset. */
import { iri, type Language, type ReferentSite, type Role, type SpaceUser } from '@isoptera/contracts';
import { formatZoned } from '../../platform/time/zoned.js';
import type { ReferentSiteRow } from './referent-sites.repository.js';
import type { MemberRow } from './users.repository.js';

/** The collection of members of a user type: `user_pcos`, `user_dealers`, `user_admins`. */
export function memberCollection(spaceType: MemberRow['spaceType']): string {
  return `user_${spaceType}s`;
}

/** A member as `SpaceUser`: `@id` `/api/user_<type>s/{membership ulid}`, dates in `timeZone`. */
export function spaceUserResource(row: MemberRow, timeZone: string): SpaceUser {
  const date = (value: Date | null) => (value ? formatZoned(value, timeZone) : null);
  return {
    '@id': iri(memberCollection(row.spaceType), row.id),
    '@type': 'User',
    ulid: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role as Role,
    status: row.status,
    color: row.color,
    avatar: row.avatar,
    lang: row.lang as Language,
    timezone: row.timezone,
    licence_number: row.licenceNumber,
    disabled_at: date(row.disabledAt),
    last_invited_at: date(row.lastInvitedAt),
    last_login_at: date(row.lastLoginAt),
    nb_referent_site: row.nbReferentSite,
  };
}

/** A site of which a member is the referent (`/api/sites/{ulid}`), with its client (`/api/clients/{ulid}`). */
export function referentSiteResource(row: ReferentSiteRow): ReferentSite {
  return {
    '@id': iri('sites', row.id),
    '@type': 'Site',
    ulid: row.id,
    name: row.name,
    client: { '@id': iri('clients', row.clientId), '@type': 'Client', ulid: row.clientId, name: row.clientName },
  };
}
