/**
 * `GET /api/timezones` (SPEC §7 "Self"; public) → `{'hydra:member': ['Africa/Abidjan', …, 'UTC']}`: the IANA time
 * zones the server accepts, in its order. One fetcher and one query for every screen that offers a time zone (the
 * activation form, the profile, a member's edit form), so that the list is fetched once per session.
 * A failure never leaves for the Error screen (`redirectOnError: false`): each screen shows or works around it.
 * The contract (`meEndpoints.timezones`) is named by type only, so that this shared module loads no zod.
 */
import type { meEndpoints } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client';

/**
 * The accepted zones. Rejects with an `ApiError` (or the abort error when `signal` fires). For the screens without a
 * session, where there is no query client; the others use `timezonesQueryOptions()`.
 */
export async function getTimezones(signal?: AbortSignal): Promise<string[]> {
  const answer = await callEndpoint<typeof meEndpoints.timezones>(
    { method: 'GET', path: '/api/timezones' },
    { signal, redirectOnError: false },
  );
  return answer['hydra:member'];
}

/**
 * Query options of the zone list, under the key `['timezones']` (outside every feature's key, so no feature's
 * invalidation drops it). It changes only with a server upgrade, so it is kept for the whole session.
 */
export function timezonesQueryOptions() {
  return queryOptions({
    queryKey: ['timezones'] as const,
    queryFn: ({ signal }) => getTimezones(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
