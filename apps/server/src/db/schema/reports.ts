/**
 * Visit reports and the product catalogue (issue 12; docs/decisions/010-visit-reports.md). Every row belongs to a
 * space (directly, or through its report). Files — photos (WebP), signatures (PNG), the frozen PDF — are stored in the
 * database (`bytea`) so that every instance serves them. Times are timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberships } from './accounts.js';
import { clients } from './clients.js';
import { foldedNameColumn, timestamps, tz, ulidPk, ulidRef, versionColumn } from './columns.js';
import { equipment } from './equipment.js';
import { interventions } from './interventions.js';
import { sites } from './sites.js';
import { spaces } from './spaces.js';

/**
 * A `bytea` column read as a Node `Buffer` on both drivers (`pg` answers a Buffer, PGlite a Uint8Array). Select it
 * only where the bytes are needed: lists never do.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An active ingredient of a product, in percent (0–100). */
export interface ActiveIngredientValue {
  name: string;
  percent: number;
}

/** A product of a PCO's catalogue. Archived (never deleted) once a report used it. */
export const products = pgTable(
  'products',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `name` folded (`fold_name`): what the catalogue search matches. */
    nameFolded: foldedNameColumn(),
    activeIngredients: jsonb('active_ingredients').$type<ActiveIngredientValue[]>().notNull().default([]),
    registrationNumber: text('registration_number'),
    /** `PRODUCT_REGISTERS` (epa, fr_biocide, eu_biocide, jp), or null. */
    register: text('register'),
    /** `PRODUCT_UNITS`. */
    unit: text('unit').notNull(),
    isBait: boolean('is_bait').notNull().default(false),
    archivedAt: tz('archived_at'),
    ...timestamps(),
  },
  (t) => [index('products_space_name_idx').on(t.spaceId, sql`lower(${t.name})`, t.id)],
);
export type ProductRow = typeof products.$inferSelect;

/** A position reported by the mobile app: decimal degrees, accuracy in metres. */
export interface FieldPositionValue {
  lat: number;
  lng: number;
  accuracy: number | null;
}

/** A visit report (or, later, an automatic report): to process, then sent or discarded. */
export const reports = pgTable(
  'reports',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    clientId: ulidRef('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The visit it reports (one report per visit); null for an automatic report or once the visit is deleted. */
    interventionId: ulidRef('intervention_id').references(() => interventions.id, { onDelete: 'set null' }),
    /** `REPORT_TYPES`: the intervention's type. */
    type: text('type').notNull(),
    /**
     * `REPORT_STATUSES`, or `in_progress`: a visit under way through the technician API (docs/decisions/011), which
     * no web list, count or read shows until it is completed (to process).
     */
    status: text('status').notNull().default('to_process'),
    visitStartedAt: tz('visit_started_at').notNull(),
    visitEndedAt: tz('visit_ended_at').notNull(),
    summary: text('summary'),
    recommendations: text('recommendations'),
    conduciveConditions: text('conducive_conditions'),
    customerAbsent: boolean('customer_absent').notNull().default(false),
    customerSignatureName: text('customer_signature_name'),
    customerSignedAt: tz('customer_signed_at'),
    /** PNG. */
    customerSignature: bytea('customer_signature'),
    technicianMembershipId: ulidRef('technician_membership_id').references(() => memberships.id, {
      onDelete: 'set null',
    }),
    /** Name of the signing technician at the time (the membership may go). */
    technicianName: text('technician_name'),
    /** PNG. */
    technicianSignature: bytea('technician_signature'),
    /** `LANGUAGES`: the language of the customer document and mail. */
    language: text('language').notNull(),
    /**
     * The site status this report's creation replaced (docs/decisions/010), or null when it changed nothing: a
     * control visit's later edits put it back when their checks show activity.
     */
    siteStatusBefore: text('site_status_before'),
    discardReason: text('discard_reason'),
    discardedAt: tz('discarded_at'),
    sentAt: tz('sent_at'),
    /** When it entered the history (sent or discarded); null while to process. The history's order. */
    processedAt: tz('processed_at'),
    /** The frozen PDF, set on the first sending and never changed. */
    pdf: bytea('pdf'),
    /** SHA-256 (hex) of `pdf`. */
    pdfSha256: text('pdf_sha256'),
    createdById: ulidRef('created_by_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** Check-in of the visit by the technician API (docs/decisions/011), with the device's position if given. */
    checkedInAt: tz('checked_in_at'),
    checkInPosition: jsonb('check_in_position').$type<FieldPositionValue>(),
    checkedOutAt: tz('checked_out_at'),
    checkOutPosition: jsonb('check_out_position').$type<FieldPositionValue>(),
    /**
     * An automatic report (docs/decisions/018): `AUTOMATIC_REPORT_KINDS` (periodic, alert, equipment), else null.
     * Its period is [`period_start`, `period_end`) — a periodic report's week, month or quarter in the space's time
     * zone, the 24 h before an alert report, a silent gateway's first 24 h of silence for an equipment notice.
     */
    automaticKind: text('automatic_kind'),
    periodStart: tz('period_start'),
    periodEnd: tz('period_end'),
    /** What an automatic report shows (`AutomaticReportData`), computed once when it is built: its PDF is reproducible. */
    automaticData: jsonb('automatic_data'),
    version: versionColumn(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reports_intervention_unique').on(t.interventionId),
    // once per site, kind and period, however often or on however many instances the job runs
    uniqueIndex('reports_automatic_period_unique')
      .on(t.siteId, t.type, t.automaticKind, t.periodStart, t.periodEnd)
      .where(sql`${t.periodStart} is not null`),
    // The to-process list: oldest visit first.
    index('reports_space_status_visit_idx').on(t.spaceId, t.status, t.visitEndedAt, t.id),
    // The history: most recently processed first (scanned backwards).
    index('reports_space_processed_idx').on(t.spaceId, t.processedAt, t.id).where(sql`${t.processedAt} is not null`),
    index('reports_site_idx').on(t.siteId),
    // The response clock (docs/decisions/019): the first check-in on a site after an alert opened.
    index('reports_site_checked_in_idx').on(t.siteId, t.checkedInAt).where(sql`${t.checkedInAt} is not null`),
    index('reports_client_idx').on(t.clientId),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** A person of the visit, as the report recorded them. */
export const reportInterveners = pgTable(
  'report_interveners',
  {
    reportId: ulidRef('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    membershipId: ulidRef('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** Snapshot: "Firstname Lastname" at the time of the visit. */
    name: text('name').notNull(),
    licenceNumber: text('licence_number'),
    position: smallint('position').notNull(),
  },
  (t) => [
    uniqueIndex('report_interveners_position_unique').on(t.reportId, t.position),
    index('report_interveners_member_idx').on(t.membershipId),
  ],
);

/** What was found and done at one station during the visit, with a snapshot of the station. */
export const reportStationChecks = pgTable(
  'report_station_checks',
  {
    id: ulidPk(),
    reportId: ulidRef('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    equipmentId: ulidRef('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    reference: text('reference').notNull(),
    /** igs or ags. */
    kind: text('kind').notNull(),
    trapType: text('trap_type'),
    latitude: numeric('latitude', { precision: 12, scale: 9 }),
    longitude: numeric('longitude', { precision: 12, scale: 9 }),
    /** `STATION_CHECK_RESULTS`. */
    result: text('result').notNull(),
    /** `STATION_CHECK_ACTIONS`. */
    action: text('action').notNull(),
    /** `BAIT_CONSUMPTIONS`, or null. */
    baitConsumed: text('bait_consumed'),
    /** The station's reading at the visit (0–100), or null. */
    termiteActivity: smallint('termite_activity'),
    readingMeasuredAt: tz('reading_measured_at'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('report_station_checks_station_unique').on(t.reportId, t.equipmentId),
    index('report_station_checks_equipment_idx').on(t.equipmentId),
  ],
);

/** One use of a product during the visit (the regulatory record), with snapshots of the product and applicator. */
export const reportProductUses = pgTable(
  'report_product_uses',
  {
    id: ulidPk(),
    reportId: ulidRef('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    // cascade only so that a space's purge goes through both tables (a restricting key fails there, whichever way it
    // is checked): the products service never deletes a product a report uses, it archives it
    productId: ulidRef('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    activeIngredients: jsonb('active_ingredients').$type<ActiveIngredientValue[]>().notNull().default([]),
    registrationNumber: text('registration_number'),
    register: text('register'),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    concentration: text('concentration'),
    method: text('method'),
    areaTreated: text('area_treated'),
    targetSpecies: text('target_species').array().notNull().default(sql`'{}'::text[]`),
    applicatorMembershipId: ulidRef('applicator_membership_id').references(() => memberships.id, {
      onDelete: 'set null',
    }),
    applicatorName: text('applicator_name'),
    applicatorLicenceNumber: text('applicator_licence_number'),
    lot: text('lot'),
    position: integer('position').notNull(),
    /** The id the technician API's client made up for this use (docs/decisions/011): its `PUT` replaces it. */
    clientId: text('client_id'),
  },
  (t) => [
    index('report_product_uses_report_idx').on(t.reportId),
    uniqueIndex('report_product_uses_client_id_unique').on(t.reportId, t.clientId),
    index('report_product_uses_product_idx').on(t.productId),
  ],
);

/** A photo of the report (WebP from the image pipeline), optionally of one station check. */
export const reportPhotos = pgTable(
  'report_photos',
  {
    id: ulidPk(),
    reportId: ulidRef('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    stationCheckId: ulidRef('station_check_id').references(() => reportStationChecks.id, { onDelete: 'set null' }),
    /** `REPORT_PHOTO_KINDS`. */
    kind: text('kind').notNull(),
    file: bytea('file').notNull(),
    takenAt: tz('taken_at'),
    /** The id the uploading client made up: a replayed upload finds the photo already stored. */
    clientId: text('client_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_photos_report_idx').on(t.reportId),
    uniqueIndex('report_photos_client_id_unique').on(t.reportId, t.clientId),
  ],
);

/** One sending of the frozen PDF: `send` (the first) or `resend`. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: ulidPk(),
    reportId: ulidRef('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['send', 'resend'] }).notNull(),
    at: tz('at').notNull(),
    byMembershipId: ulidRef('by_membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    /** Name of the sender at the time. */
    byName: text('by_name'),
    recipients: text('recipients').array().notNull(),
  },
  (t) => [index('report_deliveries_report_idx').on(t.reportId, t.at)],
);

/**
 * The automatic reports schedule (docs/decisions/018): the PCO's (`site_id` null, one per space) and the sites' own
 * overrides (one per site; no row: the site follows the PCO's). Defaults: `DEFAULT_AUTOMATIC_REPORT_SETTINGS`.
 */
export const automaticReportSettings = pgTable(
  'automatic_report_settings',
  {
    id: ulidPk(),
    spaceId: ulidRef('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    siteId: ulidRef('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** `AUTOMATIC_REPORT_FREQUENCIES`. */
    frequency: text('frequency').notNull(),
    /** ISO weekday, 1 Monday … 7 Sunday (weekly). */
    weekday: smallint('weekday').notNull(),
    /** 1–28, or null for the month's last day (monthly, quarterly). */
    monthDay: smallint('month_day'),
    /** 0–23, in the space's time zone. */
    hour: smallint('hour').notNull(),
    /** `AUTOMATIC_REPORT_DELIVERIES`. */
    delivery: text('delivery').notNull(),
    primaryContact: boolean('primary_contact').notNull().default(true),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    allClear: boolean('all_clear').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('automatic_report_settings_space_unique').on(t.spaceId).where(sql`${t.siteId} is null`),
    uniqueIndex('automatic_report_settings_site_unique').on(t.siteId),
  ],
);
export type AutomaticReportSettingsRow = typeof automaticReportSettings.$inferSelect;
