/** `GET /api/interventions?start_date&end_date` for Home's 'Upcoming services' (SPEC §7 "Interventions", §9). */
import type { Intervention, interventionEndpoints } from '@isoptera/contracts';
import { MAX_PAGE_SIZE } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { interventionKeys } from '../../../shared/api/resources/interventions';

/** Every intervention whose start day is in `start`..`end` (inclusive, user's zone), by start. */
export async function listUpcoming(
  start: string,
  end: string,
  signal?: AbortSignal,
): Promise<{ items: Intervention[]; total: number }> {
  const items: Intervention[] = [];
  for (let page = 1; ; page++) {
    const answer = await callEndpoint<typeof interventionEndpoints.list>(
      { method: 'GET', path: '/api/interventions' },
      { query: { start_date: start, end_date: end, page, itemsPerPage: MAX_PAGE_SIZE }, signal },
    );
    items.push(...answer['hydra:member']);
    if (items.length >= answer['hydra:totalItems'] || answer['hydra:member'].length === 0) {
      return { items, total: answer['hydra:totalItems'] };
    }
  }
}

/** Query options of the upcoming window. */
export function upcomingQueryOptions(start: string, end: string) {
  return queryOptions({
    queryKey: interventionKeys.upcoming(start, end),
    queryFn: ({ signal }) => listUpcoming(start, end, signal),
  });
}

/** The upcoming services query. */
export function useUpcoming(start: string, end: string) {
  return useQuery(upcomingQueryOptions(start, end));
}
