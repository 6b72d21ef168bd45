/** Date-times in the actor's time zone: the fast `formatZoned` agrees with date-fns around every kind of transition. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatZoned } from './zoned.js';

const reference = (ms: number, zone: string) => format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ssxxx");

describe('formatZoned', () => {
  it('gives the wall time and offset of the zone, as date-fns does, across DST and odd offsets', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Asia/Tokyo',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'UTC',
    ];
    // every 67 minutes 13 seconds over 2026 (so every minute-of-hour is hit), plus the seconds around two transitions
    const start = Date.UTC(2026, 0, 1);
    const instants: number[] = [];
    for (let ms = start; ms < Date.UTC(2027, 0, 1); ms += 4_033_000) instants.push(ms);
    for (const at of [Date.UTC(2026, 2, 29, 1, 0, 0), Date.UTC(2026, 9, 25, 1, 0, 0)]) {
      for (let d = -3; d <= 3; d++) instants.push(at + d * 1000);
    }
    const mismatches: string[] = [];
    for (const zone of zones) {
      for (const ms of instants) {
        const fast = formatZoned(new Date(ms), zone);
        const slow = reference(ms, zone);
        if (fast !== slow && mismatches.length < 5)
          mismatches.push(`${zone} ${new Date(ms).toISOString()}: ${fast} ≠ ${slow}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('formats the examples of the API', () => {
    expect(formatZoned(new Date('2026-11-21T09:00:00Z'), 'Europe/Paris')).toBe('2026-11-21T10:00:00+01:00');
    expect(formatZoned(new Date('2026-07-01T00:30:00Z'), 'America/New_York')).toBe('2026-06-30T20:30:00-04:00');
    expect(formatZoned(new Date('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('2026-07-01T05:45:00+05:45');
  });
});
