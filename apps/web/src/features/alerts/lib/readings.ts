/**
 * The readings chart's model (contract `ReadingSeries`; SPEC §2.7 "Sites", issue 5 "Screens"): the periods offered
 * (7, 30, 90 days, one year, or a custom range of days in the user's time zone, at most 400 days), the series drawn
 * (time in seconds; termite activity and bait consumption 0–100; battery %; signal in dBm on a second axis) and the
 * figures of the text summary.
 */

import { parseDate, toZoned } from '@internationalized/date';
import type { ReadingPoint } from '@isoptera/contracts';

/** The preset periods, in days. */
export const PERIOD_PRESETS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;
/** The longest period the API answers (contract `readingsQuery`). */
export const READINGS_MAX_DAYS = 400;

const DAY_MS = 86_400_000;

/** A period of the API: ISO 8601 date-times (UTC, `Z`). */
export interface ReadingsPeriod {
  from: string;
  to: string;
}

/** The last `preset` up to `now` (to the second). */
export function presetPeriod(preset: PeriodPreset, now: Date = new Date()): ReadingsPeriod {
  const to = Math.floor(now.getTime() / 1000) * 1000;
  return {
    from: new Date(to - PERIOD_PRESETS[preset] * DAY_MS).toISOString(),
    to: new Date(to).toISOString(),
  };
}

/**
 * The days `start` to `end` (`YYYY-MM-DD`, both included) in `timeZone`: from the start day's midnight to the
 * midnight after the end day. Null when the range is reversed, malformed or longer than {@link READINGS_MAX_DAYS}.
 */
export function customPeriod(range: { start: string; end: string }, timeZone: string): ReadingsPeriod | null {
  try {
    const start = parseDate(range.start);
    const end = parseDate(range.end);
    if (end.compare(start) < 0 || end.compare(start) + 1 > READINGS_MAX_DAYS) return null;
    return {
      from: toZoned(start, timeZone).toDate().toISOString(),
      to: toZoned(end.add({ days: 1 }), timeZone)
        .toDate()
        .toISOString(),
    };
  } catch {
    return null;
  }
}

/** uPlot's aligned data: times (s), activity, bait consumption, battery % (null: not reported), signal (dBm). */
export type PlotData = [number[], number[], number[], (number | null)[], number[]];

/** The series of the chart, in the order of {@link PlotData}. */
export function plotData(points: readonly ReadingPoint[]): PlotData {
  const data: PlotData = [[], [], [], [], []];
  for (const point of points) {
    data[0].push(Date.parse(point.measured_at) / 1000);
    data[1].push(point.termite_activity);
    data[2].push(point.bait_consumption);
    data[3].push(point.battery_percent);
    data[4].push(point.signal_level);
  }
  return data;
}

/** The figures of the text summary of a period's readings (null when there is none). */
export interface ReadingsSummary {
  count: number;
  first: string;
  last: string;
  maxActivity: number;
  lastActivity: number;
  maxBait: number;
  lastBattery: number | null;
  lastSignal: number;
  minSignal: number;
}

export function readingsSummary(points: readonly ReadingPoint[]): ReadingsSummary | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const battery = points.findLast((p) => p.battery_percent !== null)?.battery_percent ?? null;
  return {
    count: points.length,
    first: first.measured_at,
    last: last.measured_at,
    maxActivity: Math.max(...points.map((p) => p.termite_activity)),
    lastActivity: last.termite_activity,
    maxBait: Math.max(...points.map((p) => p.bait_consumption)),
    lastBattery: battery,
    lastSignal: last.signal_level,
    minSignal: Math.min(...points.map((p) => p.signal_level)),
  };
}
