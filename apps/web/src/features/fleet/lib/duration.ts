/** A response time as people read it (issue 15 fleet health): minutes under an hour, hours under two days, else days. */
import type { TFunction } from 'i18next';

/** `seconds` (≥ 0) in the `overview:duration.*` texts: "45 min", "7 h 05 min", "3 d 4 h". */
export function formatDuration(t: TFunction, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('overview:duration.minutes', { minutes });
  if (minutes < 48 * 60) {
    const hours = Math.floor(minutes / 60);
    return t('overview:duration.hours', { hours, minutes: String(minutes % 60).padStart(2, '0') });
  }
  const hours = Math.round(minutes / 60);
  return t('overview:duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}
