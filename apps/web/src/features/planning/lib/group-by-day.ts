/** Interventions grouped by start date in the user's time zone (SPEC §9 "Interventions are grouped by start date"). */
import type { Intervention } from '@isoptera/contracts';

export interface DayGroup {
  /** `YYYY-MM-DD` in the user's zone. */
  date: string;
  items: Intervention[];
}

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

/** Consecutive groups by start day, in the order of `items` (already sorted by start). */
export function groupByDay(items: readonly Intervention[], timeZone: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const item of items) {
    const date = dayIn(timeZone, item.start_at);
    const last = groups[groups.length - 1];
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}

/** A day header in the user's language, e.g. "vendredi 21 novembre 2026" (calendar date, no zone shift). */
export function formatDayHeader(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
