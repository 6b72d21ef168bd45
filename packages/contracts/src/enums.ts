/**
 * Enumerations of the product (SPEC §3 "Enumerations"). The string values are the wire values: they travel
 * unchanged in requests, responses, filters and the database, and the UI translates them from `enums.<name>.<value>`.
 */

/** Intervention (visit) types, SPEC §3. */
export const INTERVENTION_TYPES = [
  'TYPE_PRE_VISIT',
  'TYPE_COMMISSIONING',
  'TYPE_CONTROL_VISIT',
  'TYPE_CLOSING_SITE',
] as const;
export type InterventionType = (typeof INTERVENTION_TYPES)[number];

/** Report types: the intervention types plus the automatic report, SPEC §3. */
export const REPORT_TYPES = [...INTERVENTION_TYPES, 'TYPE_AUTOMATIC_REPORT'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Site statuses in their life-cycle order (estimate → install → operation → check → close), SPEC §3 and §4. */
export const SITE_STATUSES = [
  'STATUS_TO_ESTIMATE',
  'STATUS_PLANNED_ESTIMATE_VISIT',
  'STATUS_TO_INSTALL',
  'STATUS_PLANNED_INSTALL',
  'STATUS_IN_OPERATION',
  'STATUS_TO_CHECK',
  'STATUS_PLANNED_INSPECTION_VISIT',
  'STATUS_TO_CLOSE',
  'STATUS_PLANNED_CLOSING',
  'STATUS_CLOSED',
] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** Statuses that carry a scheduled date ("planned statuses show the scheduled date"), SPEC §3. */
export const PLANNED_SITE_STATUSES: readonly SiteStatus[] = [
  'STATUS_PLANNED_ESTIMATE_VISIT',
  'STATUS_PLANNED_INSTALL',
  'STATUS_PLANNED_INSPECTION_VISIT',
  'STATUS_PLANNED_CLOSING',
];

/** Treatment types: prevention/monitoring or elimination/corrective, SPEC §3. */
export const TREATMENT_TYPES = ['TYPE_PREVENTION', 'TYPE_ELIMINATION'] as const;
export type TreatmentType = (typeof TREATMENT_TYPES)[number];

/** Work types; `TYPE_UNKNOWN` is the implied third value, SPEC §3. */
export const WORK_TYPES = ['TYPE_BUILDING', 'TYPE_NO_BUILDING', 'TYPE_UNKNOWN'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

/** Building types; `TYPE_NONE` is the implied third value, SPEC §3. */
export const BUILDING_TYPES = ['TYPE_COMMERCIAL', 'TYPE_RESIDENTIAL', 'TYPE_NONE'] as const;
export type BuildingType = (typeof BUILDING_TYPES)[number];

/** Alert types, SPEC §3. `NONE` means no alert. */
export const ALERT_TYPES = [
  'TYPE_TERMITE_ALERT',
  'TYPE_LOW_BATTERY',
  'TYPE_COMMUNICATION_ERROR',
  'TYPE_COMMUNICATION_WEAK_SIGNAL',
  'TYPE_COLONY_DETECTED',
  'OTHERS',
  'NONE',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Termite species (Latin names, never translated), SPEC §3; `undefined` when not identified. */
export const TERMITE_SPECIES = [
  'reticulitermes_flavipes',
  'reticulitermes_grassei',
  'reticulitermes_urbis',
  'reticulitermes_banyulensis',
  'reticulitermes_lucifugus',
  'reticulitermes_speratus',
  'heterotermes',
  'coptotermes_gestroi',
  'coptotermes_formosanus',
  'undefined',
] as const;
export type TermiteSpecies = (typeof TERMITE_SPECIES)[number];

/** Interface languages, SPEC §9: default fr, fallback en. */
export const LANGUAGES = ['fr', 'en', 'ja', 'it', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const FALLBACK_LANGUAGE: Language = 'en';

/** User (space) types, SPEC §3. */
export const USER_TYPES = ['admin', 'dealer', 'pco'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Membership status, SPEC §3 "User": active, invited or disabled. */
export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Default time zone of an account, SPEC §9. */
export const DEFAULT_TIMEZONE = 'Europe/Paris';
