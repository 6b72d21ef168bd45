/** `GET /api/clients?name&company&contract&order[…]&page` → hydra collection of `ClientListItem` (SPEC §7 "Clients"). */
import type { ClientListItem, HydraCollection } from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { clientKeys } from '../../../shared/api/resources/clients';
import { type ClientListParams, orderQuery } from '../lib/client-list-params';

/** One page of the clients of the current PCO, filtered and sorted as `params` say. */
export function getClients(params: ClientListParams, signal?: AbortSignal): Promise<HydraCollection<ClientListItem>> {
  return http.get<HydraCollection<ClientListItem>>('/api/clients', {
    query: {
      name: params.search.trim(),
      company: params.kind === 'company' ? 'true' : params.kind === 'private' ? 'false' : undefined,
      contract: params.contract && params.contract !== 'all' ? params.contract : undefined,
      page: params.page,
      ...orderQuery(params.order),
    },
    signal,
  });
}

/** Query options of a page of clients; the previous page stays shown while the next one loads. */
export function clientsQueryOptions(params: ClientListParams) {
  return queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => getClients(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The clients list query. */
export function useClients(params: ClientListParams) {
  return useQuery(clientsQueryOptions(params));
}
