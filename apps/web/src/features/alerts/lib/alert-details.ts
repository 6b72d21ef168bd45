/**
 * The one-line summary of what triggered an alert (contract `AlertLogEntry.details`, e.g.
 * `{termite_activity: 72, threshold: 30, measured_at}` → "Activity 72 ≥ 30 · reading of 12/03/2026 10:00"). Known keys:
 * termite_activity, bait_consumption (%), station_count / stations / termite_stations, sustained_stations with
 * bait_consumption_days (colony), days, battery_level, battery_percent (%), signal_level (dBm), threshold,
 * last_update_at / last_uplink_at, measured_at; other keys are not shown.
 */
import { BATTERY_LEVELS } from '@isoptera/contracts';
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../shared/lib/use-format';

const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const listOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
const dateOf = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/** The summary of `details` for an alert of `type`, parts joined by ' · ' ('' when nothing known is there). */
export function alertDetailsText(
  type: string,
  details: Record<string, unknown>,
  t: TFunction,
  format: Pick<Formatters, 'number' | 'dateTime'>,
): string {
  const n = (value: number) => format.number(value);
  const parts: string[] = [];
  const threshold = numberOf(details.threshold);
  let thresholdUsed = false;

  const activity = numberOf(details.termite_activity);
  if (activity !== null) {
    if (threshold !== null && type === 'TYPE_TERMITE_ALERT') {
      parts.push(t('alerts:details.activityOver', { value: n(activity), threshold: n(threshold) }));
      thresholdUsed = true;
    } else parts.push(t('alerts:details.activity', { value: n(activity) }));
  }
  // a colony (alert engine): the stations in termite alert, and those whose bait consumption kept rising
  const inAlert = listOf(details.termite_stations) ?? listOf(details.stations);
  const stations = numberOf(details.station_count) ?? (inAlert && inAlert.length > 0 ? inAlert.length : null);
  if (stations !== null) parts.push(t('alerts:details.stations', { count: stations }));
  const sustained = listOf(details.sustained_stations);
  if (sustained && sustained.length > 0) {
    parts.push(t('alerts:details.sustained', { stations: sustained.join(', ') }));
  }
  const bait = numberOf(details.bait_consumption);
  if (bait !== null) parts.push(t('alerts:details.bait', { value: n(bait) }));
  const days = numberOf(details.days) ?? (sustained?.length ? numberOf(details.bait_consumption_days) : null);
  if (days !== null) parts.push(t('alerts:details.days', { count: days }));
  const level = details.battery_level;
  if (typeof level === 'string' && (BATTERY_LEVELS as readonly string[]).includes(level)) {
    parts.push(t('alerts:details.battery', { level: t(`enums:battery_level.${level}`) }));
  }
  const percent = numberOf(details.battery_percent);
  if (percent !== null) parts.push(t('alerts:details.batteryPercent', { value: n(percent) }));
  const signal = numberOf(details.signal_level);
  if (signal !== null) {
    if (threshold !== null && type === 'TYPE_COMMUNICATION_WEAK_SIGNAL') {
      parts.push(t('alerts:details.signalUnder', { value: n(signal), threshold: n(threshold) }));
      thresholdUsed = true;
    } else parts.push(t('alerts:details.signal', { value: n(signal) }));
  }
  if (threshold !== null && !thresholdUsed) parts.push(t('alerts:details.threshold', { value: n(threshold) }));
  const lastUplink = dateOf(details.last_update_at) ?? dateOf(details.last_uplink_at);
  if (lastUplink) parts.push(t('alerts:details.lastUplink', { date: format.dateTime(lastUplink) }));
  else if (type === 'TYPE_COMMUNICATION_ERROR' && 'last_update_at' in details && details.last_update_at === null) {
    parts.push(t('alerts:details.neverHeard'));
  }
  const measuredAt = dateOf(details.measured_at);
  if (measuredAt) parts.push(t('alerts:details.measuredAt', { date: format.dateTime(measuredAt) }));
  return parts.join(' · ');
}
