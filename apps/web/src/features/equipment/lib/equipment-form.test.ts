/** The equipment form's rules (SPEC §3 "Equipment"): body per kind, the installation day in the user zone, validation. */

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { mapViolations } from '../../../shared/forms/violations';
import { equipmentOf, GATEWAY_ULID, STATION_ULID } from '../test-fixtures';
import {
  dayInTimeZone,
  emptyEquipmentForm,
  equipmentFormBody,
  equipmentFormFrom,
  equipmentFormResolver,
  equipmentViolationField,
  startOfDayIso,
} from './equipment-form';

const resolve = (values: ReturnType<typeof emptyEquipmentForm>) =>
  equipmentFormResolver('Europe/Paris')(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('installation day', () => {
  it('is midnight of that day in the user zone, with its offset', () => {
    expect(startOfDayIso('2026-03-05', 'Europe/Paris')).toBe('2026-03-05T00:00:00+01:00');
    expect(startOfDayIso('2026-07-14', 'Europe/Paris')).toBe('2026-07-14T00:00:00+02:00');
    expect(startOfDayIso('2026-03-05', 'Asia/Tokyo')).toBe('2026-03-05T00:00:00+09:00');
    expect(startOfDayIso('2026-03-05', 'America/St_Johns')).toBe('2026-03-05T00:00:00-03:30');
  });

  it('is read back as the same day in that zone', () => {
    expect(dayInTimeZone('2026-03-04T23:30:00Z', 'Europe/Paris')).toBe('2026-03-05');
    expect(dayInTimeZone('2026-03-04T23:30:00Z', 'America/New_York')).toBe('2026-03-04');
    expect(dayInTimeZone(null, 'Europe/Paris')).toBeNull();
    expect(dayInTimeZone('not a date', 'Europe/Paris')).toBeNull();
  });
});

describe('equipmentFormBody', () => {
  it('sends no station field for a gateway', () => {
    const values = {
      ...emptyEquipmentForm({ kind: 'gateway', treatmentType: 'TYPE_PREVENTION' }),
      reference: 'BOX-01',
      serial_number: 'GW-1',
      trap_type: 'interior' as const,
      masonry: '1' as const,
      gateway: GATEWAY_ULID,
    };
    expect(equipmentFormBody(values, 'Europe/Paris')).toEqual({
      kind: 'gateway',
      reference: 'BOX-01',
      serial_number: 'GW-1',
      trap_type: null,
      treatment_type: null,
      masonry: null,
      gateway: null,
      latitude: null,
      longitude: null,
      installed_at: null,
    });
  });

  it('round-trips an existing station', () => {
    const station = equipmentOf(STATION_ULID, 'IGS-07');
    const values = equipmentFormFrom(station, 'Europe/Paris');
    expect(values).toMatchObject({ masonry: '0', gateway: GATEWAY_ULID, installed_at: '2026-02-10' });
    expect(equipmentFormBody(values, 'Europe/Paris')).toEqual({
      kind: 'igs',
      reference: 'IGS-07',
      serial_number: 'SN-IGS-07',
      trap_type: 'exterior',
      treatment_type: 'TYPE_PREVENTION',
      masonry: 0,
      gateway: `/api/equipment/${GATEWAY_ULID}`,
      latitude: '44.842960000',
      longitude: '-0.645390000',
      installed_at: '2026-02-10T00:00:00+01:00',
    });
  });
});

describe('equipmentFormResolver', () => {
  it('reports the contract codes per field', async () => {
    const result = await resolve({ ...emptyEquipmentForm(), serial_number: 'a b', latitude: '95', longitude: '2' });
    const codes = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
    expect(codes).toEqual({
      reference: 'reference_required',
      serial_number: 'serial_number_invalid',
      trap_type: 'trap_type_required',
      treatment_type: 'treatment_type_required',
      latitude: 'latitude_invalid',
    });
  });

  it('accepts a complete station and keeps the form values', async () => {
    const values = {
      ...emptyEquipmentForm({ treatmentType: 'TYPE_ELIMINATION', today: '2026-03-05' }),
      reference: 'IGS-08',
      serial_number: 'SN-0008',
      trap_type: 'interior' as const,
    };
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });
});

describe('equipmentViolationField', () => {
  it('puts the violations on their fields and keeps the others', () => {
    const error = new ApiError(422, {
      violations: [
        { propertyPath: 'gateway', code: 'gateway_invalid' },
        { propertyPath: 'site', code: 'site_not_found' },
      ],
    });
    expect(mapViolations(error, equipmentViolationField)).toEqual({
      fields: [['gateway', 'gateway_invalid']],
      other: ['site_not_found'],
    });
  });
});
