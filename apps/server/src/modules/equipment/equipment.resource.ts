/**
 * Equipment rows → JSON-LD items (SPEC §3 "Equipment"): snake_case fields, date-times in the actor's time zone,
 * coordinates as decimal text, picture URLs served by `GET /api/equipment_pictures/{file}`.
 */
import {
  type BatteryLevel,
  type Equipment,
  type EquipmentAlert,
  type EquipmentKind,
  type EquipmentPicture,
  iri,
  pictureIri,
  type ReadingPoint,
  type RuleAlertType,
  type TrapState,
  type TrapType,
  type TreatmentType,
} from '@isoptera/contracts';
import { formatZoned, formatZonedMs } from '../../platform/time/zoned.js';
import type { EquipmentItemRow, EquipmentRows, OpenAlertRow, PictureRow } from './equipment.repository.js';
import type { ReadingPointRow, ReadingTuple } from './readings.repository.js';

/** URL prefix of stored pictures (`GET /api/equipment_pictures/{file}`). */
export const PICTURE_URL_PREFIX = '/api/equipment_pictures/';

/** The URL of a stored picture file. */
export const pictureUrl = (file: string): string => `${PICTURE_URL_PREFIX}${file}`;

/** A stored picture of equipment `equipmentId` (`file` its stored name) as answered. */
export function pictureResource(equipmentId: string, picture: { id: string; file: string }): EquipmentPicture {
  return {
    '@id': pictureIri(equipmentId, picture.id),
    '@type': 'EquipmentPicture',
    ulid: picture.id,
    url: pictureUrl(picture.file),
  };
}

/** The rows of one list grouped by equipment id. */
function groupBy<T extends { equipmentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.equipmentId);
    if (list) list.push(row);
    else map.set(row.equipmentId, [row]);
  }
  return map;
}

/**
 * One equipment with its open alerts (oldest first) and pictures. `alert_since` is the opening time of the oldest
 * of those alerts, or null.
 */
export function equipmentItem(
  row: EquipmentItemRow,
  openAlerts: readonly OpenAlertRow[],
  pictures: readonly PictureRow[],
  timeZone: string,
): Equipment {
  const zoned = (date: Date | null) => (date ? formatZoned(date, timeZone) : null);
  const alerts: EquipmentAlert[] = openAlerts.map((a) => ({
    '@id': iri('alerts', a.id),
    '@type': 'Alert',
    ulid: a.id,
    type: a.type as RuleAlertType,
    opened_at: formatZoned(a.openedAt, timeZone),
  }));
  return {
    '@id': iri('equipment', row.id),
    '@type': 'Equipment',
    ulid: row.id,
    site_ulid: row.siteId,
    kind: row.kind as EquipmentKind,
    reference: row.reference,
    serial_number: row.serialNumber,
    trap_type: row.trapType as TrapType | null,
    treatment_type: row.treatmentType as TreatmentType | null,
    state: row.state as TrapState,
    masonry: row.masonry as 0 | 1 | null,
    installed_at: zoned(row.installedAt),
    firmware_version: row.firmwareVersion,
    gps_position:
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    signal_level: row.signalLevel,
    battery_level: row.batteryLevel as BatteryLevel | null,
    battery_percent: row.batteryPercent,
    gateway_ulid: row.gatewayId,
    pictures: pictures.map((p) => pictureResource(row.id, p)),
    last_update_at: zoned(row.lastUpdateAt),
    alert_since: alerts[0]?.opened_at ?? null,
    alerts,
  };
}

/** Every equipment of `rows`, in their order, each with its own alerts and pictures. */
export function equipmentItems({ rows, alerts, pictures }: EquipmentRows, timeZone: string): Equipment[] {
  const alertsOf = groupBy(alerts);
  const picturesOf = groupBy(pictures);
  return rows.map((row) => equipmentItem(row, alertsOf.get(row.id) ?? [], picturesOf.get(row.id) ?? [], timeZone));
}

/** A point of a readings series from the database's tuple (`readings.repository.ts`, epoch milliseconds first). */
export function readingPointOfTuple(tuple: ReadingTuple, timeZone: string): ReadingPoint {
  return {
    measured_at: formatZonedMs(tuple[0], timeZone),
    termite_activity: tuple[1],
    bait_consumption: tuple[2],
    battery_percent: tuple[3],
    signal_level: tuple[4],
    state: tuple[5] as TrapState,
  };
}

/** A point of a readings series. */
export function readingPoint(row: ReadingPointRow, timeZone: string): ReadingPoint {
  return {
    measured_at: formatZoned(row.measuredAt, timeZone),
    termite_activity: row.termiteActivity,
    bait_consumption: row.baitConsumption,
    battery_percent: row.batteryPercent,
    signal_level: row.signalLevel,
    state: row.state as TrapState,
  };
}
