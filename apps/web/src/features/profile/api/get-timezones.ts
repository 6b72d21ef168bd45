/** `GET /api/timezones` → `{'hydra:member': ['Africa/Abidjan', …]}`: the IANA zones a user may choose (SPEC §7 "Self"). */
import type { HydraCollection } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** The supported time zones, sorted as the server sends them; a failure stays in the panel (no Error screen). */
export async function getTimezones(signal?: AbortSignal): Promise<string[]> {
  const answer = await http.get<HydraCollection<string>>('/api/timezones', { signal, redirectOnError: false });
  return answer['hydra:member'];
}

/** Query options of the time zone list: it changes only with a server upgrade, so it is kept for the session. */
export function timezonesQueryOptions() {
  return queryOptions({
    queryKey: ['profile', 'timezones'] as const,
    queryFn: ({ signal }) => getTimezones(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The supported time zones query. */
export function useTimezones() {
  return useQuery(timezonesQueryOptions());
}
