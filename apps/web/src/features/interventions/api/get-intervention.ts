/** `GET /api/interventions/{ulid}` → `Intervention` with its site, client and interveners (SPEC §3, §7). */
import type { Intervention } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Loads one intervention; a 404 stays in the panel (no Error screen). */
export function getIntervention(ulid: string, signal?: AbortSignal): Promise<Intervention> {
  return http.get<Intervention>(`/api/interventions/${encodeURIComponent(ulid)}`, { signal, redirectOnError: false });
}

/** Query options of one intervention (always fresh when the panel opens). */
export function interventionQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: ['interventions', 'detail', ulid],
    queryFn: ({ signal }) => getIntervention(ulid, signal),
    staleTime: 0,
  });
}
