/** The browser time zone suggestion (SPEC §4 "Profile") and the search of the time zone picker. */
import { describe, expect, it } from 'vitest';
import { filterZones, suggestTimeZone, zoneLabel } from './time-zone';

const ZONES = ['America/Argentina/Buenos_Aires', 'America/New_York', 'Asia/Tokyo', 'Europe/Paris', 'UTC'];

describe('suggestTimeZone', () => {
  it('offers a supported browser zone that differs from the saved one', () => {
    expect(suggestTimeZone('Asia/Tokyo', 'Europe/Paris', ZONES)).toEqual({ kind: 'available', zone: 'Asia/Tokyo' });
  });

  it('says so when the browser zone is not in the supported list', () => {
    expect(suggestTimeZone('America/Nuuk', 'Europe/Paris', ZONES)).toEqual({
      kind: 'unavailable',
      zone: 'America/Nuuk',
    });
  });

  it('says nothing when the zones match, the browser zone is unknown or the list is not loaded', () => {
    expect(suggestTimeZone('Europe/Paris', 'Europe/Paris', ZONES)).toBeNull();
    expect(suggestTimeZone('', 'Europe/Paris', ZONES)).toBeNull();
    expect(suggestTimeZone('Asia/Tokyo', 'Europe/Paris', undefined)).toBeNull();
  });
});

describe('filterZones', () => {
  it('matches every word, ignoring case, accents, underscores and slashes', () => {
    expect(filterZones(ZONES, 'new york')).toEqual(['America/New_York']);
    expect(filterZones(ZONES, 'AMÉRICA buenos')).toEqual(['America/Argentina/Buenos_Aires']);
    expect(filterZones(ZONES, 'america/')).toEqual(['America/Argentina/Buenos_Aires', 'America/New_York']);
    expect(filterZones(ZONES, 'lisbon')).toEqual([]);
  });

  it('gives the whole list for an empty query', () => {
    expect(filterZones(ZONES, '  ')).toEqual(ZONES);
  });
});

describe('zoneLabel', () => {
  it('shows the zone with spaces and its current offset', () => {
    expect(zoneLabel('Asia/Tokyo', 'en-GB')).toBe('Asia/Tokyo (GMT+9)');
    expect(zoneLabel('America/Argentina/Buenos_Aires', 'en-GB')).toBe('America/Argentina/Buenos Aires (GMT-3)');
  });
});
