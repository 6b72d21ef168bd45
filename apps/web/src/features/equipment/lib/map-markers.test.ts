/** The map's markers (SPEC §2.7 "Sites: detail"): positioned equipment only, coloured by worst alert, else state. */
import { describe, expect, it } from 'vitest';
import { alertOf, equipmentOf, siteEquipment } from '../test-fixtures';
import { buildMapMarkers, markerBounds } from './map-markers';

describe('buildMapMarkers', () => {
  it('makes one marker per equipment with a valid position, alerts most important first', () => {
    const markers = buildMapMarkers(siteEquipment());
    expect(markers.map((m) => [m.reference, m.tone, m.alertTypes])).toEqual([
      ['BOX-01', 'green', []],
      ['IGS-07', 'red', ['TYPE_TERMITE_ALERT', 'TYPE_LOW_BATTERY']],
    ]);
    expect(markers[1]).toMatchObject({ latitude: 44.84296, longitude: -0.64539, kind: 'igs', state: 2 });
  });

  it('colours by the worst alert, then by the trap state', () => {
    const low = equipmentOf('A', 'A', {
      state: 1,
      alerts: [alertOf('x', 'TYPE_LOW_BATTERY', '2026-03-05T10:00:00+01:00')],
    });
    const tone = (extra: Parameters<typeof equipmentOf>[2]) => buildMapMarkers([equipmentOf('B', 'B', extra)])[0]?.tone;
    expect(buildMapMarkers([low])[0]?.tone).toBe('amber');
    expect(tone({ state: 0 })).toBe('gray');
    expect(tone({ state: 2 })).toBe('amber');
    expect(tone({ state: 3 })).toBe('red');
  });

  it('skips missing or out-of-range coordinates', () => {
    const broken = [
      equipmentOf('A', 'A', { gps_position: { latitude: '', longitude: '2' } }),
      equipmentOf('B', 'B', { gps_position: { latitude: '91', longitude: '2' } }),
      equipmentOf('C', 'C', { gps_position: { latitude: '45', longitude: 'east' } }),
    ];
    expect(buildMapMarkers(broken)).toEqual([]);
  });
});

describe('markerBounds', () => {
  it('spans every marker, or is null without any', () => {
    expect(markerBounds(buildMapMarkers(siteEquipment()))).toEqual([
      [44.84296, -0.64539],
      [44.843, -0.645],
    ]);
    expect(markerBounds([])).toBeNull();
  });
});
