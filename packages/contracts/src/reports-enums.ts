/**
 * Enumerations of visit reports (issue 12; SPEC §3 report types, §4 "Reports": to process, then history = sent or
 * discarded). Codes, never translated: the `reports` catalogue of `@isoptera/i18n` names them in each language.
 */

/** Where a report stands: `to_process` (editable), then history: `sent` to the customer or `discarded`. */
export const REPORT_STATUSES = ['to_process', 'sent', 'discarded'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The two lists of `/reports` (SPEC §2.7): `history` holds the sent and the discarded reports. */
export const REPORT_LISTS = ['to_process', 'history'] as const;
export type ReportList = (typeof REPORT_LISTS)[number];

/** What the technician found at a station. */
export const STATION_CHECK_RESULTS = ['no_activity', 'activity', 'damaged', 'missing', 'not_accessible'] as const;
export type StationCheckResult = (typeof STATION_CHECK_RESULTS)[number];

/** What the technician did at a station. */
export const STATION_CHECK_ACTIONS = [
  'inspected',
  'baited',
  'bait_replaced',
  'station_replaced',
  'installed',
  'removed',
] as const;
export type StationCheckAction = (typeof STATION_CHECK_ACTIONS)[number];

/** How much of the bait was consumed: none, a third, two thirds, all. */
export const BAIT_CONSUMPTIONS = ['none', 'third', 'two_thirds', 'all'] as const;
export type BaitConsumption = (typeof BAIT_CONSUMPTIONS)[number];

/** The register a product's registration number belongs to (US EPA, French / EU biocide authorisation, Japan). */
export const PRODUCT_REGISTERS = ['epa', 'fr_biocide', 'eu_biocide', 'jp'] as const;
export type ProductRegister = (typeof PRODUCT_REGISTERS)[number];

/** Units in which a product's quantity is recorded. */
export const PRODUCT_UNITS = ['g', 'kg', 'ml', 'l', 'unit'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** What a report photo shows. */
export const REPORT_PHOTO_KINDS = ['before', 'after', 'damage', 'conducive_condition', 'installation'] as const;
export type ReportPhotoKind = (typeof REPORT_PHOTO_KINDS)[number];

/**
 * What an automatic report is (issue 15; docs/decisions/018): `periodic` (the schedule's report of a period), `alert` (a new termite or colony
 * alert, at most one per site per 24 h), `equipment` (a gateway silent for more than 24 h: a notice for the PCO,
 * never sent automatically).
 */
export const AUTOMATIC_REPORT_KINDS = ['periodic', 'alert', 'equipment'] as const;
export type AutomaticReportKind = (typeof AUTOMATIC_REPORT_KINDS)[number];
