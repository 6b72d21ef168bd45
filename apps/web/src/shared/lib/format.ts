/**
 * Dates, times and numbers through `Intl`, in the user's language and time zone (ARCHITECTURE §7, SPEC §9).
 * Inputs are ISO 8601 strings (with offset), `YYYY-MM-DD` calendar dates, epoch milliseconds or `Date`s.
 */
import { DEFAULT_TIMEZONE } from '@isoptera/contracts';
import { intlLocale } from '../i18n/languages';

export type DateInput = string | number | Date;

/** Parses a date input; `YYYY-MM-DD` is read as midday UTC so that it never changes day across zones. */
function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return new Date(value.replace(' ', 'T'));
  }
  return new Date(value);
}

const cache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: DEFAULT_TIMEZONE });
    }
    cache.set(key, format);
  }
  return format;
}

function format(
  value: DateInput | null | undefined,
  language: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const isCalendarDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateTimeFormat(language, isCalendarDate ? 'UTC' : timeZone, options).format(date);
}

/** A date in `timeZone` for `language`, e.g. 05/03/2026 in fr (ARCHITECTURE §7). Empty string for no value. */
export function formatDate(value: DateInput | null | undefined, language: string, timeZone = DEFAULT_TIMEZONE): string {
  return format(value, language, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** A date and time (hours:minutes) in `timeZone` for `language`, e.g. 05/03/2026 14:30 in fr. */
export function formatDateTime(
  value: DateInput | null | undefined,
  language: string,
  timeZone = DEFAULT_TIMEZONE,
): string {
  return format(value, language, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** A time of day (hours:minutes, 24 h) in `timeZone` for `language`, e.g. 14:30. */
export function formatTime(value: DateInput | null | undefined, language: string, timeZone = DEFAULT_TIMEZONE): string {
  return format(value, language, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** A number in `language` (grouping, decimals), e.g. 1 234,5 in fr. */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}
