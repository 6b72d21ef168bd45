/**
 * The 'Upcoming services' window of Home (SPEC §9 "Home shows services of the next 2 weeks"): today → today + 14 days
 * in the user's time zone, and the visits grouped by start day.
 */
import { HOME_UPCOMING_DAYS, type Intervention } from '@isoptera/contracts';
import { intlLocale } from '../../../shared/i18n/languages';

/** The calendar date (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function dayIn(timeZone: string, instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** `date` (`YYYY-MM-DD`) shifted by `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** First and last day (inclusive) of the upcoming window for `now` in `timeZone`. */
export function upcomingWindow(timeZone: string, now: Date = new Date()): { start: string; end: string } {
  const start = dayIn(timeZone, now);
  return { start, end: addDays(start, HOME_UPCOMING_DAYS) };
}

export interface UpcomingDay {
  date: string;
  items: Intervention[];
}

/** Consecutive groups by start day (items already sorted by start). */
export function groupUpcoming(items: readonly Intervention[], timeZone: string): UpcomingDay[] {
  const days: UpcomingDay[] = [];
  for (const item of items) {
    const date = dayIn(timeZone, item.start_at);
    const last = days[days.length - 1];
    if (last?.date === date) last.items.push(item);
    else days.push({ date, items: [item] });
  }
  return days;
}

/**
 * A visit's hours as the language writes a range (`Intl.DateTimeFormat#formatRange`), in `timeZone`: '09:00–10:30'
 * in English, '09:00 – 10:30' in French, '9時00分～10時30分' in Japanese; the dates too when it ends on another day.
 */
export function timeRange(start: string, end: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatRange(new Date(start), new Date(end));
}
