/** SPEC §9 "Home shows services of the next 2 weeks": the window in the user's zone and the day groups. */
import type { Intervention } from '@isoptera/contracts';
import { describe, expect, it } from 'vitest';
import { groupUpcoming, upcomingWindow } from './upcoming';

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
});
