/** Sites (SPEC §3 "Site", §5 "Site", §7 "Sites"). Areas are in m²; coordinates decimal text, 9 decimals. */
import { z } from 'zod';
import { clientContactResource, contactInput } from './clients.js';
import {
  addressInput,
  addressValue,
  dateInput,
  MEMBER_COLLECTIONS,
  manyValues,
  memberLight,
  orderDirection,
  pageQuery,
  reference,
} from './common.js';
import { ALERT_TYPES, BUILDING_TYPES, SITE_STATUSES, TERMITE_SPECIES, TREATMENT_TYPES, WORK_TYPES } from './enums.js';
import { hydraCollectionOf, hydraView, isoDateTime, jsonLdKeys, searchResultOf } from './jsonld.js';
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
 * Paged by `page` and `itemsPerPage` (30 by default, at most 100) over one sequence: the sites in alert, then the others.
 * `pagination=false` (with `client.ulid`) answers a hydra collection of every matching site (at most 1000) instead.
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

/** A client embedded in a site or an intervention: `{@id, @type: Client, ulid, name}`. */
export const clientReference = z
  .object({ ...jsonLdKeys('Client'), ulid: z.string(), name: z.string() })
  .meta({ id: 'ClientReference' });

/** An item of `GET /api/sites` (SPEC §3 "Site"). */
export const siteListItem = z
  .object({
    ...jsonLdKeys('Site'),
    ulid: z.string(),
    name: z.string(),
    status: z.enum(SITE_STATUSES),
    client: clientReference,
    address: addressValue,
    referent: memberLight.nullable().describe('The referent technician'),
    treatment_type: z.enum(TREATMENT_TYPES),
    priority_sum: z.number().int().describe('Sum of the priorities of the open alerts; > 0: the site is in alert'),
    main_alert_type: z.string().nullable().describe('Type of the highest-priority open alert'),
    planned_at: isoDateTime.nullable().describe('Start of the next planned intervention (planned statuses show it)'),
    updated_at: isoDateTime,
  })
  .meta({ id: 'Site' });
export type SiteListItem = z.output<typeof siteListItem>;

/**
 * `GET /api/sites`: one page of the sites matching the filters, the sites in alert first (by `priority_sum`
 * descending), then the other sites (SPEC §3): `in_alert_sites` and `other_sites` are this page's share of each, the
 * two numbers are the totals of every matching site, and `hydra:view` links the other pages.
 */
export const siteListAnswer = z
  .object({
    in_alert_sites: z.array(siteListItem),
    other_sites: z.array(siteListItem),
    in_alert_site_number: z.number().int().min(0).describe('Number of matching sites in alert (every page)'),
    other_site_number: z.number().int().min(0).describe('Number of the other matching sites (every page)'),
    'hydra:view': hydraView,
  })
  .meta({ id: 'SiteList' });
export type SiteListAnswer = z.output<typeof siteListAnswer>;

/** `GET /api/sites?pagination=false&client.ulid=…`: every matching site as one hydra collection. */
export const siteCollection = hydraCollectionOf(siteListItem).meta({ id: 'SiteCollection' });
export type SiteCollection = z.output<typeof siteCollection>;

/** The main contact of a site: a contact of the site's client, with its client link and its site link ULIDs. */
export const siteContactResource = clientContactResource
  .extend({ site_contact_ulid: z.string().describe('ULID of the site↔contact link (PUT /api/site_contacts/{ulid})') })
  .meta({ id: 'SiteContact' });
export type SiteContact = z.output<typeof siteContactResource>;

/** `GET /api/sites/{id}`: every field of SPEC §3 "Site". */
export const siteDetail = siteListItem
  .extend({
    client_ulid: z.string(),
    description: z.string().nullable(),
    area: z.number().describe('Area in m²'),
    contact: siteContactResource.nullable().describe('The main contact'),
    contact_ulid: z.string().nullable(),
    referent_ulid: z.string().nullable(),
    notes: z.string().nullable(),
    work_type: z.enum(WORK_TYPES),
    building_type: z.enum(BUILDING_TYPES),
    termite_species: z.enum(TERMITE_SPECIES),
    estimated_box_number: z.number().int(),
    estimated_igs_number: z.number().int(),
    estimated_ags_number: z.number().int(),
    desired_installation_date: z.string().nullable().describe('YYYY-MM-DD'),
    created_at: isoDateTime,
  })
  .meta({ id: 'SiteDetail' });
export type SiteDetail = z.output<typeof siteDetail>;

/** `GET /api/sites/{id}/light` (SPEC §3 "Site light view"). */
export const siteLight = z
  .object({
    ...jsonLdKeys('Site'),
    ulid: z.string(),
    description: z.string().nullable(),
    status: z.enum(SITE_STATUSES),
    desired_installation_date: z.string().nullable().describe('YYYY-MM-DD'),
  })
  .meta({ id: 'SiteLight' });
export type SiteLight = z.output<typeof siteLight>;

/** One result of `GET /api/sites/search` (SPEC §3 "Site search result"). */
export const siteSearchItem = z
  .object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string() })
  .meta({ id: 'SiteSearchItem' });
export type SiteReference = z.output<typeof siteSearchItem>;
/** `GET /api/sites/search`: `{list: [{@id, @type, ulid, name}], total}`. */
export const siteSearchResult = searchResultOf(siteSearchItem).meta({ id: 'SiteSearchResult' });
export type SiteSearchResult = z.output<typeof siteSearchResult>;

/** `POST /api/site_contacts` (201) and `PUT /api/site_contacts/{site_contact_ulid}` (200). */
export const siteContactAnswer = z
  .object({ site: siteDetail, contact: siteContactResource })
  .meta({ id: 'SiteContactAnswer' });
export type SiteContactAnswer = z.output<typeof siteContactAnswer>;
