/**
 * Time zones of the activation form (SPEC §3 "timezone (default Europe/Paris)", §7 `GET /api/timezones`): the
 * default is the browser's zone when the server accepts it, else Europe/Paris.
 */
import { DEFAULT_TIMEZONE } from '@isoptera/contracts';

/** The browser's IANA zone, or null when it cannot tell. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The zone to preselect among `zones`: the browser's when listed, else Europe/Paris. */
export function defaultTimeZone(zones: readonly string[], browser: string | null = browserTimeZone()): string {
  return browser && zones.includes(browser) ? browser : DEFAULT_TIMEZONE;
}

/** How a zone reads in the picker: `America/New_York` → `America/New York`. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** The zones matching a typed text (case-insensitive, on the label or the identifier), in list order. */
export function filterTimeZones(zones: readonly string[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...zones];
  return zones.filter(
    (zone) => zone.toLowerCase().includes(wanted) || timeZoneLabel(zone).toLowerCase().includes(wanted),
  );
}
