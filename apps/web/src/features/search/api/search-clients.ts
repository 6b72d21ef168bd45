/** `GET /api/clients/search?name=<q>&page=1&order[name]=asc` → `{list, total}` (SPEC §2.4, §3, §7 "Clients"). */
import type { ClientSearchResult } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Searches the clients of the current PCO whose name matches `name` (first page, by name). */
export function searchClients(name: string, signal?: AbortSignal): Promise<ClientSearchResult> {
  return http.get<ClientSearchResult>('/api/clients/search', {
    query: { name, page: 1, 'order[name]': 'asc' },
    signal,
  });
}

/** Query options of a client search; disabled for an empty query (SPEC §5 "only for a non-empty query"). */
export function searchClientsQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['clients', 'search', name],
    queryFn: ({ signal }) => searchClients(name, signal),
    enabled: name !== '',
    staleTime: 30_000,
  });
}

/** The client search query. */
export function useSearchClients(name: string) {
  return useQuery(searchClientsQueryOptions(name));
}
