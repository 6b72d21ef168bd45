/**
 * Date-times in the actor's time zone (ARCHITECTURE §4): requests carry `YYYY-MM-DD HH:mm:ss` in the actor's
 * IANA zone (or ISO 8601 with an offset); responses carry ISO 8601 with the offset of the actor's zone.
 */
import { TZDate } from '@date-fns/tz';
import { DATE_TIME_POST_PATTERN } from '@isoptera/contracts';

/**
 * The instant that `value` (`YYYY-MM-DD HH:mm:ss` in `timeZone`, or ISO 8601 with offset) names. A wall time in a
 * day without a zone transition near it is plain arithmetic on the cached offset; around a transition (a skipped or
 * repeated hour) date-fns decides, as before.
 */
export function parseZoned(value: string, timeZone: string): Date {
  if (DATE_TIME_POST_PATTERN.test(value)) {
    const [date = '', time = ''] = value.split(' ');
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
    const wall = Date.UTC(y, mo - 1, d, h, mi, s);
    const before = offsetMinutes(wall - DAY_MS, timeZone);
    if (y >= 1900 && before === offsetMinutes(wall + DAY_MS, timeZone)) {
      return new Date(wall - before * 60_000);
    }
    return new Date(new TZDate(y, mo - 1, d, h, mi, s, timeZone).getTime());
  }
  return new Date(value);
}

/** The first instant of calendar day `date` (`YYYY-MM-DD`) in `timeZone`. */
export function startOfZonedDay(date: string, timeZone: string): Date {
  return parseZoned(`${date} 00:00:00`, timeZone);
}

/** Offsets (minutes east of UTC) by time zone, then by quarter hour since the epoch (zone transitions fall on them). */
const offsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR_MS = 900_000;
const DAY_MS = 86_400_000;
const MAX_CACHED_QUARTERS = 50_000;
/** The zone of the previous call and its offsets: a request formats all its date-times in one zone. */
let lastZone: string | undefined;
let lastZoneOffsets: Map<number, number> | undefined;

/** The UTC offset of `timeZone` at `ms`, in minutes east of UTC (e.g. 60 for Paris in winter, 345 for Kathmandu). */
function offsetMinutes(ms: number, timeZone: string): number {
  let zone = timeZone === lastZone ? lastZoneOffsets : offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  lastZone = timeZone;
  lastZoneOffsets = zone;
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    offset = -new TZDate(ms, timeZone).getTimezoneOffset();
    if (zone.size >= MAX_CACHED_QUARTERS) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** `00` … `99`: the two-digit fields of a date-time, looked up instead of padded on each call. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const pad = (n: number, width = 2) =>
  width === 2 && n < 100 ? (TWO_DIGITS[n] as string) : String(n).padStart(width, '0');

/** Years written by the fast path of {@link formatZoned}; others (never met in practice) take the `Date` path. */
const MIN_FAST_MS = Date.UTC(1000, 0, 1);
const MAX_FAST_MS = Date.UTC(9999, 11, 31);
/** `YYYY-MM-DD` of the local day last written, by its number of days since the epoch (one entry: series are sorted). */
let lastDay = Number.NaN;
let lastDayText = '';
/** `±HH:MM` of the offset last written. */
let lastOffset = Number.NaN;
let lastOffsetText = '';

/** `YYYY-MM-DD` of day `days` since 1970-01-01 (proleptic Gregorian; Howard Hinnant's `civil_from_days`). */
function civilDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/**
 * ISO 8601 with the offset of `timeZone`, e.g. `2026-11-21T10:00:00+01:00`. The offset is looked up once per zone and
 * quarter hour, then the local fields are integer arithmetic on the epoch milliseconds (the day's text reused while
 * the day is the same): long series (readings history) and list pages format in a fraction of a microsecond each.
 */
export function formatZoned(instant: Date, timeZone: string): string {
  return formatZonedMs(instant.getTime(), timeZone);
}

/**
 * {@link formatZoned} of an instant given in epoch milliseconds (no `Date` to allocate); a fraction of a millisecond
 * is dropped as `new Date(ms)` drops it.
 */
export function formatZonedMs(epochMs: number, timeZone: string): string {
  const ms = Math.trunc(epochMs);
  const offset = offsetMinutes(ms, timeZone);
  const localMs = ms + offset * 60_000;
  if (!(localMs >= MIN_FAST_MS && localMs <= MAX_FAST_MS)) return formatZonedSlow(ms, offset);
  const days = Math.floor(localMs / DAY_MS);
  if (days !== lastDay) {
    lastDayText = civilDate(days);
    lastDay = days;
  }
  if (offset !== lastOffset) {
    const abs = Math.abs(offset);
    lastOffsetText = `${offset < 0 ? '-' : '+'}${TWO_DIGITS[Math.floor(abs / 60)]}:${TWO_DIGITS[abs % 60]}`;
    lastOffset = offset;
  }
  const seconds = Math.floor((localMs - days * DAY_MS) / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${lastDayText}T${TWO_DIGITS[Math.floor(minutes / 60)]}:${TWO_DIGITS[minutes % 60]}:${TWO_DIGITS[seconds % 60]}${lastOffsetText}`;
}

/** {@link formatZoned} through `Date`'s UTC fields, for years outside 1000–9999. */
function formatZonedSlow(ms: number, offset: number): string {
  const local = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The calendar date (`YYYY-MM-DD`) of `instant` in `timeZone` (the cached offset, then arithmetic). */
export function zonedDate(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/**
 * A date-time of a request (ARCHITECTURE §4): `YYYY-MM-DD HH:mm:ss` in `timeZone` — a calendar date and time that
 * exist — or ISO 8601 with an offset; the instant truncated to the second, or null when `value` names no instant.
 */
export function parseDateTimeInput(value: string, timeZone: string): Date | null {
  if (DATE_TIME_POST_PATTERN.test(value)) {
    const [y, mo, d, h, mi, s] = value.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
    const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    const exists =
      probe.getUTCFullYear() === y &&
      probe.getUTCMonth() === mo - 1 &&
      probe.getUTCDate() === d &&
      probe.getUTCHours() === h &&
      probe.getUTCMinutes() === mi &&
      probe.getUTCSeconds() === s;
    if (!exists) return null;
  }
  const time = parseZoned(value, timeZone).getTime();
  return Number.isNaN(time) ? null : new Date(Math.floor(time / 1000) * 1000);
}
