/**
 * Alerts and logs of connected equipment (issue 5 "Alerts", "Telemetry ingestion"; SPEC §2.7 "Sites" alert log, §3
 * alert types): a site's alert log and synchronisation log, the alert thresholds of a PCO space, and the live events
 * of `GET /api/events`. Times are ISO 8601 with offset in the actor's time zone.
 */
import { z } from 'zod';
import { ALERT_CLOSE_REASONS, EQUIPMENT_KINDS, RULE_ALERT_TYPES, UPLINK_TRANSPORTS } from './equipment.js';
import { isoDateTime, jsonLdKeys } from './jsonld.js';
import { alertResponseClock } from './response-clock.js';

// ─── Alerts and logs ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * An alert (`/api/alerts/{ulid}`), as the alert log and `GET /api/alerts` show it, with the site it was raised on.
 * `GET /api/sites/{ulid}/logs?page&equipment.ulid` (PCO action): the site's alerts, open and closed, newest first,
 * 30 a page, optionally of one equipment.
 * `POST /api/alerts/{ulid}/acknowledge` (PCO action) closes an open alert (409 `alert_already_closed`). A site-level
 * alert (colony) has `equipment: null`.
 */
export const alertLogEntryResource = z
  .object({
    ...jsonLdKeys('Alert'),
    ulid: z.string(),
    type: z.enum(RULE_ALERT_TYPES),
    priority: z.number().int().describe("Its weight in the site's `priority_sum`"),
    site: z.object({ ...jsonLdKeys('Site'), ulid: z.string(), name: z.string() }).describe('The site it was raised on'),
    equipment: z
      .object({ ...jsonLdKeys('Equipment'), ulid: z.string(), reference: z.string(), kind: z.enum(EQUIPMENT_KINDS) })
      .nullable()
      .describe('The equipment it is about; null for a site-level alert (colony)'),
    opened_at: isoDateTime,
    closed_at: isoDateTime.nullable(),
    close_reason: z.enum(ALERT_CLOSE_REASONS).nullable(),
    acknowledged_by: z.string().nullable().describe('Who acknowledged it (first and last name), or null'),
    details: z
      .record(z.string(), z.unknown())
      .describe('What triggered it, e.g. `{termite_activity: 72, threshold: 30}`'),
    response: alertResponseClock.describe('Its response clock (issue 15; docs/decisions/019)'),
  })
  .meta({ id: 'Alert' });
export type AlertLogEntry = z.output<typeof alertLogEntryResource>;

/** `GET /api/sites/{ulid}/logs?page&equipment.ulid`. */
export const alertLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  'equipment.ulid': z.string().max(26).optional(),
});

/** Whether an alert is still open (`closed_at` null) or closed. */
export const ALERT_STATES = ['open', 'closed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * `GET /api/alerts?page&itemsPerPage&site.ulid&equipment.ulid&status&type` (PCO action): every alert of the current
 * space, newest first (30 a page by default, at most 100), optionally of one site, one equipment, open or closed
 * ones, one type.
 */
export const alertListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
  'site.ulid': z.string().max(26).optional(),
  'equipment.ulid': z.string().max(26).optional(),
  status: z.enum(ALERT_STATES, { error: 'status_invalid' }).optional(),
  type: z.enum(RULE_ALERT_TYPES, { error: 'type_invalid' }).optional(),
});
export type AlertListQuery = z.output<typeof alertListQuery>;

/**
 * An entry of a site's synchronisation log (one per uplink of its gateways; `/api/sync_logs/{ulid}`).
 * `GET /api/sites/{ulid}/sync_logs?page` (PCO action): newest first, 30 a page.
 */
export const syncLogEntryResource = z
  .object({
    ...jsonLdKeys('SyncLogEntry'),
    ulid: z.string().describe("The entry's sequence number"),
    gateway: z
      .object({
        ...jsonLdKeys('Equipment'),
        ulid: z.string(),
        serial_number: z.string(),
        reference: z.string(),
      })
      .nullable(),
    transport: z.enum(UPLINK_TRANSPORTS),
    received_at: isoDateTime,
    accepted: z.number().int(),
    duplicates: z.number().int(),
    rejected: z.number().int(),
    errors: z
      .array(z.object({ serial_number: z.string().optional(), code: z.string() }))
      .describe('Reasons of the rejections or of a failed uplink, e.g. `[{serial_number, code}]`'),
  })
  .meta({ id: 'SyncLogEntry' });
export type SyncLogEntry = z.output<typeof syncLogEntryResource>;

// ─── Alert settings (PCO) ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The alert thresholds of a PCO space: the body of `PUT /api/alert_settings` (PCO owner), and the fields of
 * {@link alertSettingsResource}.
 */
export const alertSettingsInput = z.object({
  /** A reading's termite activity at or above this opens TYPE_TERMITE_ALERT (1–100). */
  termite_activity_threshold: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(1, { error: 'threshold_invalid' })
    .max(100, { error: 'threshold_invalid' }),
  /** This many stations of a site in termite alert at once open TYPE_COLONY_DETECTED (2–20). */
  colony_station_count: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(2, { error: 'threshold_invalid' })
    .max(20, { error: 'threshold_invalid' }),
  /** Bait consumption (percent) that, rising on each of `bait_consumption_days` consecutive days, is a colony. */
  bait_consumption_threshold: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(1, { error: 'threshold_invalid' })
    .max(100, { error: 'threshold_invalid' }),
  bait_consumption_days: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(1, { error: 'threshold_invalid' })
    .max(30, { error: 'threshold_invalid' }),
  /** A signal below this (dBm) opens TYPE_COMMUNICATION_WEAK_SIGNAL. */
  weak_signal_dbm: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(-150, { error: 'threshold_invalid' })
    .max(-30, { error: 'threshold_invalid' }),
  /** Expected time between two uplinks of a device, in hours; silence for twice this opens TYPE_COMMUNICATION_ERROR. */
  expected_uplink_hours: z
    .number({ error: 'threshold_invalid' })
    .int({ error: 'threshold_invalid' })
    .min(1, { error: 'threshold_invalid' })
    .max(168, { error: 'threshold_invalid' }),
});
export type AlertSettings = z.infer<typeof alertSettingsInput>;
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  termite_activity_threshold: 30,
  colony_station_count: 2,
  bait_consumption_threshold: 10,
  bait_consumption_days: 3,
  weak_signal_dbm: -115,
  expected_uplink_hours: 24,
};

/** `GET` and `PUT /api/alert_settings`: the thresholds of the actor's PCO space (the defaults until saved). */
export const alertSettingsResource = z
  .object({ ...jsonLdKeys('AlertSettings'), ...alertSettingsInput.shape })
  .meta({ id: 'AlertSettings' });
export type AlertSettingsResource = z.output<typeof alertSettingsResource>;

// ─── Live events (server-sent events) ─────────────────────────────────────────────────────────────────────────────

/**
 * `GET /api/events` (PCO action; `text/event-stream`): the changes of the actor's space as they happen, so that open
 * lists refresh. Event names and data: `alert` {@link AlertEvent}; a comment line `: ping` every 25 s keeps the
 * connection open.
 */
export const SERVER_EVENT_NAMES = ['alert'] as const;
/** The data of an `alert` event: an alert opened or closed. */
export const alertEvent = z
  .object({
    kind: z.enum(['opened', 'closed']),
    alert_ulid: z.string(),
    type: z.enum(RULE_ALERT_TYPES),
    site_ulid: z.string(),
    equipment_ulid: z.string().nullable(),
  })
  .meta({ id: 'AlertEvent' });
export type AlertEvent = z.output<typeof alertEvent>;
