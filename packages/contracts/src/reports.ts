/**
 * Visit reports (issue 12; SPEC §2.7 "Reports", §3 report types, §4 "Reports", §8 "Report 404";
 * docs/decisions/010-visit-reports.md): what a technician found and did on a visit — station checks, products used,
 * photos, signatures — reviewed by the office while *to process*, then *sent* to the customer as a frozen PDF or
 * *discarded*. Date-times in answers are ISO 8601 with the offset of the actor's time zone; in requests
 * `YYYY-MM-DD HH:mm:ss` in the actor's time zone, or ISO 8601 with an offset.
 */
import { z } from 'zod';
import { dateInput, dateTimeInput, iri, MEMBER_COLLECTIONS, pageQuery, reference } from './common.js';
import { LANGUAGES, REPORT_TYPES, TERMITE_SPECIES } from './enums.js';
import { STATION_KINDS, TRAP_TYPES } from './equipment.js';
import { hydraView, isoDateTime, jsonLdKeys } from './jsonld.js';
import {
  AUTOMATIC_REPORT_KINDS,
  BAIT_CONSUMPTIONS,
  PRODUCT_REGISTERS,
  PRODUCT_UNITS,
  REPORT_LISTS,
  REPORT_PHOTO_KINDS,
  REPORT_STATUSES,
  STATION_CHECK_ACTIONS,
  STATION_CHECK_RESULTS,
} from './reports-enums.js';
import { emailAddress, optionalText } from './rules.js';
import { clientReference } from './sites.js';

/** Photo limits: ≤ 10 MB, checked by content, resized to fit this square (pixels), stored as WebP. */
export const REPORT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const REPORT_PHOTO_SIZE_PX = 1600;
/** At most this many recipients per sending. */
export const REPORT_MAX_RECIPIENTS = 20;
/** The longest discard reason, in characters. */
export const REPORT_DISCARD_REASON_MAX = 500;

/** The IRI (and URL) of a report photo: `/api/reports/{ulid}/photos/{photoUlid}` (image/webp). */
export const reportPhotoIri = (reportUlid: string, photoUlid: string): string =>
  `${iri('reports', reportUlid)}/photos/${photoUlid}`;
/** The URL of a report's PDF: `/api/reports/{ulid}/pdf`. */
export const reportPdfUrl = (reportUlid: string): string => `${iri('reports', reportUlid)}/pdf`;

// ─── The list ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET /api/reports` (PCO action): `status=to_process` (default; oldest visit first) or `history` (sent and
 * discarded, most recently processed first); `client.ulid`, `site.ulid`, `type`, the period `from`..`to` (calendar
 * days, inclusive, in the actor's time zone, on the end of the visit), `search` (client or site name containing it,
 * ignoring case and accents); `page`, `itemsPerPage` (≤ 100).
 */
export const reportListQuery = z.object({
  ...pageQuery,
  status: z.enum(REPORT_LISTS, { error: 'status_invalid' }).default('to_process'),
  'client.ulid': z.string().max(200).optional(),
  'site.ulid': z.string().max(200).optional(),
  type: z.enum(REPORT_TYPES, { error: 'type_invalid' }).optional(),
  from: dateInput('from_invalid').optional(),
  to: dateInput('to_invalid').optional(),
  search: z.string().trim().max(100).optional(),
});
export type ReportListQuery = z.output<typeof reportListQuery>;

/** The site of a report, with its client. */
export const reportSite = z
  .object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string(), client: clientReference })
  .meta({ id: 'ReportSite' });

/** An item of `GET /api/reports`: what the lists show. */
export const reportListItem = z
  .object({
    ...jsonLdKeys('Report'),
    ulid: z.string(),
    status: z.enum(REPORT_STATUSES),
    type: z.enum(REPORT_TYPES),
    language: z.enum(LANGUAGES).describe('Language of the customer document and mail'),
    site: reportSite,
    client: clientReference,
    intervention_ulid: z.string().nullable().describe('The visit it reports, or null (automatic report)'),
    automatic_kind: z
      .enum(AUTOMATIC_REPORT_KINDS)
      .nullable()
      .optional()
      .describe('An automatic report: `periodic`, `alert` or `equipment` (docs/decisions/018); null otherwise'),
    visit_started_at: isoDateTime,
    visit_ended_at: isoDateTime,
    sent_at: isoDateTime.nullable().describe('When it was sent to the customer (the first sending), or null'),
    discarded_at: isoDateTime.nullable(),
    discard_reason: z.string().nullable(),
    updated_at: isoDateTime,
  })
  .meta({ id: 'ReportListItem' });
export type ReportListItem = z.output<typeof reportListItem>;

/**
 * `GET /api/reports`: one page of the requested list with the number of reports of each list under the same
 * filters (the tab counts; each exact up to 1 000, then estimated).
 */
export const reportCollection = z
  .object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(reportListItem),
    'hydra:totalItems': z.number().int().min(0),
    'hydra:view': hydraView.optional(),
    to_process_number: z.number().int().min(0).describe('Reports to process matching the filters'),
    history_number: z.number().int().min(0).describe('Sent and discarded reports matching the filters'),
  })
  .meta({ id: 'ReportCollection' });
export type ReportCollection = z.output<typeof reportCollection>;

// ─── The report ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A person of the visit as the report recorded them (a snapshot: later renames do not change it). */
export const reportPerson = z
  .object({
    member: z.string().nullable().describe('IRI of the membership (`/api/user_pcos/{ulid}`), null once deleted'),
    member_ulid: z.string().nullable(),
    name: z.string(),
    licence_number: z.string().nullable().describe('Applicator licence number at the time of the visit'),
  })
  .meta({ id: 'ReportPerson' });
export type ReportPerson = z.output<typeof reportPerson>;

/** What was found and done at one station (a snapshot of the station at the time of the visit). */
export const stationCheckValue = z
  .object({
    equipment: z.string().nullable().describe('IRI of the station, null once it was removed'),
    equipment_ulid: z.string().nullable(),
    reference: z.string(),
    kind: z.enum(STATION_KINDS),
    trap_type: z.enum(TRAP_TYPES).nullable(),
    position: z
      .object({ latitude: z.string(), longitude: z.string() })
      .nullable()
      .describe('Decimal degrees as text, or null'),
    result: z.enum(STATION_CHECK_RESULTS),
    action: z.enum(STATION_CHECK_ACTIONS),
    bait_consumed: z.enum(BAIT_CONSUMPTIONS).nullable(),
    termite_activity: z
      .number()
      .int()
      .nullable()
      .describe("The sensor's termite activity (0–100) at the visit: its latest reading up to 24 h before the end"),
    reading_measured_at: isoDateTime.nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'StationCheck' });
export type StationCheckValue = z.output<typeof stationCheckValue>;

/** One use of a product (the regulatory record of a treatment): a snapshot of the product and of the applicator. */
export const productUseValue = z
  .object({
    product: z.string().describe('IRI of the product (`/api/products/{ulid}`)'),
    product_ulid: z.string(),
    product_name: z.string(),
    active_ingredients: z.array(z.object({ name: z.string(), percent: z.number() })),
    registration_number: z.string().nullable(),
    register: z.enum(PRODUCT_REGISTERS).nullable(),
    quantity: z.number().describe('In `unit`'),
    unit: z.enum(PRODUCT_UNITS),
    concentration: z.string().nullable(),
    method: z.string().nullable(),
    area_treated: z.string().nullable(),
    target_species: z.array(z.enum(TERMITE_SPECIES)),
    applicator: reportPerson.nullable(),
    lot: z.string().nullable(),
  })
  .meta({ id: 'ProductUse' });
export type ProductUseValue = z.output<typeof productUseValue>;

/** A photo of the report; `url` (= `@id`) answers the WebP image to the members of its space. */
export const reportPhotoResource = z
  .object({
    ...jsonLdKeys('ReportPhoto'),
    ulid: z.string(),
    kind: z.enum(REPORT_PHOTO_KINDS),
    equipment_ulid: z.string().nullable().describe('The station whose check it illustrates, or null'),
    taken_at: isoDateTime.nullable(),
    client_id: z.string().nullable().describe('The id the uploading client gave it (idempotent upload)'),
    url: z.string(),
  })
  .meta({ id: 'ReportPhoto' });
export type ReportPhoto = z.output<typeof reportPhotoResource>;

/** One sending of the frozen PDF: when, by whom, to whom. */
export const reportDeliveryValue = z
  .object({
    kind: z.enum(['send', 'resend']),
    at: isoDateTime,
    by: reportPerson.nullable(),
    recipients: z.array(z.string()),
  })
  .meta({ id: 'ReportDelivery' });

/** `GET /api/reports/{ulid}`: the whole report. */
export const reportResource = reportListItem
  .extend({
    intervention: z.string().nullable().describe('IRI of the visit, or null'),
    summary: z.string().nullable(),
    recommendations: z.string().nullable(),
    conducive_conditions: z.string().nullable(),
    customer_absent: z.boolean(),
    customer_signature_name: z.string().nullable(),
    customer_signed_at: isoDateTime.nullable(),
    has_customer_signature: z.boolean().describe('A signature image was captured'),
    technician: reportPerson.nullable().describe('The technician who signed'),
    has_technician_signature: z.boolean(),
    interveners: z.array(reportPerson),
    station_checks: z.array(stationCheckValue).describe('By station reference'),
    product_uses: z.array(productUseValue),
    photos: z.array(reportPhotoResource).describe('Oldest first'),
    deliveries: z.array(reportDeliveryValue).describe('Oldest first'),
    pdf_url: z.string().describe('The PDF: the frozen one once sent, else a draft rendered on demand'),
    pdf_sha256: z.string().nullable().describe('SHA-256 (hex) of the frozen PDF, once sent'),
    created_at: isoDateTime,
  })
  .meta({ id: 'Report' });
export type Report = z.output<typeof reportResource>;

// ─── Edits ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The check of one station, keyed by the station (`/api/equipment/{ulid}`, a station of the report's site). */
export const stationCheckInput = z.object(
  {
    equipment: reference(['equipment'], 'station_invalid'),
    result: z.enum(STATION_CHECK_RESULTS, { error: 'result_invalid' }),
    action: z.enum(STATION_CHECK_ACTIONS, { error: 'action_invalid' }),
    bait_consumed: z
      .enum(BAIT_CONSUMPTIONS, { error: 'bait_consumed_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    note: optionalText('note_invalid', 2000),
  },
  { error: 'station_invalid' },
);

/** One use of a product; `unit` defaults to the product's; `applicator` a member IRI of the space. */
export const productUseInput = z.object(
  {
    product: reference(['products'], 'product_invalid', 'product_required'),
    quantity: z
      .number({ error: 'quantity_invalid' })
      .positive({ error: 'quantity_invalid' })
      .max(1_000_000_000, { error: 'quantity_invalid' }),
    unit: z
      .enum(PRODUCT_UNITS, { error: 'unit_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    concentration: optionalText('concentration_invalid', 100),
    method: optionalText('method_invalid', 200),
    area_treated: optionalText('area_treated_invalid', 500),
    target_species: z
      .array(z.enum(TERMITE_SPECIES, { error: 'target_species_invalid' }), { error: 'target_species_invalid' })
      .max(TERMITE_SPECIES.length, { error: 'target_species_invalid' })
      .default([]),
    applicator: reference(MEMBER_COLLECTIONS, 'applicator_invalid')
      .nullish()
      .transform((v) => v ?? null),
    lot: optionalText('lot_invalid', 100),
  },
  { error: 'product_invalid' },
);

/**
 * `PUT /api/reports/{ulid}` (PCO action; only while to process, else 409 `report_not_editable`): every field
 * replaced. `station_checks` replaces the checks of the stations it names and removes the others (a check whose
 * station was removed since stays); `product_uses` replaces every use. The server also checks: the visit ends after
 * it starts and not in the future (`visit_ended_at_invalid`), each station is a station of the report's site named
 * once (`station_invalid`), each product is of the catalogue and not archived unless the report already used it
 * (`product_invalid`), each applicator an active member (`applicator_invalid`).
 */
export const reportUpdateBody = z.object({
  visit_started_at: dateTimeInput('visit_started_at_required', 'visit_started_at_invalid'),
  visit_ended_at: dateTimeInput('visit_ended_at_required', 'visit_ended_at_invalid'),
  language: z.enum(LANGUAGES, { error: 'language_not_accepted' }),
  summary: optionalText('summary_invalid', 10_000),
  recommendations: optionalText('recommendations_invalid', 10_000),
  conducive_conditions: optionalText('conducive_conditions_invalid', 10_000),
  customer_absent: z.boolean({ error: 'customer_absent_invalid' }).default(false),
  customer_signature_name: optionalText('customer_signature_name_invalid', 200),
  station_checks: z.array(stationCheckInput, { error: 'station_invalid' }).max(1000).default([]),
  product_uses: z.array(productUseInput, { error: 'product_invalid' }).max(100).default([]),
});
export type ReportUpdateBody = z.input<typeof reportUpdateBody>;

/** The recipients of a sending: 1 to 20 e-mail addresses (duplicates sent once). */
const recipients = z
  .array(emailAddress, { error: 'recipients_required' })
  .min(1, { error: 'recipients_required' })
  .max(REPORT_MAX_RECIPIENTS, { error: 'recipients_invalid' });

/** `POST /api/reports/{ulid}/send`: to whom (the web app proposes the client's primary contact). */
export const reportSendBody = z.object({ recipients });
/** `POST /api/reports/{ulid}/resend`: to whom; left out, the recipients of the last sending. */
export const reportResendBody = z.object({ recipients: recipients.optional() });
/** `POST /api/reports/{ulid}/discard`: why it is not sent (required, ≤ 500 characters). */
export const reportDiscardBody = z.object({
  reason: z
    .string({ error: 'reason_required' })
    .trim()
    .min(1, { error: 'reason_required', abort: true })
    .max(REPORT_DISCARD_REASON_MAX, { error: 'reason_invalid' }),
});

/**
 * The text fields of `POST /api/reports/{ulid}/photos` (multipart, beside the `file` part): `kind`; `equipment`,
 * the station whose check the photo illustrates (IRI or ULID, a station checked by the report); `taken_at`;
 * `client_id`, an id the client makes up so that a replayed upload answers the photo already stored (200).
 */
export const reportPhotoFields = z.object({
  kind: z.enum(REPORT_PHOTO_KINDS, { error: 'kind_invalid' }),
  equipment: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined)
    .pipe(reference(['equipment'], 'station_invalid').optional()),
  taken_at: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined)
    .pipe(dateTimeInput('taken_at_invalid', 'taken_at_invalid').optional()),
  client_id: z
    .string()
    .trim()
    .max(100, { error: 'client_id_invalid' })
    .regex(/^[A-Za-z0-9._:-]*$/, { error: 'client_id_invalid' })
    .optional()
    .transform((v) => v || undefined),
});
export type ReportPhotoFields = z.input<typeof reportPhotoFields>;
