/**
 * Date-times in the actor's time zone: the fast `formatZoned`, `zonedDate` and `parseZoned` agree with date-fns around
 * every kind of transition (skipped and repeated hours included).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatZoned, formatZonedMs, parseZoned, zonedDate } from './zoned.js';

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

  it('gives the same text on any day of years 1000–9999 (leap days, before 1970, milliseconds) and in turn by zone', () => {
    // the day's text is cached from one call to the next: alternating zones, days and directions must not reuse it
    // zones' local mean times before 1900 have offsets in seconds (Paris +00:09:21): those years in UTC only
    const historic = [
      Date.UTC(1000, 0, 1, 0, 0, 0),
      Date.UTC(1600, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900, 1, 28, 12, 0, 0),
      Date.UTC(9999, 11, 30, 12, 0, 0),
    ];
    const instants = [
      Date.UTC(1969, 11, 31, 23, 59, 59, 500),
      Date.UTC(1970, 0, 1, 0, 0, 0, 1),
      Date.UTC(2000, 1, 29, 22, 30, 0),
      Date.UTC(2024, 11, 31, 23, 0, 0),
      Date.UTC(2100, 2, 1, 0, 0, 0),
    ];
    for (let ms = Date.UTC(1960, 0, 1); ms < Date.UTC(2200, 0, 1); ms += 86_400_000 * 37 + 3_725_123) instants.push(ms);
    const mismatches: string[] = [];
    const check = (ms: number, zone: string) => {
      const fast = formatZonedMs(ms, zone);
      if (fast !== reference(ms, zone) && mismatches.length < 5) mismatches.push(`${zone} ${ms}: ${fast}`);
      if (formatZoned(new Date(ms), zone) !== fast) mismatches.push(`${zone} ${ms}: formatZoned ≠ formatZonedMs`);
    };
    for (const ms of historic) check(ms, 'UTC');
    for (const ms of instants) {
      for (const zone of ['Europe/Paris', 'UTC', 'America/St_Johns', 'Asia/Kathmandu']) check(ms, zone);
    }
    expect(mismatches).toEqual([]);
  });

  it('formats the examples of the API', () => {
    expect(formatZoned(new Date('2026-11-21T09:00:00Z'), 'Europe/Paris')).toBe('2026-11-21T10:00:00+01:00');
    expect(formatZoned(new Date('2026-07-01T00:30:00Z'), 'America/New_York')).toBe('2026-06-30T20:30:00-04:00');
    expect(formatZoned(new Date('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('2026-07-01T05:45:00+05:45');
  });
});
