/**
 * Date rules of the intervention form (SPEC §4 "Intervention form", §5, §9). Values are wall times of the user's
 * time zone in the post format `YYYY-MM-DD HH:mm:ss`; since they share one fixed-width format, comparing two of
 * them as strings compares the times.
 */
import { DEFAULT_INTERVENTION_DURATION_MINUTES, MIN_INTERVENTION_DURATION_MINUTES } from '@isoptera/contracts';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Components of a wall time, or null when `value` is not in the post format. */
function parts(value: string): [number, number, number, number, number, number] | null {
  const match = WALL_TIME.exec(value);
  return match ? (match.slice(1).map(Number) as [number, number, number, number, number, number]) : null;
}

/** A naive (zone-less) date whose UTC fields are the wall time's fields. */
function naive(value: string): Date | null {
  const p = parts(value);
  return p ? new Date(Date.UTC(p[0], p[1] - 1, p[2], p[3], p[4], p[5])) : null;
}

function fromNaive(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(
    date.getUTCMinutes(),
  )}:${pad(date.getUTCSeconds())}`;
}

/** `true` when `value` is a wall time `YYYY-MM-DD HH:mm:ss` naming a real calendar date and time. */
export function isWallTime(value: string | null | undefined): value is string {
  if (!value) return false;
  const date = naive(value);
  return date !== null && fromNaive(date) === value;
}

/** The wall time of `instant` in `timeZone`, `YYYY-MM-DD HH:mm:ss` (e.g. the user's "now"). */
export function wallTimeIn(timeZone: string, instant: Date | string = new Date()): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const formatted = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** `value` plus `minutes` (negative to subtract); wall-time arithmetic, no time-zone shift. */
export function addMinutes(value: string, minutes: number): string {
  const date = naive(value);
  if (!date) return value;
  return fromNaive(new Date(date.getTime() + minutes * 60_000));
}

/**
 * Default start of a new intervention (SPEC §4): `now`, rounded up to the next full hour, seconds zeroed; e.g.
 * 10:20:35 → 11:00:00. SPEC §4 rounds only when the minutes are non-zero, but in the first minute of an hour that
 * default (10:00:35 → 10:00:00) is already in the past and breaks SPEC §5 (start later than now), so every time
 * after the full hour rounds up: 10:00:35 → 11:00:00. Only an exact 10:00:00 would stay, and it is not later than now
 * either, so it rounds up too.
 */
export function defaultStart(now: string): string {
  const p = parts(now);
  if (!p) return now;
  const [y, mo, d, h] = p;
  const start = new Date(Date.UTC(y, mo - 1, d, h, 0, 0));
  return fromNaive(new Date(start.getTime() + 3_600_000));
}

/** Default end: start plus one hour (SPEC §9 "Default intervention duration"). */
export function defaultEnd(start: string): string {
  return addMinutes(start, DEFAULT_INTERVENTION_DURATION_MINUTES);
}

/** The minimum selectable end: start plus one minute (SPEC §9). */
export function minimumEnd(start: string): string {
  return addMinutes(start, MIN_INTERVENTION_DURATION_MINUTES);
}

/** The end to keep after the start changed: reset to start + 1 hour when missing or not after start (SPEC §4). */
export function normalizedEnd(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!isWallTime(start)) return end ?? null;
  if (!isWallTime(end) || end <= start) return defaultEnd(start);
  return end;
}

/** Default start and end of a new intervention for the user's "now" (wall time of the user's zone). */
export function defaultSchedule(now: string): { start_at: string; end_at: string } {
  const start = defaultStart(now);
  return { start_at: start, end_at: defaultEnd(start) };
}

/** `true` when `start` is later than `now` (rule before_now, SPEC §5). */
export function isAfterNow(start: string, now: string): boolean {
  return start > now;
}

/** The post-format wall time of an ISO 8601 instant (with offset) in `timeZone`; '' when it is not a date. */
export function wallTimeOfIso(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : wallTimeIn(timeZone, date);
}
