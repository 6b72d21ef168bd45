/**
 * The alert rules (issue 5 "Alerts"), as pure functions of what the database holds: given a device's latest state
 * and the space's thresholds, does each condition hold, since which reading, and with what details.
 */
import type { AlertSettings, RuleAlertType } from '@isoptera/contracts';
import type { DailyConsumption, EngineEquipment, LatestReading } from './alert-engine.repository.js';

/** What is known of a device now: its latest reading (stations) or its own status (gateways, stations without readings). */
export interface Observation {
  /** When the observed values were measured (the reading's `measured_at`, else the device's last update). */
  measuredAt: Date | null;
  termiteActivity: number | null;
  batteryLevel: string | null;
  signalLevel: number | null;
}

/** Whether the condition of an alert type holds, the time of the observation it rests on, and what triggered it. */
export interface RuleVerdict {
  type: RuleAlertType;
  holds: boolean;
  triggeredAt: Date | null;
  details: Record<string, unknown>;
}

/** A station that contributes to a site's colony verdict. */
export interface ColonyEvidence {
  reference: string;
  measuredAt: Date;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The observation of `item`: its latest reading when it has one, else the status stored on the equipment. */
export function observationOf(item: EngineEquipment, latest: LatestReading | undefined): Observation {
  if (latest) {
    return {
      measuredAt: latest.measuredAt,
      termiteActivity: latest.termiteActivity,
      batteryLevel: latest.batteryLevel,
      signalLevel: latest.signalLevel,
    };
  }
  return {
    measuredAt: item.lastUpdateAt,
    termiteActivity: null,
    batteryLevel: item.batteryLevel,
    signalLevel: item.signalLevel,
  };
}

/**
 * The device rules: TYPE_TERMITE_ALERT (stations: termite activity ≥ `termite_activity_threshold`), TYPE_LOW_BATTERY
 * (battery `Low`), TYPE_COMMUNICATION_WEAK_SIGNAL (signal < `weak_signal_dbm` dBm).
 */
export function deviceVerdicts(item: EngineEquipment, seen: Observation, settings: AlertSettings): RuleVerdict[] {
  const measured_at = iso(seen.measuredAt);
  const verdicts: RuleVerdict[] = [];
  if (item.kind !== 'gateway') {
    const threshold = settings.termite_activity_threshold;
    verdicts.push({
      type: 'TYPE_TERMITE_ALERT',
      holds: seen.termiteActivity !== null && seen.termiteActivity >= threshold,
      triggeredAt: seen.measuredAt,
      details: { termite_activity: seen.termiteActivity, threshold, measured_at },
    });
  }
  verdicts.push({
    type: 'TYPE_LOW_BATTERY',
    holds: seen.batteryLevel === 'Low',
    triggeredAt: seen.measuredAt,
    details: { battery_level: seen.batteryLevel, measured_at },
  });
  verdicts.push({
    type: 'TYPE_COMMUNICATION_WEAK_SIGNAL',
    holds: seen.signalLevel !== null && seen.signalLevel < settings.weak_signal_dbm,
    triggeredAt: seen.measuredAt,
    details: { signal_level: seen.signalLevel, threshold: settings.weak_signal_dbm, measured_at },
  });
  return verdicts;
}

/** The UTC calendar day `count` days before `day` (`YYYY-MM-DD`). */
function daysBefore(day: string, count: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - count)).toISOString().slice(0, 10);
}

/**
 * "Sustained consumption" of one station: its daily maximum bait consumption rose on each of the last
 * `bait_consumption_days` days (so `days + 1` consecutive UTC days, ending on the day of its latest reading, each
 * higher than the one before) and the last one reached `bait_consumption_threshold`. `days` are the station's rows.
 */
export function isSustainedConsumption(days: readonly DailyConsumption[], settings: AlertSettings): boolean {
  if (!days.length) return false;
  const byDay = new Map(days.map((d) => [d.day, d.maxConsumption]));
  const last = [...byDay.keys()].sort().at(-1) as string;
  const span = settings.bait_consumption_days;
  let previous: number | undefined;
  for (let back = span; back >= 0; back -= 1) {
    const value = byDay.get(daysBefore(last, back));
    if (value === undefined) return false;
    if (previous !== undefined && value <= previous) return false;
    previous = value;
  }
  return previous !== undefined && previous >= settings.bait_consumption_threshold;
}

/**
 * TYPE_COLONY_DETECTED of a site: at least `colony_station_count` stations in termite alert, or one station with
 * sustained bait consumption. `triggeredAt` is the latest reading among the contributing stations.
 */
export function colonyVerdict(
  termiteStations: readonly ColonyEvidence[],
  sustainedStations: readonly ColonyEvidence[],
  settings: AlertSettings,
): RuleVerdict {
  const byCount = termiteStations.length >= settings.colony_station_count;
  const contributing = [...(byCount ? termiteStations : []), ...sustainedStations];
  const latest = contributing.reduce<Date | null>(
    (max, s) => (max === null || s.measuredAt > max ? s.measuredAt : max),
    null,
  );
  const references = (stations: readonly ColonyEvidence[]) => stations.map((s) => s.reference).sort();
  return {
    type: 'TYPE_COLONY_DETECTED',
    holds: byCount || sustainedStations.length > 0,
    triggeredAt: latest,
    details: {
      termite_stations: references(termiteStations),
      colony_station_count: settings.colony_station_count,
      sustained_stations: references(sustainedStations),
      bait_consumption_threshold: settings.bait_consumption_threshold,
      bait_consumption_days: settings.bait_consumption_days,
      measured_at: iso(latest),
    },
  };
}

/** A device is silent at `at` when its last update (or, never updated, its creation) is older than 2 × `hours`. */
export function isSilent(item: Pick<EngineEquipment, 'lastUpdateAt' | 'createdAt'>, at: Date, hours: number): boolean {
  const since = item.lastUpdateAt ?? item.createdAt;
  return since.getTime() < at.getTime() - 2 * hours * 3_600_000;
}

/** The details of a TYPE_COMMUNICATION_ERROR: the silent device's last update and the expected interval. */
export function silenceDetails(item: Pick<EngineEquipment, 'lastUpdateAt'>, hours: number): Record<string, unknown> {
  return { last_update_at: iso(item.lastUpdateAt), expected_uplink_hours: hours };
}

/** The device has sent something since its TYPE_COMMUNICATION_ERROR opened (the last update recorded then changed). */
export function hasUpdatedSince(item: Pick<EngineEquipment, 'lastUpdateAt'>, alertDetails: unknown): boolean {
  if (!item.lastUpdateAt) return false;
  const recorded = (alertDetails as { last_update_at?: string | null } | null)?.last_update_at;
  return !recorded || item.lastUpdateAt.getTime() > new Date(recorded).getTime();
}

/**
 * Whether an alert may open given the last acknowledgement of its kind: after an acknowledgement, only an
 * observation measured after it opens a new one.
 */
export function mayOpen(acknowledgedAt: Date | undefined, triggeredAt: Date | null): boolean {
  if (!acknowledgedAt) return true;
  return triggeredAt !== null && triggeredAt.getTime() > acknowledgedAt.getTime();
}
