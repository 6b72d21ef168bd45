/** SPEC §9 "Interventions are grouped by start date", in the user's time zone. */
import type { Intervention } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, formatDayHeader, groupByDay } from './group-by-day';

const at = (ulid: string, start_at: string) => ({ ulid, start_at }) as Intervention;

describe('groupByDay', () => {
  it('groups consecutive visits by their start day in the user zone', () => {
    const items = [at('a', '2026-11-20T22:30:00Z'), at('b', '2026-11-20T23:30:00Z'), at('c', '2026-11-21T08:00:00Z')];
    expect(groupByDay(items, 'UTC').map((g) => [g.date, g.items.map((i) => i.ulid)])).toEqual([
      ['2026-11-20', ['a', 'b']],
      ['2026-11-21', ['c']],
    ]);
    // 23:30 UTC is already the 21st in Paris
    expect(groupByDay(items, 'Europe/Paris').map((g) => [g.date, g.items.map((i) => i.ulid)])).toEqual([
      ['2026-11-20', ['a']],
      ['2026-11-21', ['b', 'c']],
    ]);
  });

  it('computes days and writes day headers in the user language', () => {
    expect(dayIn('Asia/Tokyo', '2026-11-20T16:00:00Z')).toBe('2026-11-21');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(formatDayHeader('2026-11-21', 'fr-FR')).toBe('samedi 21 novembre 2026');
    expect(formatDayHeader('2026-11-21', 'en-GB')).toMatch(/^Saturday,? 21 November 2026$/);
  });
});
