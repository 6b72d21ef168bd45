/**
 * When a periodic automatic report is due, and the period it covers (issue 15 "Automatic reports";
 * docs/decisions/018). Pure: wall-clock days and hours in an IANA time zone (the space's: its owner's account's),
 * turned into instants with `platform/time/zoned` (a due hour skipped by a DST change falls on the next valid
 * instant, as `parseZoned` decides).
 *
 * - weekly: due on `weekday` (ISO, 1 Monday … 7 Sunday) at `hour`; covers the 7 days before that day.
 * - monthly: due on `month_day` (1–28, or the month's last day for `last`) at `hour`; covers the previous calendar
 *   month.
 * - quarterly: due on `month_day` of the quarter's first month (January, April, July, October) at `hour`; covers the
 *   previous calendar quarter.
 *
 * Periods are half-open `[start, end)`, each bound the first instant of a local day.
 */
import type { AutomaticReportSettings } from '@isoptera/contracts';
import { parseZoned, startOfZonedDay, zonedDate } from '../../platform/time/zoned.js';

/** The schedule fields a due computation reads. */
export type AutomaticSchedule = Pick<AutomaticReportSettings, 'frequency' | 'weekday' | 'month_day' | 'hour'>;

/** A period and the moment its report is due. */
export interface DuePeriod {
  dueAt: Date;
  periodStart: Date;
  periodEnd: Date;
}

/** A local calendar day as `[year, month (1–12), day]`. */
type Day = [number, number, number];

const parse = (date: string): Day => date.split('-').map(Number) as Day;
const format = ([y, m, d]: Day): string => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
/** `[y, m, d]` moved by `days` (calendar arithmetic; month and year ends roll over). */
const addDays = ([y, m, d]: Day, days: number): Day => {
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
};
/** The first day of the month `months` after `[y, m]`. */
const addMonths = (y: number, m: number, months: number): Day => {
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, 1];
};
/** The number of days of month `m` of year `y` (28–31). */
const daysInMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** ISO weekday of a day: 1 Monday … 7 Sunday. */
const isoWeekday = ([y, m, d]: Day): number => new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;

/** The instant of `hour`:00 on local day `day` in `timeZone`. */
function at(day: Day, hour: number, timeZone: string): Date {
  return parseZoned(`${format(day)} ${String(hour).padStart(2, '0')}:00:00`, timeZone);
}

const startOf = (day: Day, timeZone: string) => startOfZonedDay(format(day), timeZone);

/** The due day of the month `[y, m]`: `month_day`, or its last day. */
function dueDayOf(y: number, m: number, monthDay: AutomaticSchedule['month_day']): Day {
  return [y, m, monthDay === 'last' ? daysInMonth(y, m) : monthDay];
}

/**
 * The latest period whose report is due at or before `now` under `schedule` in `timeZone`, with its due moment;
 * null when the frequency is `off`.
 */
export function latestDuePeriod(schedule: AutomaticSchedule, now: Date, timeZone: string): DuePeriod | null {
  const today = parse(zonedDate(now, timeZone));
  switch (schedule.frequency) {
    case 'off':
      return null;
    case 'weekly': {
      let day = addDays(today, -((isoWeekday(today) - schedule.weekday + 7) % 7));
      if (at(day, schedule.hour, timeZone) > now) day = addDays(day, -7);
      return {
        dueAt: at(day, schedule.hour, timeZone),
        periodStart: startOf(addDays(day, -7), timeZone),
        periodEnd: startOf(day, timeZone),
      };
    }
    case 'monthly':
    case 'quarterly': {
      const step = schedule.frequency === 'monthly' ? 1 : 3;
      // the first month of the current period (the month itself, or its quarter's first month)
      let [y, m] = today;
      if (step === 3) m = m - ((m - 1) % 3);
      let due = dueDayOf(y, m, schedule.month_day);
      if (at(due, schedule.hour, timeZone) > now) {
        [y, m] = addMonths(y, m, -step);
        due = dueDayOf(y, m, schedule.month_day);
      }
      return {
        dueAt: at(due, schedule.hour, timeZone),
        periodStart: startOf(addMonths(y, m, -step), timeZone),
        periodEnd: startOf([y, m, 1], timeZone),
      };
    }
  }
}

/** How late a missed run may still build a period's report (an instance down over the due hour): 48 hours. */
export const AUTOMATIC_CATCH_UP_MS = 48 * 3_600_000;

/** The period to build at `now`: the latest due one when it fell due within {@link AUTOMATIC_CATCH_UP_MS}, else null. */
export function periodToBuild(schedule: AutomaticSchedule, now: Date, timeZone: string): DuePeriod | null {
  const due = latestDuePeriod(schedule, now, timeZone);
  if (!due || now.getTime() - due.dueAt.getTime() >= AUTOMATIC_CATCH_UP_MS) return null;
  return due;
}
