/**
 * When a contract's control visits are due (issue 13; docs/decisions/013): pure functions of the visit rule and the
 * contract's days, every day a `YYYY-MM-DD` string in the space's (owner's) time zone. Recurrences are computed by the
 * `rrule` library (RFC 5545) on floating dates (midnight UTC stands for the local day), so no time zone shift applies.
 */
import * as rruleModule from 'rrule';
import type { ContractVisitRule } from '../../db/schema/index.js';

type RRuleLib = typeof import('rrule');
/** `rrule` ships CommonJS and ESM builds; under Node ESM its exports may sit on `default`. */
const lib: RRuleLib = (
  (rruleModule as unknown as { rrulestr?: unknown }).rrulestr
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleLib }).default
) as RRuleLib;

const toDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/**
 * The RFC 5545 rule text of an `every` rule from `startDay`: weekly, or monthly on the start's day of month — on the
 * month's last day when the start is past the 28th (so a contract starting on the 31st is visited at each month end).
 */
export function everyRuleText(rule: { interval: number; unit: 'weeks' | 'months' }, startDay: string): string {
  if (rule.unit === 'weeks') return `FREQ=WEEKLY;INTERVAL=${rule.interval}`;
  const day = toDate(startDay).getUTCDate();
  return day > 28
    ? `FREQ=MONTHLY;INTERVAL=${rule.interval};BYMONTHDAY=28,29,30,31;BYSETPOS=-1`
    : `FREQ=MONTHLY;INTERVAL=${rule.interval};BYMONTHDAY=${day}`;
}

/** The rule of `text` starting on `startDay`, or null when `rrule` cannot read it. */
function parse(text: string, startDay: string) {
  try {
    const cleaned = text.trim().replace(/^RRULE:/i, '');
    if (/DTSTART/i.test(cleaned)) return lib.rrulestr(cleaned);
    return lib.rrulestr(cleaned, { dtstart: toDate(startDay) });
  } catch {
    return null;
  }
}

/**
 * Whether `text` is an RRULE the library reads and that yields at least one day within 10 years of `startDay`
 * (a rule with no date, or an unbounded frequency finer than daily, is refused: `visit_rule_invalid`).
 */
export function isValidRRule(text: string, startDay: string): boolean {
  if (!/FREQ=(YEARLY|MONTHLY|WEEKLY|DAILY)/i.test(text)) return false;
  const rule = parse(text, startDay);
  if (!rule) return false;
  try {
    return rule.after(toDate(startDay), true) !== null;
  } catch {
    return false;
  }
}

/**
 * The due days of `rule` within `[from, to]` (inclusive) and within the contract's `[startDay, endDay]`.
 * `after_last_visit`: one day, `days` after `lastVisitDay` (or after `startDay` when the site has none).
 */
export function dueDays(
  rule: ContractVisitRule,
  contract: { startDay: string; endDay: string },
  window: { from: string; to: string },
  lastVisitDay?: string,
): string[] {
  const from = window.from > contract.startDay ? window.from : contract.startDay;
  const to = window.to < contract.endDay ? window.to : contract.endDay;
  if (from > to) return [];
  if (rule.type === 'after_last_visit') {
    const due = addDays(lastVisitDay ?? contract.startDay, rule.days);
    return due <= to && due <= contract.endDay ? [due] : [];
  }
  const text = rule.type === 'every' ? everyRuleText(rule, contract.startDay) : rule.rrule;
  const parsed = parse(text, contract.startDay);
  if (!parsed) return [];
  return parsed.between(toDate(from), toDate(to), true).map(toDay);
}
