/**
 * Date-times in the actor's time zone (ARCHITECTURE §4): requests carry `YYYY-MM-DD HH:mm:ss` in the actor's
 * IANA zone (or ISO 8601 with an offset); responses carry ISO 8601 with the offset of the actor's zone.
 */
import { TZDate } from '@date-fns/tz';
import { DATE_TIME_POST_PATTERN } from '@isoptera/contracts';
import { format } from 'date-fns';

/** The instant that `value` (`YYYY-MM-DD HH:mm:ss` in `timeZone`, or ISO 8601 with offset) names. */
export function parseZoned(value: string, timeZone: string): Date {
  if (DATE_TIME_POST_PATTERN.test(value)) {
    const [date = '', time = ''] = value.split(' ');
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
    return new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime());
  }
  return new Date(value);
}

/** The first instant of calendar day `date` (`YYYY-MM-DD`) in `timeZone`. */
export function startOfZonedDay(date: string, timeZone: string): Date {
  return parseZoned(`${date} 00:00:00`, timeZone);
}

/** ISO 8601 with the offset of `timeZone`, e.g. `2026-11-21T10:00:00+01:00`. */
export function formatZoned(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** The calendar date (`YYYY-MM-DD`) of `instant` in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}
