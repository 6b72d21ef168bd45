/**
 * The equipment form (SPEC §3 "Equipment"): its values, the validation with the contract's own `equipmentInput`
 * (errors are violation codes), the body sent (the gateway as an IRI, the installation day as an ISO date-time at
 * midnight in the user's time zone), the values of an existing equipment, and the mapping of a 422 answer's
 * violations onto the fields.
 */
import { parseAbsolute, parseDate, toCalendarDate, toZoned } from '@internationalized/date';
import {
  type Equipment,
  type EquipmentInput,
  type EquipmentKind,
  equipmentInput,
  iri,
  type TrapType,
  type TreatmentType,
} from '@isoptera/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface EquipmentFormValues {
  kind: EquipmentKind;
  reference: string;
  serial_number: string;
  /** Stations only; '' until chosen. */
  trap_type: TrapType | '';
  /** Stations only; '' until chosen. */
  treatment_type: TreatmentType | '';
  /** '0' natural ground, '1' masonry, '' unknown; stations only. */
  masonry: '' | '0' | '1';
  /** The ULID of one of the site's gateways, or '' for none; stations only. */
  gateway: string;
  /** Decimal degrees as typed ('' for no position). */
  latitude: string;
  longitude: string;
  /** The installation day, `YYYY-MM-DD`, or null. */
  installed_at: string | null;
}

/** The fields of the form, i.e. the property paths a violation may name. */
export const EQUIPMENT_FORM_FIELDS = [
  'kind',
  'reference',
  'serial_number',
  'trap_type',
  'treatment_type',
  'masonry',
  'gateway',
  'latitude',
  'longitude',
  'installed_at',
] as const satisfies readonly (keyof EquipmentFormValues)[];
export type EquipmentFormField = (typeof EQUIPMENT_FORM_FIELDS)[number];

function isFormField(path: string): path is EquipmentFormField {
  return (EQUIPMENT_FORM_FIELDS as readonly string[]).includes(path);
}

/** The values of a new station (or gateway, when `kind` says so), installed `today` (`YYYY-MM-DD`). */
export function emptyEquipmentForm(
  options: { kind?: EquipmentKind; treatmentType?: TreatmentType | ''; today?: string | null } = {},
): EquipmentFormValues {
  return {
    kind: options.kind ?? 'igs',
    reference: '',
    serial_number: '',
    trap_type: '',
    treatment_type: options.treatmentType ?? '',
    masonry: '',
    gateway: '',
    latitude: '',
    longitude: '',
    installed_at: options.today ?? null,
  };
}

/** The calendar day (`YYYY-MM-DD`) of an ISO date-time in `timeZone`, or null. */
export function dayInTimeZone(value: string | null, timeZone: string): string | null {
  if (!value) return null;
  try {
    return toCalendarDate(parseAbsolute(value, timeZone)).toString();
  } catch {
    return null;
  }
}

/** Midnight of the day `YYYY-MM-DD` in `timeZone`, as ISO 8601 with its offset (`2026-03-05T00:00:00+01:00`). */
export function startOfDayIso(day: string, timeZone: string): string {
  const zoned = toZoned(parseDate(day), timeZone);
  const minutes = Math.round(zoned.offset / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const rest = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${zoned.toString().slice(0, 19)}${sign}${hours}:${rest}`;
}

/** The values of an existing equipment, its installation day read in `timeZone`. */
export function equipmentFormFrom(equipment: Equipment, timeZone: string): EquipmentFormValues {
  return {
    kind: equipment.kind,
    reference: equipment.reference,
    serial_number: equipment.serial_number,
    trap_type: equipment.trap_type ?? '',
    treatment_type: equipment.treatment_type ?? '',
    masonry: equipment.masonry === null ? '' : equipment.masonry === 1 ? '1' : '0',
    gateway: equipment.gateway_ulid ?? '',
    latitude: equipment.gps_position?.latitude ?? '',
    longitude: equipment.gps_position?.longitude ?? '',
    installed_at: dayInTimeZone(equipment.installed_at, timeZone),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The body of `POST /api/sites/{ulid}/equipment` / `PUT /api/equipment/{ulid}`: a gateway carries no station
 * field; the gateway is an IRI (ARCHITECTURE §4); the day becomes midnight in `timeZone`.
 */
export function equipmentFormBody(values: EquipmentFormValues, timeZone: string): EquipmentInput {
  const station = values.kind !== 'gateway';
  let installedAt: string | null = null;
  try {
    installedAt = values.installed_at ? startOfDayIso(values.installed_at, timeZone) : null;
  } catch {
    installedAt = values.installed_at; // left malformed: the contract reports installed_at_invalid
  }
  return {
    kind: values.kind,
    reference: values.reference.trim(),
    serial_number: values.serial_number.trim(),
    trap_type: station && values.trap_type ? values.trap_type : null,
    treatment_type: station && values.treatment_type ? values.treatment_type : null,
    masonry: station && values.masonry !== '' ? (Number(values.masonry) as 0 | 1) : null,
    gateway: station && values.gateway ? iri('equipment', values.gateway) : null,
    latitude: orNull(values.latitude),
    longitude: orNull(values.longitude),
    installed_at: installedAt,
  };
}

/**
 * Validates the form with the contract's `equipmentInput` (the server's own rules); each field gets the first code
 * reported for it; an empty serial number is `serial_number_required`. A position needs both coordinates: one without the other is `latitude_invalid` /
 * `longitude_invalid`.
 */
export function equipmentFormResolver(timeZone: string): Resolver<EquipmentFormValues> {
  return async (values) => {
    const body = equipmentFormBody(values, timeZone);
    const errors: FieldErrors<EquipmentFormValues> = {};
    const result = equipmentInput.safeParse(body);
    for (const issue of result.success ? [] : result.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (isFormField(path) && !errors[path]) errors[path] = { type: 'validation', message: issue.message };
    }
    // an empty serial number is missing rather than malformed; the contract checks a station's required fields only
    // once the rest is valid: reported here at once, with the other errors
    if (body.serial_number === '') errors.serial_number = { type: 'validation', message: 'serial_number_required' };
    if (body.kind !== 'gateway') {
      if (!body.trap_type) errors.trap_type ??= { type: 'validation', message: 'trap_type_required' };
      if (!body.treatment_type) errors.treatment_type ??= { type: 'validation', message: 'treatment_type_required' };
    }
    if ((body.latitude === null) !== (body.longitude === null)) {
      const missing = body.latitude === null ? 'latitude' : 'longitude';
      errors[missing] ??= { type: 'validation', message: `${missing}_invalid` };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** The field of the form a violation's property path names (`gateway.serial` → `gateway`), else null. */
export function equipmentViolationField(path: string): EquipmentFormField | null {
  const field = path.split('.')[0] ?? '';
  return isFormField(field) ? field : null;
}
