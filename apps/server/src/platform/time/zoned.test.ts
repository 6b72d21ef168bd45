/**
 * Date-times in the actor's time zone: the fast `formatZoned`, `zonedDate` and `parseZoned` agree with date-fns around
 * every kind of transition (skipped and repeated hours included).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatZoned, parseZoned, zonedDate } from './zoned.js';

const reference = (ms: number, zone: string) => format(new TZDate(ms, zone), "yyyy-MM-dd'T'HH:mm:ssxxx");

/** Zones with DST in either hemisphere, half- and quarter-hour offsets, a half-hour DST (Lord Howe) and UTC. */
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'UTC',
];

describe('zonedDate and parseZoned', () => {
  it('give the calendar day and the instant of a wall time as date-fns does, on transition days too', () => {
    const mismatches: string[] = [];
    const pad = (n: number) => String(n).padStart(2, '0');
    for (const zone of ZONES) {
      // every 187 minutes over 2026 (every minute-of-hour comes up), and every 15 minutes around the EU and US transitions
      const instants: number[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 187 * 60_000) instants.push(ms);
      for (const day of [Date.UTC(2026, 2, 8), Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 1)]) {
        for (let ms = day - 86_400_000; ms < day + 86_400_000; ms += 900_000) instants.push(ms);
      }
      for (const ms of instants) {
        const day = zonedDate(new Date(ms), zone);
        const expectedDay = format(new TZDate(ms, zone), 'yyyy-MM-dd');
        if (day !== expectedDay)
          mismatches.push(`zonedDate ${zone} ${new Date(ms).toISOString()}: ${day} ≠ ${expectedDay}`);
        // the same instant's UTC fields read as a wall time of the zone: skipped and repeated hours come up too
        const d = new Date(ms);
        const wall = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
        const parsed = parseZoned(wall, zone).getTime();
        const [y, mo, dd, h, mi, s] = wall.split(/[- :]/).map(Number) as [
          number,
          number,
          number,
          number,
          number,
          number,
        ];
        const expected = new TZDate(y, mo - 1, dd, h, mi, s, zone).getTime();
        if (parsed !== expected) mismatches.push(`parseZoned ${zone} ${wall}: ${parsed} ≠ ${expected}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('read the examples of the API', () => {
    expect(parseZoned('2026-11-21 10:00:00', 'Europe/Paris').toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(parseZoned('2026-06-30 20:30:00', 'America/New_York').toISOString()).toBe('2026-07-01T00:30:00.000Z');
    expect(parseZoned('2026-07-01T05:45:00+05:45', 'Europe/Paris').toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(zonedDate(new Date('2026-06-30T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-07-01');
  });
});

describe('formatZoned', () => {
  it('gives the wall time and offset of the zone, as date-fns does, across DST and odd offsets', () => {
    // every 67 minutes 13 seconds over 2026 (so every minute-of-hour is hit), plus the seconds around two transitions
    const start = Date.UTC(2026, 0, 1);
    const instants: number[] = [];
    for (let ms = start; ms < Date.UTC(2027, 0, 1); ms += 4_033_000) instants.push(ms);
    for (const at of [Date.UTC(2026, 2, 29, 1, 0, 0), Date.UTC(2026, 9, 25, 1, 0, 0)]) {
      for (let d = -3; d <= 3; d++) instants.push(at + d * 1000);
    }
    const mismatches: string[] = [];
    for (const zone of ZONES) {
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
