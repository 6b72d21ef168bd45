/**
 * Site rows → JSON-LD items (SPEC §3 "Site"): snake_case fields, date-times in the actor's time zone. The columns
 * hold the contracts' enumeration values (written through the validated site form), hence the casts below.
 */
import {
  iri,
  type Role,
  type SiteContact,
  type SiteDetail,
  type SiteLight,
  type SiteListItem,
  type UpdateSiteContactBody,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { SiteDetailRow, SiteListRow } from './sites.repository.js';

type Referent = SiteListRow['referent'];

/** The referent chip: a `User`, `/api/user_<type>s/{membership ulid}`, or null. */
function referentItem(referent: Referent): SiteListItem['referent'] {
  if (!referent?.id) return null;
  return {
    '@id': iri(`user_${referent.spaceType ?? 'pco'}s`, referent.id),
    '@type': 'User',
    ulid: referent.id,
    firstname: referent.firstname ?? '',
    lastname: referent.lastname ?? '',
    color: referent.color,
    status: referent.status ?? undefined,
    role: (referent.role as Role | null) ?? undefined,
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
    status: site.status as SiteListItem['status'],
    client: { '@id': iri('clients', site.clientId), '@type': 'Client', ulid: site.clientId, name: row.clientName },
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
    treatment_type: site.treatmentType as SiteListItem['treatment_type'],
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
    work_type: site.workType as SiteDetail['work_type'],
    building_type: site.buildingType as SiteDetail['building_type'],
    termite_species: site.termiteSpecies as SiteDetail['termite_species'],
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
    '@type': 'Site',
    ulid: row.id,
    description: row.description,
    status: row.status as SiteLight['status'],
    desired_installation_date: row.desiredInstallationDate,
  };
}

/**
 * The `PUT /api/site_contacts/{id}` body a site has now (what a merge patch applies to): references as IRIs, the
 * address with its coordinates as stored, the referent and main contact as IRIs or null when gone (the patch must
 * then name one: the `PUT` requires them).
 */
export function siteContactPutBody(row: SiteDetailRow): UpdateSiteContactBody {
  const { site } = row;
  const referent = row.referent?.id ? iri(`user_${row.referent.spaceType ?? 'pco'}s`, row.referent.id) : null;
  return {
    site: {
      '@id': iri('sites', site.id),
      client: iri('clients', site.clientId),
      name: site.name,
      description: site.description,
      address: {
        label: site.addressLabel,
        street: site.street,
        postal_code: site.postalCode,
        city: site.city,
        country: site.country,
        latitude: site.latitude,
        longitude: site.longitude,
      },
      area: site.area,
      referent,
      notes: site.notes,
      work_type: site.workType as SiteDetail['work_type'],
      building_type: site.buildingType as SiteDetail['building_type'],
      termite_species: site.termiteSpecies as SiteDetail['termite_species'],
      treatment_type: site.treatmentType as SiteDetail['treatment_type'],
      estimated_box_number: site.estimatedBoxNumber,
      estimated_igs_number: site.estimatedIgsNumber,
      estimated_ags_number: site.estimatedAgsNumber,
      desired_installation_date: site.desiredInstallationDate,
      status: site.status as SiteDetail['status'],
    },
    contact: row.contact ? iri('contacts', row.contact.contact.id) : null,
  } as UpdateSiteContactBody;
}
