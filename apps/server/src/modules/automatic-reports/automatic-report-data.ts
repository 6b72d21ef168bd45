/**
 * What an automatic report shows (docs/decisions/018), computed once when it is built and stored with it
 * (`reports.automatic_data`): its PDF can be drawn again, identical, at any time. Instants are ISO 8601 (UTC); days
 * are local days (`YYYY-MM-DD`) in the space's time zone. Advice is stored as codes and parameters and written in the
 * report's language when the PDF is drawn.
 */
import type { AutomaticReportKind } from '@isoptera/contracts';
import { zonedDate } from '../../platform/time/zoned.js';
import {
  type ActivityRow,
  type AlertRowOfPeriod,
  type StationRow,
  toDate,
  type VisitRow,
} from './automatic-reports.repository.js';

/** A rule-based advice: `station_active` {reference, days}, `battery_low` {count, references}, `gateway_silent`
 * {reference, days}, `alerts_open` {count}, `all_clear` {}. */
export interface AutomaticAdvice {
  code: 'station_active' | 'battery_low' | 'gateway_silent' | 'alerts_open' | 'all_clear';
  params: Record<string, string | number>;
}

export interface AutomaticReportData {
  version: 1;
  kind: AutomaticReportKind;
  time_zone: string;
  period: { start: string; end: string };
  /** The local days of the period, in order: the chart's x axis. */
  days: string[];
  /** The termite activity threshold (the PCO's alert settings) the advice and the chart's line use. */
  threshold: number;
  stations: {
    reference: string;
    kind: 'gateway' | 'igs' | 'ags';
    /** 0 init, 1 operational, 2 warning, 3 error. */
    state: number;
    battery_level: string | null;
    battery_percent: number | null;
    signal_dbm: number | null;
    last_uplink: string | null;
  }[];
  alerts: {
    type: string;
    reference: string | null;
    opened_at: string;
    closed_at: string | null;
    close_reason: string | null;
    /** When it was answered (first check-in on the site after its opening, or its acknowledgement), or null. */
    responded_at: string | null;
    /** `responded_at − opened_at` in minutes, or null. */
    response_minutes: number | null;
  }[];
  visits: { type: string; started_at: string; ended_at: string; technician: string | null }[];
  /** Per station with readings: its highest activity of each day of `days` (null: no reading that day). */
  activity: { reference: string; values: (number | null)[] }[];
  advice: AutomaticAdvice[];
  /** Nothing happened: no alert opened, no station at or above the threshold. */
  quiet: boolean;
}

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => toDate(value)?.toISOString() ?? null;

/** The local days of `[start, end)` in `timeZone`. */
export function daysOf(start: Date, end: Date, timeZone: string): string[] {
  const days: string[] = [];
  let day = zonedDate(start, timeZone);
  const last = zonedDate(new Date(end.getTime() - 1), timeZone);
  while (day <= last && days.length < 400) {
    days.push(day);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  }
  return days;
}

/** Whether a station's battery needs replacing: level `Low`, or under 20 %. */
const lowBattery = (s: StationRow) =>
  s.battery_level === 'Low' || (s.battery_percent !== null && s.battery_percent < 20);

/**
 * The data of one site's report of `kind` over `[periodStart, periodEnd)`, built at `now` from its rows. Advice:
 * each station at or above `threshold` on some days (`station_active`, a control visit advised), the stations with a
 * low battery (`battery_low`), each gateway silent for more than 24 h at `min(now, periodEnd)` — at `now` for an event report — (`gateway_silent`),
 * alerts still open without a response (`alerts_open`), else `all_clear` when the period was quiet.
 */
export function buildAutomaticData(input: {
  kind: AutomaticReportKind;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  timeZone: string;
  threshold: number;
  stations: readonly StationRow[];
  alerts: readonly AlertRowOfPeriod[];
  visits: readonly VisitRow[];
  activity: readonly ActivityRow[];
}): AutomaticReportData {
  const { periodStart, periodEnd, timeZone, threshold } = input;
  const days = daysOf(periodStart, periodEnd, timeZone);
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const series = new Map<string, (number | null)[]>();
  for (const row of input.activity) {
    const index = dayIndex.get(row.day);
    if (index === undefined) continue;
    let values = series.get(row.reference);
    if (!values) {
      values = days.map(() => null);
      series.set(row.reference, values);
    }
    values[index] = Number(row.activity);
  }
  const advice: AutomaticAdvice[] = [];
  let active = 0;
  for (const [reference, values] of series) {
    const activeDays = values.filter((v) => v !== null && v >= threshold).length;
    if (activeDays) {
      active += 1;
      advice.push({ code: 'station_active', params: { reference, days: activeDays } });
    }
  }
  const low = input.stations.filter((s) => s.kind !== 'gateway' && lowBattery(s));
  if (low.length) {
    advice.push({
      code: 'battery_low',
      params: { count: low.length, references: low.map((s) => s.reference).join(', ') },
    });
  }
  // a periodic report judges silence at the period's end; an event report at the time it is made
  const reference =
    input.kind === 'periodic' ? Math.min(input.now.getTime(), periodEnd.getTime()) : input.now.getTime();
  for (const gateway of input.stations.filter((s) => s.kind === 'gateway')) {
    const last = toDate(gateway.last_update_at);
    if (!last || reference - last.getTime() <= DAY_MS) continue;
    advice.push({
      code: 'gateway_silent',
      params: { reference: gateway.reference, days: Math.max(1, Math.floor((reference - last.getTime()) / DAY_MS)) },
    });
  }
  const alerts = input.alerts.map((a) => {
    const opened = toDate(a.opened_at) as Date;
    const responded = toDate(a.responded_at);
    return {
      type: a.type,
      reference: a.reference,
      opened_at: opened.toISOString(),
      closed_at: iso(a.closed_at),
      close_reason: a.close_reason,
      responded_at: responded?.toISOString() ?? null,
      response_minutes: responded ? Math.max(0, Math.round((responded.getTime() - opened.getTime()) / 60_000)) : null,
    };
  });
  const openedInPeriod = alerts.filter((a) => {
    const t = Date.parse(a.opened_at);
    return t >= periodStart.getTime() && t < periodEnd.getTime();
  });
  const waiting = alerts.filter((a) => !a.closed_at && !a.responded_at).length;
  if (waiting) advice.push({ code: 'alerts_open', params: { count: waiting } });
  const quiet = openedInPeriod.length === 0 && active === 0;
  if (quiet && !advice.length) advice.push({ code: 'all_clear', params: {} });
  return {
    version: 1,
    kind: input.kind,
    time_zone: timeZone,
    period: { start: periodStart.toISOString(), end: periodEnd.toISOString() },
    days,
    threshold,
    stations: input.stations.map((s) => ({
      reference: s.reference,
      kind: s.kind,
      state: Number(s.state),
      battery_level: s.battery_level,
      battery_percent: s.battery_percent === null ? null : Number(s.battery_percent),
      signal_dbm: s.signal_level === null ? null : Number(s.signal_level),
      last_uplink: iso(s.last_update_at),
    })),
    alerts,
    visits: input.visits.map((v) => ({
      type: v.type,
      started_at: iso(v.visit_started_at) as string,
      ended_at: iso(v.visit_ended_at) as string,
      technician: v.technician_name,
    })),
    activity: [...series].map(([ref, values]) => ({ reference: ref, values })),
    advice,
    quiet,
  };
}
