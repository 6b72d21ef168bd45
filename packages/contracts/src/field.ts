/**
 * Schemas of the technician API `/api/field/v1` (issue 12 "The technician API"; docs/decisions/011-technician-api.md),
 * the calls of the mobile app: device login with a bearer access token and a rotated refresh token, the agenda, a
 * site with its stations, the product catalogue, and the writes of a visit (check-in/out, station checks, stations
 * installed, replaced or removed, photos, product uses, completion). Bodies are plain JSON (`application/json`) in
 * SPEC §7's naming: snake_case, ULIDs, date-times ISO 8601 with the offset of the user's time zone in answers (ISO
 * 8601 with an offset, or `YYYY-MM-DD HH:mm:ss` in the user's zone, in requests); errors are problem+json (SPEC §8).
 */
import { z } from 'zod';
import { coordinate, dateInput, dateTimeInput } from './common.js';
import { TREATMENT_TYPES } from './enums.js';
import { EQUIPMENT_KINDS, TRAP_TYPES } from './equipment.js';
import { isoDateTime } from './jsonld.js';
import { productUseInput, stationCheckInput } from './reports.js';
import {
  BAIT_CONSUMPTIONS,
  PRODUCT_REGISTERS,
  PRODUCT_UNITS,
  REPORT_PHOTO_KINDS,
  STATION_CHECK_ACTIONS,
  STATION_CHECK_RESULTS,
} from './reports-enums.js';
import { optionalText } from './rules.js';

/** Lifetime of a field access token, in seconds (15 minutes). */
export const FIELD_ACCESS_TOKEN_TTL_SECONDS = 900;
/** Lifetime of a field refresh token, in days; each refresh answers a new one. */
export const FIELD_REFRESH_TOKEN_TTL_DAYS = 30;
/** How long a stored idempotent answer is replayed, in hours. */
export const FIELD_IDEMPOTENCY_TTL_HOURS = 24;
/** The longest agenda, in days. */
export const FIELD_AGENDA_MAX_DAYS = 62;
/** How far ahead a first `GET /changes` (no cursor) reaches, in days. */
export const FIELD_CHANGES_WEEKS_AHEAD = 4;
/** The largest signature image (PNG), in bytes once decoded. */
export const FIELD_SIGNATURE_MAX_BYTES = 512 * 1024;

const ulid = z.string().describe('ULID');

// ─── Authentication ──────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /api/field/v1/auth/login`. `two_factor_code`: the 6-digit code e-mailed by a first call (issue 3 rules). */
export const fieldLoginBody = z.object({
  email: z.string({ error: 'email_required' }).trim().toLowerCase().min(1, { error: 'email_required' }).max(255),
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(4096),
  device_name: z
    .string({ error: 'device_name_required' })
    .trim()
    .min(1, { error: 'device_name_required' })
    .max(100, { error: 'device_name_invalid' }),
  two_factor_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'auth_code_invalid' })
    .optional(),
});
export type FieldLoginBody = z.input<typeof fieldLoginBody>;

/** The person and space a field session acts as. */
export const fieldUser = z
  .object({
    ulid: ulid.describe('ULID of the membership (the "user")'),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    role: z.string(),
    timezone: z.string().describe('IANA time zone: the agenda’s days and every date-time of the answers'),
    lang: z.string(),
  })
  .meta({ id: 'FieldUser' });

/** Tokens of a device session: `Authorization: Bearer <access_token>` on every other call. */
export const fieldTokenAnswer = z
  .object({
    access_token: z.string().describe('Signed token, valid `expires_in` seconds'),
    refresh_token: z.string().describe('Opaque, single use, valid 30 days: `POST /auth/refresh` answers a new one'),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds'),
    user: fieldUser,
    space: z.object({ ulid, name: z.string() }),
  })
  .meta({ id: 'FieldTokens' });
export type FieldTokenAnswer = z.output<typeof fieldTokenAnswer>;

/** A login that needs the e-mailed code: call again with `two_factor_code` (202, no token yet). */
export const fieldTwoFactorAnswer = z
  .object({ two_factor: z.literal(true), email: z.string().describe('Where the code was sent') })
  .meta({ id: 'FieldTwoFactorRequired' });

/** `POST …/auth/refresh` and `POST …/auth/logout`. */
export const fieldRefreshBody = z.object({
  refresh_token: z.string({ error: 'refresh_token_required' }).min(1, { error: 'refresh_token_required' }).max(200),
});

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /agenda?from&to`: calendar days in the user's time zone, inclusive, at most 62 days. */
export const fieldAgendaQuery = z.object({
  from: dateInput('from_invalid'),
  to: dateInput('to_invalid'),
});

/** An open alert of a site or station. */
export const fieldAlert = z
  .object({
    ulid,
    type: z.string(),
    priority: z.number().int(),
    opened_at: isoDateTime,
    station_ulid: z.string().nullable(),
  })
  .meta({ id: 'FieldAlert' });

/** A site as the agenda shows it. */
export const fieldSiteSummary = z
  .object({
    ulid,
    name: z.string(),
    status: z.string(),
    address_label: z.string(),
    street: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.string().nullable().describe('Decimal degrees'),
    longitude: z.string().nullable().describe('Decimal degrees'),
    notes: z.string().nullable().describe('Instructions for the visit (the site’s notes)'),
    contact: z
      .object({ name: z.string(), phone: z.string() })
      .nullable()
      .describe('The site’s main contact, else the client’s primary one'),
  })
  .meta({ id: 'FieldSiteSummary' });

/** Where a visit stands for the technician API. */
export const FIELD_VISIT_STATUSES = ['planned', 'checked_in', 'checked_out', 'completed'] as const;

/** One intervention of the agenda (I am one of its interveners). */
export const fieldIntervention = z
  .object({
    ulid,
    type: z.string(),
    description: z.string().nullable(),
    start_at: isoDateTime,
    end_at: isoDateTime,
    status: z.enum(FIELD_VISIT_STATUSES),
    checked_in_at: isoDateTime.nullable(),
    checked_out_at: isoDateTime.nullable(),
    report_ulid: z.string().nullable().describe('The report once the visit is completed (or recorded on the web)'),
    client: z.object({ ulid, name: z.string() }),
    site: fieldSiteSummary,
    interveners: z.array(z.object({ ulid, firstname: z.string(), lastname: z.string() })),
    open_alerts: z.array(fieldAlert),
    updated_at: isoDateTime,
  })
  .meta({ id: 'FieldIntervention' });
export type FieldIntervention = z.output<typeof fieldIntervention>;

export const fieldAgenda = z
  .object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    interventions: z.array(fieldIntervention).describe('By start'),
  })
  .meta({ id: 'FieldAgenda' });

/** The latest check of a station (from the latest report of the site that checked it, completed visits only). */
export const fieldLastCheck = z
  .object({
    report_ulid: ulid,
    visit_ended_at: isoDateTime,
    result: z.enum(STATION_CHECK_RESULTS),
    action: z.enum(STATION_CHECK_ACTIONS),
    bait_consumed: z.enum(BAIT_CONSUMPTIONS).nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'FieldLastCheck' });

/** A station (or gateway) of a site. */
export const fieldStation = z
  .object({
    ulid,
    kind: z.enum(EQUIPMENT_KINDS),
    reference: z.string(),
    serial_number: z.string(),
    trap_type: z.string().nullable(),
    latitude: z.string().nullable(),
    longitude: z.string().nullable(),
    installed_at: isoDateTime.nullable(),
    state: z.number().int().describe('Sensor state code of the last uplink'),
    battery_level: z.string().nullable(),
    last_update_at: isoDateTime.nullable(),
    last_check: fieldLastCheck.nullable(),
    open_alerts: z.array(fieldAlert),
  })
  .meta({ id: 'FieldStation' });
export type FieldStation = z.output<typeof fieldStation>;

export const fieldSite = fieldSiteSummary
  .extend({
    client: z.object({ ulid, name: z.string() }),
    stations: z.array(fieldStation).describe('By reference'),
    open_alerts: z.array(fieldAlert),
  })
  .meta({ id: 'FieldSite' });

/** A product of the catalogue (archived ones are left out). */
export const fieldProduct = z
  .object({
    ulid,
    name: z.string(),
    active_ingredients: z.array(z.object({ name: z.string(), percent: z.number() })),
    registration_number: z.string().nullable(),
    register: z.enum(PRODUCT_REGISTERS).nullable(),
    unit: z.enum(PRODUCT_UNITS),
    is_bait: z.boolean(),
    updated_at: isoDateTime,
  })
  .meta({ id: 'FieldProduct' });

export const fieldProducts = z.object({ products: z.array(fieldProduct) }).meta({ id: 'FieldProducts' });

/** `GET /changes?since=`: the cursor of a previous answer, or nothing for a first synchronisation. */
export const fieldChangesQuery = z.object({
  since: z.string().max(200).optional().describe('Opaque cursor answered by the previous call'),
});

export const fieldChanges = z
  .object({
    cursor: z.string().describe('Pass it as `since` next time'),
    full: z.boolean().describe('`true`: no (valid) cursor was given, everything of the window is answered'),
    interventions: z
      .array(fieldIntervention)
      .describe('My interventions of the window created or changed since the cursor (site included)'),
    intervention_ulids: z
      .array(z.string())
      .describe('Every intervention of mine in the window now: any other one the app holds was deleted or reassigned'),
    window: z.object({ from: z.string(), to: z.string() }).describe('Days (user’s zone) the window covers'),
    products: z.array(fieldProduct).describe('Products changed since the cursor (archived ones in `removed_products`)'),
    removed_products: z.array(z.string()),
  })
  .meta({ id: 'FieldChanges' });

// ─── Visit writes ────────────────────────────────────────────────────────────────────────────────────────────────

const position = z
  .object({
    lat: z
      .number({ error: 'position_invalid' })
      .min(-90, { error: 'position_invalid' })
      .max(90, { error: 'position_invalid' }),
    lng: z
      .number({ error: 'position_invalid' })
      .min(-180, { error: 'position_invalid' })
      .max(180, { error: 'position_invalid' }),
    accuracy: z.number({ error: 'position_invalid' }).min(0, { error: 'position_invalid' }).max(100_000).nullish(),
  })
  .describe('Decimal degrees; accuracy in metres');

/** `POST …/check-in` and `…/check-out`: when (default now) and where. */
export const fieldCheckBody = z.object({
  at: dateTimeInput('at_invalid', 'at_invalid').optional(),
  position: position.nullish(),
});

/** The state of a visit after a write. */
export const fieldVisit = z
  .object({
    intervention_ulid: ulid,
    report_ulid: ulid.describe('The visit’s report (in progress until completed)'),
    status: z.enum(FIELD_VISIT_STATUSES),
    checked_in_at: isoDateTime.nullable(),
    checked_out_at: isoDateTime.nullable(),
  })
  .meta({ id: 'FieldVisit' });

/**
 * `PUT …/station-checks/{stationUlid}`: what was found and done at the station (replaces the previous check). The
 * rules are the report edit's (`stationCheckInput`), less the station, which the path names; a fresh object so that a
 * body that is not an object keeps the default error rather than the list item's `station_invalid`.
 */
export const fieldStationCheckBody = z.object(stationCheckInput.omit({ equipment: true }).shape);

export const fieldStationCheck = z
  .object({
    station_ulid: z.string().nullable().describe('Null once the station was removed'),
    reference: z.string(),
    result: z.enum(STATION_CHECK_RESULTS),
    action: z.enum(STATION_CHECK_ACTIONS),
    bait_consumed: z.enum(BAIT_CONSUMPTIONS).nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'FieldStationCheck' });

/**
 * A serial number, typed or read from a QR code: `qr` is the code's text, whose serial is its last segment after
 * `/`, `:` or `=` (`https://…/s/ISO-12345`, `SN:ISO-12345`, `serial=ISO-12345`, or the bare serial).
 */
const serialSource = {
  serial_number: z.string().trim().max(64).optional(),
  qr: z.string().trim().max(500).optional(),
};

/** `POST …/stations`: a station installed during the visit (registered on the site at once). */
export const fieldInstallBody = z.object({
  ...serialSource,
  kind: z.enum(EQUIPMENT_KINDS, { error: 'kind_invalid' }).refine((k) => k !== 'gateway', { error: 'kind_invalid' }),
  reference: z.string().trim().min(1, { error: 'reference_required' }).max(64, { error: 'reference_invalid' }),
  trap_type: z.enum(TRAP_TYPES, { error: 'trap_type_invalid' }),
  treatment_type: z.enum(TREATMENT_TYPES, { error: 'treatment_type_invalid' }),
  latitude: coordinate('latitude_invalid', 90).nullish(),
  longitude: coordinate('longitude_invalid', 180).nullish(),
  gateway: z
    .string()
    .regex(/^[0-9A-Za-z]{26}$/, { error: 'gateway_invalid' })
    .nullish()
    .describe('ULID of the gateway of the site that relays it'),
  note: optionalText('note_invalid', 2000),
});

/** `POST …/stations/{stationUlid}/replace`: the station replaced by a new device (new serial) or a new trap. */
export const fieldReplaceBody = z.object({ ...serialSource, note: optionalText('note_invalid', 2000) });

/** `POST …/stations/{stationUlid}/remove`. */
export const fieldRemoveBody = z.object({ note: optionalText('note_invalid', 2000) });

/** The answer of an install or replace: the station as it now is, and the check recorded. */
export const fieldStationChange = z
  .object({ station: fieldStation.nullable(), check: fieldStationCheck })
  .meta({ id: 'FieldStationChange' });

/** A photo of the visit; the multipart upload's fields are the reports' (`reportPhotoFields`), `client_id` required. */
export const fieldPhoto = z
  .object({
    ulid,
    client_id: z.string(),
    kind: z.enum(REPORT_PHOTO_KINDS),
    station_ulid: z.string().nullable(),
    taken_at: isoDateTime.nullable(),
  })
  .meta({ id: 'FieldPhoto' });
export type FieldPhoto = z.output<typeof fieldPhoto>;

/**
 * `PUT …/product-uses/{clientId}`: one use of a product, keyed by the app's own id. The rules are the report edit's
 * (`productUseInput`) but the product is a bare ULID rather than an IRI and there is no applicator (the technician is);
 * a fresh object, as for the station check.
 */
export const fieldProductUseBody = z.object(
  productUseInput.omit({ applicator: true }).extend({
    product: z.string({ error: 'product_required' }).regex(/^[0-9A-Za-z]{26}$/, { error: 'product_invalid' }),
  }).shape,
);

export const fieldProductUse = z
  .object({
    client_id: z.string(),
    product_ulid: z.string(),
    product_name: z.string(),
    quantity: z.number(),
    unit: z.string(),
  })
  .meta({ id: 'FieldProductUse' });

const pngBase64 = z
  .string()
  .max(Math.ceil((FIELD_SIGNATURE_MAX_BYTES * 4) / 3) + 100, { error: 'signature_invalid' })
  .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/=\s]+$/, { error: 'signature_invalid' })
  .describe('PNG image, base64 (a `data:image/png;base64,` prefix is accepted), at most 512 kB');

/**
 * `POST …/complete`: the visit done. Visit start and end default to check-in and check-out (else now); either the
 * customer signs (`customer_signature_name` and `customer_signature`) or `customer_absent` is true.
 */
export const fieldCompleteBody = z.object({
  visit_started_at: dateTimeInput('visit_started_at_invalid', 'visit_started_at_invalid').optional(),
  visit_ended_at: dateTimeInput('visit_ended_at_invalid', 'visit_ended_at_invalid').optional(),
  summary: optionalText('summary_invalid', 5000),
  recommendations: optionalText('recommendations_invalid', 5000),
  conducive_conditions: optionalText('conducive_conditions_invalid', 5000),
  customer_absent: z.boolean({ error: 'customer_absent_invalid' }).default(false),
  customer_signature_name: optionalText('customer_signature_name_invalid', 200),
  customer_signature: pngBase64.nullish(),
  technician_signature: pngBase64.nullish(),
});

export const fieldCompleted = z
  .object({ intervention_ulid: ulid, report_ulid: ulid, status: z.literal('to_process') })
  .meta({ id: 'FieldCompleted' });
