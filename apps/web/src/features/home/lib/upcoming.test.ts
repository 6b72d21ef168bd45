/** SPEC §9 "Home shows services of the next 2 weeks": the window in the user's zone and the day groups. */
import type { Intervention } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { groupUpcoming, timeRange, upcomingWindow } from './upcoming';

describe('upcoming services', () => {
  it('spans today to today + 14 days in the user zone', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(upcomingWindow('Europe/Paris', now)).toEqual({ start: '2026-11-22', end: '2026-12-06' });
    expect(upcomingWindow('UTC', now)).toEqual({ start: '2026-11-21', end: '2026-12-05' });
  });

  it('groups the visits by start day', () => {
    const items = [
      { ulid: 'a', start_at: '2026-11-22T08:00:00+01:00' },
      { ulid: 'b', start_at: '2026-11-22T15:00:00+01:00' },
      { ulid: 'c', start_at: '2026-11-24T09:00:00+01:00' },
    ] as Intervention[];
    expect(groupUpcoming(items, 'Europe/Paris').map((d) => [d.date, d.items.length])).toEqual([
      ['2026-11-22', 2],
      ['2026-11-24', 1],
    ]);
  });

  it('writes a visit’s hours as each language writes a range, in the user zone', () => {
    const range = (language: string) =>
      timeRange('2026-11-30T08:00:00Z', '2026-11-30T09:30:00Z', language, 'Europe/Paris');
    expect(range('en')).toBe('09:00–10:30');
    expect(range('fr')).toBe('09:00\u2009–\u200910:30');
    expect(range('ja')).toBe('9時00分～10時30分');
    expect(timeRange('2026-11-30T08:00:00Z', '2026-11-30T09:30:00Z', 'en', 'Asia/Tokyo')).toBe('17:00–18:30');
  });
});
