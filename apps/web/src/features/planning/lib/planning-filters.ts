/**
 * Planning filters kept while browsing, in the URL (SPEC §3 "Filters kept while browsing — Interventions: users,
 * clients, start date, end date, type"), plus the view (list, week, month). `start_date` absent from the URL means
 * "from today" (the planning opens on what is coming); present but empty means no lower bound.
 */
import { INTERVENTION_TYPES, type InterventionType } from '@isoptera/contracts';

export const PLANNING_VIEWS = ['list', 'week', 'month'] as const;
export type PlanningView = (typeof PLANNING_VIEWS)[number];

export interface PlanningFilters {
  /** Membership ULIDs of interveners. */
  users: string[];
  /** Client ULIDs. */
  clients: string[];
  /** First day (YYYY-MM-DD, inclusive) or null for none. */
  start_date: string | null;
  /** Last day (YYYY-MM-DD, inclusive) or null for none. */
  end_date: string | null;
  type: InterventionType | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of `params`; `today` (YYYY-MM-DD, user's zone) is the start when `start_date` is absent. */
export function filtersOf(params: URLSearchParams, today: string): PlanningFilters {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const type = params.get('type');
  return {
    users: params.getAll('users').filter(Boolean),
    clients: params.getAll('clients').filter(Boolean),
    start_date: start === null ? today : DATE.test(start) ? start : null,
    end_date: end && DATE.test(end) ? end : null,
    type: type && (INTERVENTION_TYPES as readonly string[]).includes(type) ? (type as InterventionType) : null,
  };
}

/** The view of `params` (default list). */
export function viewOf(params: URLSearchParams): PlanningView {
  const view = params.get('view');
  return (PLANNING_VIEWS as readonly string[]).includes(view ?? '') ? (view as PlanningView) : 'list';
}

/** `params` with `changes` applied; other parameters (e.g. the view) are kept. */
export function withFilters(params: URLSearchParams, changes: Partial<PlanningFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['users', 'clients'] as const) {
    const values = changes[key];
    if (values === undefined) continue;
    next.delete(key);
    for (const value of values) next.append(key, value);
  }
  for (const key of ['start_date', 'end_date', 'type'] as const) {
    if (!(key in changes)) continue;
    const value = changes[key];
    // an emptied start date stays in the URL as '' so that it does not fall back to today
    if (value) next.set(key, value);
    else if (key === 'start_date') next.set(key, '');
    else next.delete(key);
  }
  return next;
}

/** `true` when any filter differs from the default (from today, nothing else). */
export function hasActiveFilters(filters: PlanningFilters, today: string): boolean {
  return (
    filters.users.length > 0 ||
    filters.clients.length > 0 ||
    filters.type !== null ||
    filters.end_date !== null ||
    filters.start_date !== today
  );
}

/** The query parameters of `GET /api/interventions` for `filters` (arrays as `key[]`). */
export function apiQueryOf(filters: PlanningFilters): Record<string, string | string[] | undefined> {
  return {
    users: filters.users.length ? filters.users : undefined,
    clients: filters.clients.length ? filters.clients : undefined,
    type: filters.type ?? undefined,
    start_date: filters.start_date ?? undefined,
    end_date: filters.end_date ?? undefined,
  };
}
