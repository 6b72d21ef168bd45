/** SPEC §4 "Intervention form" default dates, §9 duration rules. */
import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  defaultEnd,
  defaultSchedule,
  defaultStart,
  isAfterNow,
  isWallTime,
  minimumEnd,
  normalizedEnd,
  wallTimeIn,
  wallTimeOfIso,
} from './default-dates';

describe('defaultStart', () => {
  it('rounds up to the next full hour when the minutes are not zero, seconds zeroed', () => {
    expect(defaultStart('2026-11-21 10:20:35')).toBe('2026-11-21 11:00:00');
    expect(defaultStart('2026-11-21 10:01:00')).toBe('2026-11-21 11:00:00');
  });

  it('rounds up in the first minute of an hour too, so that the default start is later than now', () => {
    // in the first minute of an hour the spec's literal rule would give a start in the past (SPEC §5 before_now)
    expect(defaultStart('2026-11-21 10:00:35')).toBe('2026-11-21 11:00:00');
    expect(defaultStart('2026-11-21 10:00:00')).toBe('2026-11-21 11:00:00');
  });

  it('crosses midnight, month and year ends', () => {
    expect(defaultStart('2026-11-21 23:45:00')).toBe('2026-11-22 00:00:00');
    expect(defaultStart('2026-12-31 23:59:59')).toBe('2027-01-01 00:00:00');
    expect(defaultStart('2028-02-28 23:10:00')).toBe('2028-02-29 00:00:00');
  });
});

describe('end rules', () => {
  it('defaults the end to start + 1 hour and the minimum end to start + 1 minute', () => {
    expect(defaultEnd('2026-11-21 11:00:00')).toBe('2026-11-21 12:00:00');
    expect(defaultEnd('2026-11-21 23:30:00')).toBe('2026-11-22 00:30:00');
    expect(minimumEnd('2026-11-21 11:00:00')).toBe('2026-11-21 11:01:00');
    expect(defaultSchedule('2026-11-21 10:20:35')).toEqual({
      start_at: '2026-11-21 11:00:00',
      end_at: '2026-11-21 12:00:00',
    });
  });

  it('resets the end to start + 1 hour when missing or not after start, else keeps it', () => {
    expect(normalizedEnd('2026-11-21 11:00:00', null)).toBe('2026-11-21 12:00:00');
    expect(normalizedEnd('2026-11-21 11:00:00', '')).toBe('2026-11-21 12:00:00');
    expect(normalizedEnd('2026-11-21 11:00:00', '2026-11-21 11:00:00')).toBe('2026-11-21 12:00:00');
    expect(normalizedEnd('2026-11-21 11:00:00', '2026-11-21 10:00:00')).toBe('2026-11-21 12:00:00');
    expect(normalizedEnd('2026-11-21 11:00:00', '2026-11-21 11:01:00')).toBe('2026-11-21 11:01:00');
    expect(normalizedEnd('2026-11-21 11:00:00', '2026-11-23 09:00:00')).toBe('2026-11-23 09:00:00');
    expect(normalizedEnd(null, '2026-11-23 09:00:00')).toBe('2026-11-23 09:00:00');
  });
});

describe('wall times', () => {
  it('reads the wall time of an instant in a time zone', () => {
    const instant = new Date('2026-11-21T09:05:07Z');
    expect(wallTimeIn('Europe/Paris', instant)).toBe('2026-11-21 10:05:07');
    expect(wallTimeIn('Asia/Tokyo', instant)).toBe('2026-11-21 18:05:07');
    expect(wallTimeIn('UTC', new Date('2026-11-21T00:00:00Z'))).toBe('2026-11-21 00:00:00');
    expect(wallTimeOfIso('2030-06-10T09:00:00+02:00', 'Europe/Paris')).toBe('2030-06-10 09:00:00');
    expect(wallTimeOfIso('2030-06-10T09:00:00+02:00', 'Asia/Tokyo')).toBe('2030-06-10 16:00:00');
    expect(wallTimeOfIso('not a date', 'UTC')).toBe('');
  });

  it('compares, shifts and checks wall times', () => {
    expect(isAfterNow('2026-11-21 10:00:01', '2026-11-21 10:00:00')).toBe(true);
    expect(isAfterNow('2026-11-21 10:00:00', '2026-11-21 10:00:00')).toBe(false);
    expect(addMinutes('2026-11-21 10:50:00', 15)).toBe('2026-11-21 11:05:00');
    expect(isWallTime('2026-02-30 10:00:00')).toBe(false);
    expect(isWallTime('2026-11-21T10:00:00')).toBe(false);
    expect(isWallTime('2026-11-21 10:00:00')).toBe(true);
  });
});
