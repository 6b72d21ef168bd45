/**
 * `GET /api/interventions` with the planning filters (SPEC §7 "Interventions"): pages of 30 for the list ('load
 * more', 'displayed of total') and every intervention of a date range for the calendar (pages of 100).
 */
import {
  type Intervention,
  type InterventionCollection,
  type interventionEndpoints,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
} from '@isoptera/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { interventionKeys } from '../../../shared/api/resources/interventions';
import { apiQueryOf, type PlanningFilters } from '../lib/planning-filters';

/** One page of interventions matching `filters`, by start. */
export function listInterventions(
  filters: PlanningFilters,
  page: number,
  itemsPerPage: number = PAGE_SIZE,
  signal?: AbortSignal,
): Promise<InterventionCollection> {
  return callEndpoint<typeof interventionEndpoints.list>(
    { method: 'GET', path: '/api/interventions' },
    { query: { ...apiQueryOf(filters), page, itemsPerPage }, signal },
  );
}

/** The list of the planning, page by page ('load more'). */
export function planningListQueryOptions(filters: PlanningFilters) {
  return infiniteQueryOptions({
    queryKey: interventionKeys.list(filters),
    queryFn: ({ pageParam, signal }) => listInterventions(filters, pageParam, PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p['hydra:member'].length, 0);
      return loaded < last['hydra:totalItems'] ? pages.length + 1 : undefined;
    },
  });
}

/** The planning list query. */
export function usePlanningList(filters: PlanningFilters) {
  return useInfiniteQuery(planningListQueryOptions(filters));
}

/** Every intervention matching `filters` whose start day is in `start`..`end` (inclusive, YYYY-MM-DD). */
export async function listRange(
  filters: PlanningFilters,
  start: string,
  end: string,
  signal?: AbortSignal,
): Promise<Intervention[]> {
  const ranged = { ...filters, start_date: start, end_date: end };
  const items: Intervention[] = [];
  for (let page = 1; ; page++) {
    const answer = await listInterventions(ranged, page, MAX_PAGE_SIZE, signal);
    items.push(...answer['hydra:member']);
    if (items.length >= answer['hydra:totalItems'] || answer['hydra:member'].length === 0) return items;
  }
}

/** The calendar's visible range. */
export function planningRangeQueryOptions(filters: PlanningFilters, start: string, end: string) {
  return queryOptions({
    queryKey: interventionKeys.range(filters, start, end),
    queryFn: ({ signal }) => listRange(filters, start, end, signal),
    placeholderData: (previous) => previous,
  });
}

/** The calendar query; disabled until the calendar reports its range. */
export function usePlanningRange(filters: PlanningFilters, range: { start: string; end: string } | null) {
  return useQuery({
    ...planningRangeQueryOptions(filters, range?.start ?? '', range?.end ?? ''),
    enabled: range !== null,
  });
}
