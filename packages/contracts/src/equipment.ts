/**
 * Connected equipment, telemetry, alerts and logs (issue 5; SPEC §1 "Equipment", §2.7 "Sites", §3 "Equipment",
 * "Site" `priority_sum`, the alert, trap-type and trap-state enumerations). Gateways (boxes) relay the radio readings
 * of in-ground (IGS) and above-ground (AGS) stations. Times are ISO 8601 with offset in answers (the actor's time zone)
 * and ISO 8601 with an offset or `Z` in uplinks (device clocks are UTC).
 */
import { z } from 'zod';
import { coordinate, iri, reference } from './common.js';
import { type AlertType, TREATMENT_TYPES } from './enums.js';
import { isoDateTime, jsonLdKeys } from './jsonld.js';
import { isValidText, TEXT_INVALID } from './text.js';

// ─── Enumerations ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Kinds of equipment: a gateway (box), an in-ground station (IGS), an above-ground station (AGS). */
export const EQUIPMENT_KINDS = ['gateway', 'igs', 'ags'] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];
/** The station kinds (they report readings through a gateway). */
export const STATION_KINDS = ['igs', 'ags'] as const satisfies readonly EquipmentKind[];

/** Trap types, SPEC §3: interior / exterior, connected or not. */
export const TRAP_TYPES = ['interior', 'interior_not_connected', 'exterior', 'exterior_not_connected'] as const;
export type TrapType = (typeof TRAP_TYPES)[number];

/** Trap state (numeric, SPEC §3): init 0, operational 1, warning 2, error 3. */
export const TRAP_STATES = { INIT: 0, OPERATIONAL: 1, WARNING: 2, ERROR: 3 } as const;
export type TrapState = (typeof TRAP_STATES)[keyof typeof TRAP_STATES];
export const TRAP_STATE_VALUES = [0, 1, 2, 3] as const;

/** Battery level, SPEC §3 (the English text also says 'high' for Operational). */
export const BATTERY_LEVELS = ['Low', 'Medium', 'Operational'] as const;
export type BatteryLevel = (typeof BATTERY_LEVELS)[number];

/** The masonry/natural flag (numeric, SPEC §3): 0 natural ground, 1 masonry. */
export const MASONRY_VALUES = [0, 1] as const;

/** The alert types the rules produce (SPEC §3 `ALERT_TYPES` without OTHERS and NONE). */
export const RULE_ALERT_TYPES = [
  'TYPE_TERMITE_ALERT',
  'TYPE_COLONY_DETECTED',
  'TYPE_LOW_BATTERY',
  'TYPE_COMMUNICATION_ERROR',
  'TYPE_COMMUNICATION_WEAK_SIGNAL',
] as const satisfies readonly AlertType[];
export type RuleAlertType = (typeof RULE_ALERT_TYPES)[number];

/**
 * The weight of each open alert in its site's `priority_sum` (SPEC §3 "Site"); the highest-weighted open alert gives
 * the site's `main_alert_type`.
 */
export const ALERT_PRIORITIES: Record<RuleAlertType, number> = {
  TYPE_COLONY_DETECTED: 50,
  TYPE_TERMITE_ALERT: 20,
  TYPE_COMMUNICATION_ERROR: 5,
  TYPE_LOW_BATTERY: 2,
  TYPE_COMMUNICATION_WEAK_SIGNAL: 1,
};
/** The alert types that e-mail the members with `mail_notification` and move a site in operation to check. */
export const TERMITE_ALERT_TYPES = [
  'TYPE_TERMITE_ALERT',
  'TYPE_COLONY_DETECTED',
] as const satisfies readonly RuleAlertType[];

/** Why an alert closed: its condition cleared, or a user acknowledged it. */
export const ALERT_CLOSE_REASONS = ['cleared', 'acknowledged'] as const;
export type AlertCloseReason = (typeof ALERT_CLOSE_REASONS)[number];

/** How an uplink arrived. */
export const UPLINK_TRANSPORTS = ['http', 'mqtt'] as const;
export type UplinkTransport = (typeof UPLINK_TRANSPORTS)[number];

// ─── Equipment ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** A trap state as answered: 0 init, 1 operational, 2 warning, 3 error. */
const trapState = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** The IRI of an installation picture: `/api/equipment/{ulid}/pictures/{pictureUlid}` (its `DELETE` path). */
export const pictureIri = (equipmentUlid: string, pictureUlid: string): string =>
  `${iri('equipment', equipmentUlid)}/pictures/${pictureUlid}`;

/** An open alert as the equipment list shows it (`/api/alerts/{ulid}`). */
export const equipmentAlertResource = z
  .object({ ...jsonLdKeys('Alert'), ulid: z.string(), type: z.enum(RULE_ALERT_TYPES), opened_at: isoDateTime })
  .meta({ id: 'EquipmentAlert' });
export type EquipmentAlert = z.output<typeof equipmentAlertResource>;

/** An installation picture: `url` is served by `GET /api/equipment_pictures/{file}` to the members of its space. */
export const equipmentPictureResource = z
  .object({ ...jsonLdKeys('EquipmentPicture'), ulid: z.string(), url: z.string() })
  .meta({ id: 'EquipmentPicture' });
export type EquipmentPicture = z.output<typeof equipmentPictureResource>;

/**
 * A gateway or a station of a site (SPEC §3 "Equipment"). `GET /api/sites/{ulid}/equipment` answers a hydra
 * collection of all of the site's equipment (gateways first, then by reference); 404 for a site of another space.
 */
export const equipmentResource = z
  .object({
    ...jsonLdKeys('Equipment'),
    ulid: z.string(),
    site_ulid: z.string(),
    kind: z.enum(EQUIPMENT_KINDS),
    reference: z.string().describe('Label shown to people, e.g. `IGS-07`'),
    serial_number: z.string(),
    trap_type: z.enum(TRAP_TYPES).nullable().describe('Stations only'),
    treatment_type: z
      .enum(TREATMENT_TYPES)
      .nullable()
      .describe('Stations only: monitoring (TYPE_PREVENTION) or baiting (TYPE_ELIMINATION)'),
    state: trapState,
    masonry: z
      .union([z.literal(0), z.literal(1)])
      .nullable()
      .describe('0 natural ground, 1 masonry; stations only'),
    installed_at: isoDateTime.nullable(),
    firmware_version: z.string().nullable(),
    gps_position: z
      .object({ latitude: z.string(), longitude: z.string() })
      .nullable()
      .describe('Decimal degrees as text (9 decimals), or null'),
    signal_level: z
      .number()
      .int()
      .nullable()
      .describe('Received signal strength in dBm (e.g. -95), or null before the first uplink'),
    battery_level: z.enum(BATTERY_LEVELS).nullable(),
    battery_percent: z.number().int().nullable().describe('Battery charge in percent, when the device reports it'),
    gateway_ulid: z.string().nullable().describe("A station's gateway (`ulid`), or null"),
    pictures: z.array(equipmentPictureResource).describe('Installation pictures, oldest first'),
    last_update_at: isoDateTime.nullable(),
    alert_since: isoDateTime.nullable().describe('Opening time of the oldest open alert of this equipment, or null'),
    alerts: z.array(equipmentAlertResource).describe('Its open alerts, oldest first'),
  })
  .meta({ id: 'Equipment' });
export type Equipment = z.output<typeof equipmentResource>;

/** The fields of an equipment form (registration and correction); the rules of each body follow. */
export const equipmentFields = z.object({
  kind: z.enum(EQUIPMENT_KINDS, { error: 'kind_invalid' }),
  reference: z.string({ error: 'reference_required' }).trim().min(1, { error: 'reference_required' }).max(64),
  serial_number: z
    .string({ error: 'serial_number_required' })
    .trim()
    .min(4, { error: 'serial_number_invalid' })
    .max(64, { error: 'serial_number_invalid' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'serial_number_invalid' }),
  trap_type: z.enum(TRAP_TYPES, { error: 'trap_type_invalid' }).nullish(),
  treatment_type: z.enum(TREATMENT_TYPES, { error: 'treatment_type_invalid' }).nullish(),
  masonry: z.union([z.literal(0), z.literal(1)], { error: 'masonry_invalid' }).nullish(),
  latitude: coordinate('latitude_invalid', 90).nullish(),
  longitude: coordinate('longitude_invalid', 180).nullish(),
  installed_at: z.iso.datetime({ offset: true, error: 'installed_at_invalid' }).nullish(),
  gateway: reference(['equipment'], 'gateway_invalid').nullish(),
});
/**
 * `POST /api/sites/{ulid}/equipment` (PCO action; 201 {@link EquipmentCreated}): registers a gateway or a station.
 * `serial_number` is unique across the platform (409 `serial_number_already_exist`). A station's `gateway` is the IRI
 * of a gateway of the same site (422 `gateway_invalid`); `trap_type` and `treatment_type` are required for a station.
 * Pictures: `POST /api/equipment/{ulid}/pictures` (multipart `file`, JPEG/PNG/WebP by content, ≤ 10 MB; 201
 * `{ulid, url}`; 422 `picture_invalid`), served by `GET /api/equipment_pictures/{file}` (same space only), removed by
 * `DELETE /api/equipment/{ulid}/pictures/{pictureUlid}` (204).
 * Removal: `DELETE /api/equipment/{ulid}` (204; its readings and alerts go with it, the site's priority is recomputed).
 */
export const equipmentInput = equipmentFields.superRefine((value, ctx) => {
  if (value.kind === 'gateway') return;
  if (!value.trap_type) ctx.addIssue({ code: 'custom', path: ['trap_type'], message: 'trap_type_required' });
  if (!value.treatment_type) {
    ctx.addIssue({ code: 'custom', path: ['treatment_type'], message: 'treatment_type_required' });
  }
});
export type EquipmentInput = z.input<typeof equipmentInput>;

/**
 * `PUT /api/equipment/{ulid}` (PCO action; 200 {@link Equipment}): corrects a registered equipment — reference,
 * trap and treatment types, masonry, position, `installed_at` and a station's gateway. The kind and the serial number
 * never change (send them and they are ignored). A field left out keeps its value; `null` clears it. The result must
 * still follow the registration rules: a station keeps a `trap_type` and a `treatment_type` (422 `*_required`), its
 * `gateway` is a gateway of the same site (422 `gateway_invalid`), a position has both coordinates. 404
 * `equipment_not_found`. `GET /api/equipment/{ulid}` answers the same {@link Equipment}.
 */
export const equipmentUpdateInput = equipmentFields.omit({ kind: true, serial_number: true }).partial();
export type EquipmentUpdateInput = z.input<typeof equipmentUpdateInput>;

/**
 * The answer of a registration: the equipment, and for a gateway its device credential, shown this once (only its
 * hash is stored). `POST /api/equipment/{ulid}/credential` issues a new one ({@link deviceCredentialAnswer}) and the
 * old one stops working.
 */
export const equipmentCreated = equipmentResource
  .extend({
    device_credential: z
      .string()
      .optional()
      .describe('A gateway only: `<gateway ulid>.<secret>`, shown this once (only its hash is stored)'),
  })
  .meta({ id: 'EquipmentCreated' });
export type EquipmentCreated = z.output<typeof equipmentCreated>;

/** `POST /api/equipment/{ulid}/credential`: the new device credential of a gateway, shown this once. */
export const deviceCredentialAnswer = z
  .object({ device_credential: z.string().describe('`<gateway ulid>.<secret>`') })
  .meta({ id: 'DeviceCredential' });

/** Picture limits: ≤ 10 MB, checked by content, resized to fit this square (pixels), stored as WebP. */
export const EQUIPMENT_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const EQUIPMENT_PICTURE_SIZE_PX = 1600;

// ─── Uplinks (gateway → server) ────────────────────────────────────────────────────────────────────────────────────

/** At most this many readings in one uplink. */
export const UPLINK_MAX_READINGS = 1000;

/**
 * A text of a device, at most `max` characters: no NUL nor lone surrogate (`text_invalid`, text.ts), checked here as
 * well as by the server's request check because MQTT uplinks do not go through it.
 */
const deviceText = (max: number) => z.string().max(max).refine(isValidText, { error: TEXT_INVALID });

/** One station reading of an uplink. */
export const uplinkReading = z.object({
  /** The station's serial number. */
  serial_number: deviceText(64).min(1),
  /** When the station measured (ISO 8601 with offset or Z). Not more than 5 minutes in the future. */
  measured_at: z.iso.datetime({ offset: true }),
  /** Termite activity index, 0 (none) to 100 (intense). */
  termite_activity: z.number().int().min(0).max(100),
  /** Bait consumed since the bait was placed, in percent (0–100); 0 for a monitoring station. */
  bait_consumption: z.number().int().min(0).max(100),
  battery_level: z.enum(BATTERY_LEVELS),
  battery_percent: z.number().int().min(0).max(100).optional(),
  /** Received signal strength, dBm. */
  signal_level: z.number().int().min(-150).max(0),
  state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
});
export type UplinkReading = z.infer<typeof uplinkReading>;

/**
 * The one uplink payload (HTTP and MQTT): the gateway's own status and a batch of station readings.
 * - HTTP: `POST /api/uplinks` with `Authorization: Device <device_credential>`; the gateway's serial in the body must
 *   be the credential's. Answers 200 {@link UplinkResult}; 401 `device_unauthorized` (unknown, revoked or mismatched
 *   credential); 400/422 for a malformed payload (nothing stored).
 * - MQTT (broker `MQTT_URL`): publish QoS 1 on `isoptera/v1/gateways/{serial_number}/uplink` a JSON object of this
 *   shape plus `credential`; the server answers the {@link UplinkResult} (or `{error}`; `validation_failed` with
 *   the `violations` HTTP would name, `[{propertyPath, code}]`) on `isoptera/v1/gateways/{serial_number}/ack`.
 * A reading is stored once per (station, `measured_at`): a repeated one counts in `duplicates`. A reading of a station
 * that is unknown, of another space, or not on this gateway's site is rejected (`unknown_station`). Accepted means
 * committed to the database.
 */
export const uplinkPayload = z.object({
  gateway: z.object({
    serial_number: deviceText(64).min(1),
    /** When the gateway sent the uplink. */
    sent_at: z.iso.datetime({ offset: true }),
    firmware_version: deviceText(32).optional(),
    battery_level: z.enum(BATTERY_LEVELS).optional(),
    battery_percent: z.number().int().min(0).max(100).optional(),
    signal_level: z.number().int().min(-150).max(0).optional(),
    state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    latitude: coordinate('latitude_invalid', 90).optional(),
    longitude: coordinate('longitude_invalid', 180).optional(),
  }),
  readings: z.array(uplinkReading).max(UPLINK_MAX_READINGS).default([]),
});
export type UplinkPayload = z.input<typeof uplinkPayload>;
/** The MQTT message: the payload plus the gateway's device credential. */
export const mqttUplinkMessage = uplinkPayload.extend({ credential: z.string().min(1) });

/** The answer to an uplink (a value object). `rejected[].index` is the reading's position in `readings`. */
export const uplinkResult = z
  .object({
    accepted: z.number().int().describe('Readings stored by this uplink'),
    duplicates: z.number().int().describe('Readings already stored (a resent uplink)'),
    rejected: z.array(
      z.object({
        index: z.number().int(),
        serial_number: z.string(),
        code: z.enum(['unknown_station', 'measured_at_in_future']),
      }),
    ),
  })
  .meta({ id: 'UplinkResult' });
export type UplinkResult = z.output<typeof uplinkResult>;

/** MQTT topics (`{serial}` = the gateway's serial number). */
export const MQTT_UPLINK_TOPIC = 'isoptera/v1/gateways/+/uplink';
export const mqttUplinkTopic = (serial: string) => `isoptera/v1/gateways/${serial}/uplink`;
export const mqttAckTopic = (serial: string) => `isoptera/v1/gateways/${serial}/ack`;

// ─── The space's equipment ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET /api/equipment?page&itemsPerPage&site.ulid&kind&reference` (PCO action): every equipment of the current space
 * by reference (case-insensitive) then ULID, 30 a page by default (at most 100), optionally of one site, of one kind,
 * or whose reference contains `reference` (ignoring case and accents).
 */
export const equipmentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
  'site.ulid': z.string().max(26).optional(),
  kind: z.enum(EQUIPMENT_KINDS, { error: 'kind_invalid' }).optional(),
  reference: z.string().max(100).optional(),
});
export type EquipmentListQuery = z.output<typeof equipmentListQuery>;

// ─── Readings history ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET /api/equipment/{ulid}/readings?from&to` (PCO action; ISO 8601 date-times, default the last 30 days, at most
 * 400 days): a station's readings over the period, oldest first. When the period holds more than
 * {@link READINGS_MAX_POINTS} readings they are averaged into that many equal time buckets (`bucketed: true`).
 */
export const readingsQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'from_invalid' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to_invalid' }).optional(),
});
export const READINGS_MAX_POINTS = 500;

/** One reading of a series (or the average of a time bucket), at `measured_at`. */
export const readingPoint = z
  .object({
    measured_at: isoDateTime,
    termite_activity: z.number().describe('0 (none) to 100 (intense)'),
    bait_consumption: z.number().describe('Percent'),
    battery_percent: z.number().nullable(),
    signal_level: z.number().describe('dBm'),
    state: trapState,
  })
  .meta({ id: 'ReadingPoint' });
export type ReadingPoint = z.output<typeof readingPoint>;

/** The readings of a station over a period (`/api/equipment/{ulid}/readings`). */
export const readingSeriesResource = z
  .object({
    ...jsonLdKeys('ReadingSeries'),
    equipment_ulid: z.string(),
    from: isoDateTime,
    to: isoDateTime,
    bucketed: z.boolean().describe(`true: more than ${READINGS_MAX_POINTS} readings, averaged into equal time buckets`),
    points: z.array(readingPoint).describe('Oldest first'),
  })
  .meta({ id: 'ReadingSeries' });
export type ReadingSeries = z.output<typeof readingSeriesResource>;
