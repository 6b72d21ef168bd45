/**
 * Time zones of the profile (SPEC §4 "Profile"): the browser's zone, the suggestion to use it when it differs from
 * the saved one, and the labels and search of the time zone picker. Zones are IANA names (`Europe/Paris`).
 */

/** The browser's IANA time zone ('' when the runtime does not tell). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * What to say about the browser's zone: nothing when it is unknown or the saved one (or the supported list is not
 * known yet); `available` when the user may switch to it in one click; `unavailable` when it is not in the list.
 */
export type TimeZoneSuggestion = { kind: 'available' | 'unavailable'; zone: string } | null;

/** The suggestion of SPEC §4 "Profile" for a browser zone, the saved zone and the supported zones. */
export function suggestTimeZone(
  browserZone: string,
  savedZone: string,
  supported: readonly string[] | undefined,
): TimeZoneSuggestion {
  if (!browserZone || browserZone === savedZone || !supported) return null;
  return { kind: supported.includes(browserZone) ? 'available' : 'unavailable', zone: browserZone };
}

/** A zone as people read it: `America/Argentina/Buenos_Aires` → `America/Argentina/Buenos Aires`. */
export function zoneName(zone: string): string {
  return zone.replaceAll('_', ' ');
}

const offsets = new Map<string, string>();

/** The zone's current offset from UTC in the given locale (`UTC+1`, `GMT+9`), '' when the runtime does not know it. */
export function zoneOffset(zone: string, locale: string): string {
  const key = `${locale}|${zone}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    try {
      const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts();
      offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    } catch {
      offset = '';
    }
    offsets.set(key, offset);
  }
  return offset;
}

/** The picker's label of a zone: `Asia/Tokyo (GMT+9)`. */
export function zoneLabel(zone: string, locale: string): string {
  const offset = zoneOffset(zone, locale);
  return offset ? `${zoneName(zone)} (${offset})` : zoneName(zone);
}

/** The zones whose name contains every word of `query` (case, accents, `_` and `/` ignored), in list order. */
export function filterZones(zones: readonly string[], query: string): string[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = normalise(zone);
    return words.every((word) => name.includes(word));
  });
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[_/]+/g, ' ').trim();
}
