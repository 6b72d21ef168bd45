/**
 * Site status follows the work done (issue 12; docs/decisions/010, completing 004): the rules of
 * `COMPLETION_SITE_STATUS` (contracts) as pure functions of the visit type, the site's status and whether a station
 * check shows activity.
 */
import { COMPLETION_SITE_STATUS, type InterventionType, type SiteStatus } from '@isoptera/contracts';

/** Whether any of `checks` found termite activity. */
export function showsActivity(checks: readonly { result: string }[]): boolean {
  return checks.some((check) => check.result === 'activity');
}

/**
 * The status a site in `status` takes when the report of a completed visit of `type` is created, or null when it
 * keeps its status: the rule's `from` statuses only, and for a control visit only when no check shows activity.
 */
export function statusOnCompletion(type: string, status: string, activity: boolean): SiteStatus | null {
  const rule = COMPLETION_SITE_STATUS[type as InterventionType];
  if (!rule?.from.includes(status as SiteStatus)) return null;
  if (rule.unlessActivity && activity) return null;
  return rule.to;
}

/**
 * The control-visit rule kept true while its report is edited: `before` is the status the report's creation (or a
 * previous edit) replaced, null when it changed nothing. Checks now showing activity put a site the report moved to
 * operation back to `before`; checks now clear of activity move a site still to check to operation. Answers the new
 * site status and the new `before`, or null when nothing changes (other types never change on edit).
 */
export function statusOnControlEdit(
  type: string,
  status: string,
  before: string | null,
  activity: boolean,
): { status: SiteStatus; before: SiteStatus | null } | null {
  const rule = COMPLETION_SITE_STATUS[type as InterventionType];
  if (!rule?.unlessActivity) return null;
  if (activity && before !== null && status === rule.to) return { status: before as SiteStatus, before: null };
  if (!activity && before === null && rule.from.includes(status as SiteStatus)) {
    return { status: rule.to, before: status as SiteStatus };
  }
  return null;
}
