/** Sites (SPEC §3 "Site", §5 "Site", §7 "Sites"). Areas are in m²; coordinates decimal text, 9 decimals. */
import { z } from 'zod';
import { type ClientContact, contactInput } from './clients.js';
import {
  type Address,
  addressInput,
  dateInput,
  MEMBER_COLLECTIONS,
  manyValues,
  orderDirection,
  pageQuery,
  reference,
  type SearchResult,
  type UserLight,
} from './common.js';
import {
  ALERT_TYPES,
  BUILDING_TYPES,
  SITE_STATUSES,
  type SiteStatus,
  TERMITE_SPECIES,
  TREATMENT_TYPES,
  WORK_TYPES,
} from './enums.js';
import { optionalText, requiredText } from './rules.js';

const count = z.coerce
  .number({ error: 'estimated_equipment_invalid' })
  .int({ error: 'estimated_equipment_invalid' })
  .min(0, { error: 'estimated_equipment_invalid' })
  .max(10_000, { error: 'estimated_equipment_invalid' });

/** The site part of the site form (SPEC §5 "Site": client, main contact, name, address, area, referent required). */
export const siteInput = z.object({
  client: reference(['clients'], 'client_invalid', 'client_required'),
  name: requiredText('label_required', 255),
  description: optionalText('description_invalid'),
  address: addressInput,
  /** Area in m², strictly positive. */
  area: z.coerce
    .number({ error: 'area_required' })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 100_000_000, { error: 'area_invalid' }),
  referent: reference(MEMBER_COLLECTIONS, 'referent_invalid', 'referent_required'),
  notes: optionalText('notes_invalid'),
  work_type: z.enum(WORK_TYPES, { error: 'work_type_invalid' }).default('TYPE_UNKNOWN'),
  building_type: z.enum(BUILDING_TYPES, { error: 'building_type_invalid' }).default('TYPE_NONE'),
  termite_species: z.enum(TERMITE_SPECIES, { error: 'termite_species_invalid' }).default('undefined'),
  treatment_type: z.enum(TREATMENT_TYPES, { error: 'treatment_type_invalid' }).default('TYPE_PREVENTION'),
  estimated_box_number: count.default(0),
  estimated_igs_number: count.default(0),
  estimated_ags_number: count.default(0),
  desired_installation_date: dateInput('desired_installation_date_invalid')
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(SITE_STATUSES, { error: 'status_invalid' }).default('STATUS_TO_ESTIMATE'),
});
export type SiteInput = z.input<typeof siteInput>;

/** The main contact of a site: an IRI of one of the client's contacts, or a new contact. */
export const siteContactRef = z.union([reference(['contacts'], 'contact_invalid', 'contact_required'), contactInput], {
  error: 'contact_required',
});

/** `POST /api/site_contacts {site, contact}` → 201 `{site, contact}`. */
export const createSiteContactBody = z.object({ site: siteInput, contact: siteContactRef });
export type CreateSiteContactBody = z.input<typeof createSiteContactBody>;
/** The validated body of `POST /api/site_contacts` (references reduced to ULIDs, coordinates rounded). */
export type CreateSiteContactData = z.output<typeof createSiteContactBody>;

/** `PUT /api/site_contacts/{site_contact_ulid}` with the site's `@id` and a contact reference. */
export const updateSiteContactBody = z.object({
  site: siteInput.extend({ '@id': z.string().optional() }),
  contact: siteContactRef,
});
export type UpdateSiteContactBody = z.input<typeof updateSiteContactBody>;
export type UpdateSiteContactData = z.output<typeof updateSiteContactBody>;

/**
 * `GET /api/sites` filters, kept while browsing (SPEC §3): users (referent member ULIDs or IRIs), clients (client
 * ULIDs or IRIs), status, treatment type, alert type (`NONE` = no alert), name (contains, case-insensitive) and the sort
 * order (`order[name]` or `order[updated_at]`, default name ascending). The query string is parsed with `qs`:
 * `order[name]=asc` arrives as `{order: {name: 'asc'}}` and `users[]=a&users[]=b` as `{users: ['a', 'b']}`.
 * `pagination=false` (with `client.ulid`) answers a hydra collection of every matching site instead of the two lists.
 */
export const siteListQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  users: manyValues(z.string().max(200)),
  clients: manyValues(z.string().max(200)),
  status: manyValues(z.enum(SITE_STATUSES)),
  treatment_type: manyValues(z.enum(TREATMENT_TYPES)),
  alert_type: manyValues(z.enum(ALERT_TYPES)),
  order: z
    .object({
      name: orderDirection.optional(),
      updated_at: orderDirection.optional(),
      priority_sum: orderDirection.optional(),
    })
    .optional(),
  'client.ulid': z.string().max(200).optional(),
  pagination: z.enum(['true', 'false']).optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

/** `GET /api/sites/search?name&page&client.ulid&order[name]`: `{list: [{'@id', ulid, name}], total}`, 30 a page. */
export const siteSearchQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(255).optional(),
  'client.ulid': z.string().max(200).optional(),
  order: z.object({ name: orderDirection.optional() }).optional(),
});
export type SiteSearchQuery = z.infer<typeof siteSearchQuery>;

export interface SiteListItem {
  '@id': string;
  '@type': 'Site';
  ulid: string;
  name: string;
  status: SiteStatus;
  client: { '@id': string; ulid: string; name: string };
  address: Address;
  referent: UserLight | null;
  treatment_type: string;
  priority_sum: number;
  main_alert_type: string | null;
  /** Start of the next planned intervention (planned statuses show it), ISO 8601, or null. */
  planned_at: string | null;
  updated_at: string;
}
/** `GET /api/sites`: alert sites and other sites, with their counts (SPEC §3). */
export interface SiteListAnswer {
  in_alert_sites: SiteListItem[];
  other_sites: SiteListItem[];
  in_alert_site_number: number;
  other_site_number: number;
}
/** `GET /api/sites/{id}`. */
export interface SiteDetail extends SiteListItem {
  client_ulid: string;
  description: string | null;
  area: number;
  contact: SiteContact | null;
  contact_ulid: string | null;
  referent_ulid: string | null;
  notes: string | null;
  work_type: string;
  building_type: string;
  termite_species: string;
  estimated_box_number: number;
  estimated_igs_number: number;
  estimated_ags_number: number;
  desired_installation_date: string | null;
  created_at: string;
}
/** `GET /api/sites/{id}/light` (SPEC §3 "Site light view"). */
export interface SiteLight {
  '@id': string;
  ulid: string;
  description: string | null;
  status: SiteStatus;
  desired_installation_date: string | null;
}

/** The main contact of a site: a contact of the site's client, with its client link and its site link ULIDs. */
export type SiteContact = ClientContact & { site_contact_ulid: string };

/** `GET /api/sites/search`: `{list: [{'@id', ulid, name}], total}` (SPEC §3 "Site search result"). */
export type SiteSearchResult = SearchResult<{ '@id': string; ulid: string; name: string }>;

/** `POST /api/site_contacts` (201) and `PUT /api/site_contacts/{site_contact_ulid}` (200). */
export interface SiteContactAnswer {
  site: SiteDetail;
  contact: SiteContact;
}
