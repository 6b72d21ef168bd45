/** Equipment answers for the feature's tests (the shapes of packages/contracts/src/equipment.ts). */
import type { Equipment, EquipmentAlert, EquipmentPicture, HydraCollection } from '@isoptera/contracts';

export const SITE_ULID = '01JS0000000000000000000000';
export const GATEWAY_ULID = '01JG0000000000000000000000';
export const STATION_ULID = '01JT0000000000000000000000';
export const OTHER_STATION_ULID = '01JU0000000000000000000000';

/** An open alert of an equipment. */
export function alertOf(ulid: string, type: EquipmentAlert['type'], openedAt: string): EquipmentAlert {
  return { '@id': `/api/alerts/${ulid}`, '@type': 'Alert', ulid, type, opened_at: openedAt };
}

/** An installation picture of equipment `equipmentUlid`, stored as `<name>.webp`. */
export function pictureOf(equipmentUlid: string, ulid: string, name: string): EquipmentPicture {
  return {
    '@id': `/api/equipment/${equipmentUlid}/pictures/${ulid}`,
    '@type': 'EquipmentPicture',
    ulid,
    url: `/api/equipment_pictures/${name}.webp`,
  };
}

/** An equipment of the test site; a station with a position, a reading and no alert unless overridden. */
export function equipmentOf(ulid: string, reference: string, extra: Partial<Equipment> = {}): Equipment {
  return {
    '@id': `/api/equipment/${ulid}`,
    '@type': 'Equipment',
    ulid,
    site_ulid: SITE_ULID,
    kind: 'igs',
    reference,
    serial_number: `SN-${reference}`,
    trap_type: 'exterior',
    treatment_type: 'TYPE_PREVENTION',
    state: 1,
    masonry: 0,
    installed_at: '2026-02-10T00:00:00+01:00',
    firmware_version: null,
    gps_position: { latitude: '44.842960000', longitude: '-0.645390000' },
    signal_level: -95,
    battery_level: 'Operational',
    battery_percent: 88,
    gateway_ulid: GATEWAY_ULID,
    pictures: [],
    last_update_at: '2026-03-05T10:00:00+01:00',
    alert_since: null,
    alerts: [],
    ...extra,
  };
}

/** A gateway, two stations: one in termite alert with a low battery and a weak signal, one without position. */
export function siteEquipment(): Equipment[] {
  return [
    equipmentOf(GATEWAY_ULID, 'BOX-01', {
      kind: 'gateway',
      trap_type: null,
      treatment_type: null,
      masonry: null,
      gateway_ulid: null,
      gps_position: { latitude: '44.843000000', longitude: '-0.645000000' },
      signal_level: -80,
    }),
    equipmentOf(STATION_ULID, 'IGS-07', {
      state: 2,
      battery_level: 'Low',
      battery_percent: 12,
      signal_level: -118,
      alert_since: '2026-03-04T08:30:00+01:00',
      alerts: [
        alertOf('01JA0000000000000000000001', 'TYPE_LOW_BATTERY', '2026-03-04T09:00:00+01:00'),
        alertOf('01JA0000000000000000000002', 'TYPE_TERMITE_ALERT', '2026-03-04T08:30:00+01:00'),
      ],
      pictures: [
        pictureOf(STATION_ULID, '01JP0000000000000000000001', 'a'),
        pictureOf(STATION_ULID, '01JP0000000000000000000002', 'b'),
      ],
    }),
    equipmentOf(OTHER_STATION_ULID, 'AGS-02', {
      kind: 'ags',
      gps_position: null,
      signal_level: null,
      battery_level: null,
      battery_percent: null,
      last_update_at: null,
      state: 0,
    }),
  ];
}

/** A hydra collection of equipment. */
export function collectionOf(items: Equipment[]): HydraCollection<Equipment> {
  return {
    '@context': '/api/contexts/Equipment',
    '@id': `/api/sites/${SITE_ULID}/equipment`,
    '@type': 'hydra:Collection',
    'hydra:member': items,
    'hydra:totalItems': items.length,
  };
}
