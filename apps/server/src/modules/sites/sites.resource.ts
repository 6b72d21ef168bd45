/** Site rows → JSON-LD items (SPEC §3 "Site"): snake_case fields, date-times in the actor's time zone. */
import {
  iri,
  type SiteContact,
  type SiteDetail,
  type SiteLight,
  type SiteListItem,
  type SiteStatus,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { SiteDetailRow, SiteListRow } from './sites.repository.js';

type Referent = SiteListRow['referent'];

function referentItem(referent: Referent): SiteListItem['referent'] {
  if (!referent?.id) return null;
  return {
    '@id': iri(`user_${referent.spaceType ?? 'pco'}s`, referent.id),
    ulid: referent.id,
    firstname: referent.firstname ?? '',
    lastname: referent.lastname ?? '',
    color: referent.color,
    status: referent.status ?? undefined,
    role: referent.role ?? undefined,
  };
}

/** An item of `GET /api/sites` (SPEC §3 "Site"; `planned_at` = start of the next intervention, or null). */
export function siteListItem(row: SiteListRow, actor: Actor): SiteListItem {
  const { site } = row;
  return {
    '@id': iri('sites', site.id),
    '@type': 'Site',
    ulid: site.id,
    name: site.name,
    status: site.status as SiteStatus,
    client: { '@id': iri('clients', site.clientId), ulid: site.clientId, name: row.clientName },
    address: {
      label: site.addressLabel,
      street: site.street,
      postal_code: site.postalCode,
      city: site.city,
      country: site.country,
      latitude: site.latitude,
      longitude: site.longitude,
    },
    referent: referentItem(row.referent),
    treatment_type: site.treatmentType,
    priority_sum: site.prioritySum,
    main_alert_type: site.mainAlertType,
    planned_at: row.plannedAt ? formatZoned(row.plannedAt, actor.timezone) : null,
    updated_at: formatZoned(site.updatedAt, actor.timezone),
  };
}

/** The main contact of a site (a contact of its client), or null. */
export function siteContactItem(contact: SiteDetailRow['contact']): SiteContact | null {
  if (!contact) return null;
  const c = contact.contact;
  return {
    '@id': iri('contacts', c.id),
    '@type': 'Contact',
    ulid: c.id,
    firstname: c.firstname,
    lastname: c.lastname,
    phone: c.phone,
    email: c.email,
    title: c.title,
    notes: c.notes,
    client_contact_ulid: contact.clientContactId ?? '',
    is_primary: contact.isPrimary ?? false,
    site_contact_ulid: contact.siteContactId,
  };
}

/** `GET /api/sites/{id}`: every field of SPEC §3 "Site". */
export function siteDetail(row: SiteDetailRow, actor: Actor): SiteDetail {
  const { site } = row;
  const contact = siteContactItem(row.contact);
  return {
    ...siteListItem(row, actor),
    client_ulid: site.clientId,
    description: site.description,
    area: site.area,
    contact,
    contact_ulid: contact?.ulid ?? null,
    referent_ulid: site.referentId,
    notes: site.notes,
    work_type: site.workType,
    building_type: site.buildingType,
    termite_species: site.termiteSpecies,
    estimated_box_number: site.estimatedBoxNumber,
    estimated_igs_number: site.estimatedIgsNumber,
    estimated_ags_number: site.estimatedAgsNumber,
    desired_installation_date: site.desiredInstallationDate,
    created_at: formatZoned(site.createdAt, actor.timezone),
  };
}

/** `GET /api/sites/{id}/light` (SPEC §3 "Site light view"). */
export function siteLight(row: {
  id: string;
  description: string | null;
  status: string;
  desiredInstallationDate: string | null;
}): SiteLight {
  return {
    '@id': iri('sites', row.id),
    ulid: row.id,
    description: row.description,
    status: row.status as SiteStatus,
    desired_installation_date: row.desiredInstallationDate,
  };
}
