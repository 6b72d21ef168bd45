/**
 * Issue 15 "Automatic reports": when each schedule is due and which period it covers, in the space's time zone —
 * weekly, monthly, quarterly; Europe/Paris, Asia/Tokyo, America/New_York; a DST change; month ends (February,
 * "last"); the catch-up window after a missed run.
 */
import { describe, expect, it } from 'vitest';
import { type AutomaticSchedule, latestDuePeriod, periodToBuild } from './automatic-schedule.js';

const iso = (due: ReturnType<typeof latestDuePeriod>) =>
  due && {
    dueAt: due.dueAt.toISOString(),
    periodStart: due.periodStart.toISOString(),
    periodEnd: due.periodEnd.toISOString(),
  };
const schedule = (s: Partial<AutomaticSchedule>): AutomaticSchedule => ({
  frequency: 'monthly',
  weekday: 1,
  month_day: 1,
  hour: 8,
  ...s,
});
const HOUR = 3_600_000;

describe('weekly', () => {
  it('Europe/Paris, Monday 08:00: the 7 days before that Monday, due from 08:00 local', () => {
    const s = schedule({ frequency: 'weekly', weekday: 1, hour: 8 });
    // Monday 30 November 2026, 08:05 in Paris (UTC+1)
    expect(iso(latestDuePeriod(s, new Date('2026-11-30T07:05:00Z'), 'Europe/Paris'))).toEqual({
      dueAt: '2026-11-30T07:00:00.000Z',
      periodStart: '2026-11-22T23:00:00.000Z',
      periodEnd: '2026-11-29T23:00:00.000Z',
    });
    // 07:59 local: the week before is still the latest due
    expect(iso(latestDuePeriod(s, new Date('2026-11-30T06:59:00Z'), 'Europe/Paris'))?.periodEnd).toBe(
      '2026-11-22T23:00:00.000Z',
    );
  });

  it('across the spring DST change in Paris the week is 167 hours, and a due hour in the skipped hour falls after it', () => {
    const monday = latestDuePeriod(
      schedule({ frequency: 'weekly', weekday: 1, hour: 9 }),
      new Date('2026-03-30T08:00:00Z'),
      'Europe/Paris',
    );
    expect(iso(monday)).toEqual({
      dueAt: '2026-03-30T07:00:00.000Z', // 09:00 CEST
      periodStart: '2026-03-22T23:00:00.000Z', // 23 March 00:00 CET
      periodEnd: '2026-03-29T22:00:00.000Z', // 30 March 00:00 CEST
    });
    expect(((monday?.periodEnd.getTime() ?? 0) - (monday?.periodStart.getTime() ?? 0)) / HOUR).toBe(167);
    // Sunday 29 March 2026 at 02:00 does not exist in Paris: due at the first instant after the gap (03:00 CEST)
    const sunday = latestDuePeriod(
      schedule({ frequency: 'weekly', weekday: 7, hour: 2 }),
      new Date('2026-03-29T01:30:00Z'),
      'Europe/Paris',
    );
    expect(sunday?.dueAt.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(sunday?.periodEnd.toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});

describe('monthly', () => {
  it('Asia/Tokyo, the 1st at 09:00: the previous calendar month in Tokyo', () => {
    const due = latestDuePeriod(schedule({ hour: 9 }), new Date('2026-12-01T00:30:00Z'), 'Asia/Tokyo');
    expect(iso(due)).toEqual({
      dueAt: '2026-12-01T00:00:00.000Z',
      periodStart: '2026-10-31T15:00:00.000Z',
      periodEnd: '2026-11-30T15:00:00.000Z',
    });
  });

  it('"last" is the month’s last day: 28 February, 29 in a leap year, 30 April; the period is the month before', () => {
    const last = schedule({ month_day: 'last', hour: 6 });
    expect(iso(latestDuePeriod(last, new Date('2027-02-28T12:00:00Z'), 'America/New_York'))).toEqual({
      dueAt: '2027-02-28T11:00:00.000Z', // 06:00 EST
      periodStart: '2027-01-01T05:00:00.000Z',
      periodEnd: '2027-02-01T05:00:00.000Z',
    });
    // 28 February 2028 is not the last day of a leap February: January's report is still the one of 31 January
    expect(iso(latestDuePeriod(last, new Date('2028-02-28T12:00:00Z'), 'America/New_York'))?.dueAt).toBe(
      '2028-01-31T11:00:00.000Z',
    );
    expect(iso(latestDuePeriod(last, new Date('2028-02-29T12:00:00Z'), 'America/New_York'))?.dueAt).toBe(
      '2028-02-29T11:00:00.000Z',
    );
    expect(iso(latestDuePeriod(last, new Date('2026-04-30T23:00:00Z'), 'Europe/Paris'))).toEqual({
      dueAt: '2026-04-30T04:00:00.000Z',
      periodStart: '2026-02-28T23:00:00.000Z', // 1 March 00:00 CET
      periodEnd: '2026-03-31T22:00:00.000Z', // 1 April 00:00 CEST: March is 743 hours long in Paris
    });
  });

  it('January covers December of the year before', () => {
    const due = latestDuePeriod(
      schedule({ month_day: 5, hour: 0 }),
      new Date('2027-01-05T06:00:00Z'),
      'America/New_York',
    );
    expect(due?.periodStart.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(due?.periodEnd.toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('quarterly', () => {
  it('America/New_York: due in the quarter’s first month, covers the previous calendar quarter across the DST change', () => {
    const s = schedule({ frequency: 'quarterly', month_day: 'last', hour: 23 });
    expect(iso(latestDuePeriod(s, new Date('2026-05-01T03:30:00Z'), 'America/New_York'))).toEqual({
      dueAt: '2026-05-01T03:00:00.000Z', // 30 April 23:00 EDT
      periodStart: '2026-01-01T05:00:00.000Z',
      periodEnd: '2026-04-01T04:00:00.000Z',
    });
    // in May and June the latest due is still April's
    expect(latestDuePeriod(s, new Date('2026-06-15T12:00:00Z'), 'America/New_York')?.dueAt.toISOString()).toBe(
      '2026-05-01T03:00:00.000Z',
    );
    // before 30 April 23:00 local: January's (the fourth quarter of 2025)
    expect(iso(latestDuePeriod(s, new Date('2026-05-01T02:59:00Z'), 'America/New_York'))?.periodStart).toBe(
      '2025-10-01T04:00:00.000Z',
    );
  });
});

describe('the run', () => {
  it('builds a period within 48 h of its due moment, never when the schedule is off', () => {
    const s = schedule({ hour: 8 });
    const due = new Date('2026-11-01T07:00:00Z'); // 1 November 08:00 in Paris (UTC+1)
    // a minute before, the latest due moment is 1 October's, a month ago: nothing to build
    expect(latestDuePeriod(s, new Date(due.getTime() - 60_000), 'Europe/Paris')?.periodEnd.toISOString()).toBe(
      '2026-09-30T22:00:00.000Z',
    );
    expect(periodToBuild(s, new Date(due.getTime() - 60_000), 'Europe/Paris')).toBeNull();
    expect(periodToBuild(s, due, 'Europe/Paris')?.periodEnd.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(periodToBuild(s, new Date(due.getTime() + 47 * HOUR), 'Europe/Paris')).not.toBeNull();
    expect(periodToBuild(s, new Date(due.getTime() + 48 * HOUR), 'Europe/Paris')).toBeNull();
    expect(periodToBuild({ ...s, frequency: 'off' }, due, 'Europe/Paris')).toBeNull();
  });
});
