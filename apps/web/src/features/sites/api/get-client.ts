/** `GET /api/clients/{ulid}` → the client with its primary and other contacts (SPEC §3 "Client", §7 "Clients"). */
import type { ClientContact, ClientDetail } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { sitesKey } from './get-sites';

/** The client `clientUlid`; failures stay in the form (no Error screen). */
export function getClient(clientUlid: string, signal?: AbortSignal): Promise<ClientDetail> {
  return http.get<ClientDetail>(`/api/clients/${encodeURIComponent(clientUlid)}`, { signal, redirectOnError: false });
}

export function clientQueryOptions(clientUlid: string) {
  return queryOptions({
    queryKey: [...sitesKey, 'client', clientUlid],
    queryFn: ({ signal }) => getClient(clientUlid, signal),
    enabled: clientUlid !== '',
    staleTime: 30_000,
  });
}

/** The client query (its contacts feed the site's main contact select). */
export function useClient(clientUlid: string) {
  return useQuery(clientQueryOptions(clientUlid));
}

/** The client's contacts, the primary contact first. */
export function contactsOf(client: ClientDetail | undefined): ClientContact[] {
  if (!client) return [];
  return [...(client.primary_contact ? [client.primary_contact] : []), ...client.other_contacts];
}
