/**
 * The response clock of an alert (issue 15 "Alert → visit on a response clock"; docs/decisions/019-response-clock.md).
 *
 * Definition — the one every module uses (Home, the site log, the overdue mail, the automatic reports, the fleet
 * health's median):
 * - The clock **starts** when the alert opens (`alerts.opened_at`).
 * - It **stops** at the first of: the first **check-in** of a visit on the alert's site by the technician API
 *   (`reports.checked_in_at`, any report of that site, in any status) at or after the opening; the alert's
 *   **acknowledgement** (`alerts.closed_at` when `close_reason = 'acknowledged'`). That instant is `responded_at`;
 *   the **response time** is `responded_at − opened_at`, in whole seconds; null while the clock runs.
 * - An alert that **clears** by itself (`close_reason = 'cleared'`) before any response stops the clock without a
 *   response time (state `cleared`); a check-in after the clearing does not count. A check-in on another site, or
 *   before the opening, never stops it.
 * - The **target** is the space's response target for the alert's type (`alert_response_targets.hours`, else
 *   `DEFAULT_RESPONSE_TARGETS`), read when asked (a changed target applies to running clocks); the alert is **due**
 *   at `opened_at + target`. It is **overdue** when running past its due time, and **missed its target** when it
 *   responded after it (or is still running past it).
 *
 * Every fragment below reads the `alerts` table under its own name (`"alerts"`): use them in a query whose `FROM` is
 * `alerts` (not aliased). Times are instants (timestamptz); the SQL fragments map to `Date`.
 */
import {
  CLOCK_LEVELS,
  type ClockLevel,
  DEFAULT_RESPONSE_TARGETS,
  RESPONSE_CLOCK_STATES,
  type ResponseClockState,
  type RuleAlertType,
} from '@isoptera/contracts';
import { and, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alertResponseTargets, alerts, reports } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export { CLOCK_LEVELS, type ClockLevel, RESPONSE_CLOCK_STATES, type ResponseClockState };

/** The default target of each type as a SQL `case` on `alerts.type` (hours; 72 for an unknown type). */
const defaultTargetHours = sql.raw(
  `case "alerts"."type" ${Object.entries(DEFAULT_RESPONSE_TARGETS)
    .map(([type, hours]) => `when '${type}' then ${Number(hours)}`)
    .join(' ')} else 72 end`,
);

/** The alert's response target in hours (integer): the space's saved one for its type, else the default. */
export const targetHoursSql: SQL<number> = sql<number>`coalesce((select ${alertResponseTargets.hours} from ${alertResponseTargets} where ${alertResponseTargets.spaceId} = ${alerts.spaceId} and ${alertResponseTargets.alertType} = ${alerts.type}), ${defaultTargetHours})::int`;

/** When the alert is due: `opened_at + target hours` (timestamptz → Date). */
export const dueAtSql: SQL<Date> = sql<Date>`(${alerts.openedAt} + (${targetHoursSql}) * interval '1 hour')`.mapWith(
  alerts.openedAt,
);

/**
 * The first check-in on the alert's site at or after its opening and not after its closing (timestamptz or null).
 * Served by `reports_site_checked_in_idx`.
 */
export const firstCheckInSql: SQL<Date | null> =
  sql<Date | null>`(select min(${reports.checkedInAt}) from ${reports} where ${reports.siteId} = ${alerts.siteId} and ${reports.checkedInAt} is not null and ${reports.checkedInAt} >= ${alerts.openedAt} and ${reports.checkedInAt} <= coalesce(${alerts.closedAt}, 'infinity'::timestamptz))`.mapWith(
    alerts.openedAt,
  );

/** The acknowledgement time, or null (the alert is open or cleared). */
const acknowledgedAtSql = sql`(case when ${alerts.closeReason} = 'acknowledged' then ${alerts.closedAt} end)`;

/** When the clock stopped with a response: the first of the first check-in and the acknowledgement; null while it runs. */
export const respondedAtSql: SQL<Date | null> =
  sql<Date | null>`least(${firstCheckInSql}, ${acknowledgedAtSql})`.mapWith(alerts.openedAt);

/** The response time in whole seconds (`responded_at − opened_at`), or null while the clock runs (or if cleared). */
export const responseSecondsSql: SQL<number | null> = sql<
  number | null
>`floor(extract(epoch from (${respondedAtSql} - ${alerts.openedAt})))::int`.mapWith((value: unknown) =>
  value === null || value === undefined ? null : Number(value),
);

/**
 * The columns of an alert's clock for a `db.select({...})` from `alerts`: its target (hours), due time, response
 * instant and response time (seconds). Each is a correlated sub-query per row: fine for a page or a space's running
 * alerts; for aggregates over many alerts see {@link medianResponseSeconds}.
 */
export function responseClockColumns() {
  return {
    targetHours: targetHoursSql,
    dueAt: dueAtSql,
    respondedAt: respondedAtSql,
  };
}

/** What {@link responseClockOf} needs of an alert (as selected with {@link responseClockColumns}). */
export interface ClockInput {
  openedAt: Date;
  closedAt: Date | null;
  closeReason: 'cleared' | 'acknowledged' | null;
  targetHours: number;
  dueAt: Date;
  respondedAt: Date | null;
}

/** An alert's clock as the API shows it (seconds are whole). */
export interface ResponseClock {
  state: ResponseClockState;
  targetHours: number;
  dueAt: Date;
  respondedAt: Date | null;
  /** `respondedAt − openedAt`; null unless `responded`. */
  responseSeconds: number | null;
  /** Until due (negative when overdue); null unless `running`. */
  secondsLeft: number | null;
  /** `running`: by time left; `responded`: `overdue` when it responded after the due time, else `ok`; `cleared`: `ok`. */
  level: ClockLevel;
  /** Running past due, or responded after due. */
  missed: boolean;
}

/**
 * The clock of one alert at instant `now` (no I/O): state, response time, time left and its colour — `warning`
 * when less than 25 % of the target is left, `overdue` past the due time.
 */
export function responseClockOf(alert: ClockInput, now: Date): ResponseClock {
  const base = { targetHours: alert.targetHours, dueAt: alert.dueAt, respondedAt: alert.respondedAt };
  if (alert.respondedAt) {
    const missed = alert.respondedAt.getTime() > alert.dueAt.getTime();
    return {
      ...base,
      state: 'responded',
      responseSeconds: Math.floor((alert.respondedAt.getTime() - alert.openedAt.getTime()) / 1000),
      secondsLeft: null,
      level: missed ? 'overdue' : 'ok',
      missed,
    };
  }
  if (alert.closedAt) {
    return { ...base, state: 'cleared', responseSeconds: null, secondsLeft: null, level: 'ok', missed: false };
  }
  const secondsLeft = Math.floor((alert.dueAt.getTime() - now.getTime()) / 1000);
  const level: ClockLevel =
    secondsLeft < 0 ? 'overdue' : secondsLeft < alert.targetHours * 3600 * 0.25 ? 'warning' : 'ok';
  return { ...base, state: 'running', responseSeconds: null, secondsLeft, level, missed: secondsLeft < 0 };
}

/** The response targets of a space by alert type (hours): its saved ones over the defaults. */
export async function responseTargetsOf(db: Db, spaceId: string): Promise<Record<RuleAlertType, number>> {
  const rows = await db
    .select({ type: alertResponseTargets.alertType, hours: alertResponseTargets.hours })
    .from(alertResponseTargets)
    .where(sql`${alertResponseTargets.spaceId} = ${spaceId}`);
  const targets = { ...DEFAULT_RESPONSE_TARGETS };
  for (const row of rows) if (row.type in targets) targets[row.type as RuleAlertType] = row.hours;
  return targets;
}

/**
 * The median response time (seconds, or null when none) of each space's alerts opened since `since` that got a
 * response — for the fleet health (issue 15 "The overview per space": "median response time over 30 days").
 * Alerts still running or cleared are left out. One query; keys are the space ids that have a median.
 */
export async function medianResponseSeconds(db: Db, spaceIds: readonly string[], since: Date) {
  if (!spaceIds.length) return new Map<string, number>();
  const rows = await db
    .select({
      spaceId: alerts.spaceId,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${respondedAtSql} - ${alerts.openedAt})))`.mapWith(
        (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value))),
      ),
    })
    .from(alerts)
    .where(and(inArray(alerts.spaceId, [...spaceIds]), gte(alerts.openedAt, since), isNotNull(respondedAtSql)))
    .groupBy(alerts.spaceId);
  return new Map(rows.filter((r) => r.median !== null).map((r) => [r.spaceId, r.median as number]));
}
