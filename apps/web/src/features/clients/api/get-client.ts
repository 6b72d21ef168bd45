/** `GET /api/clients/{id}` → `ClientDetail`: contacts, sites and latest contract (SPEC §3 "Client", §7). */
import { type ClientDetail, clientEndpoints } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { clientKeys } from './client-keys';

/** One client of the current PCO; a 404 stays in the panel (no redirect to the Error screen). */
export function getClient(ulid: string, signal?: AbortSignal): Promise<ClientDetail> {
  return callEndpoint(clientEndpoints.get, { params: { id: ulid }, signal, redirectOnError: false });
}

/** Query options of a client's details. */
export function clientQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: clientKeys.detail(ulid),
    queryFn: ({ signal }) => getClient(ulid, signal),
    enabled: ulid !== '',
  });
}

/** The client details query (disabled without a client). */
export function useClient(ulid: string | null) {
  return useQuery(clientQueryOptions(ulid ?? ''));
}
