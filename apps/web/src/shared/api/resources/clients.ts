/**
 * The clients resource of the web app (SPEC §7 "Clients"): its query keys — every query of a client lives under
 * `['clients']` — and the calls several screens share: the name search of the client pickers and of the global search
 * (SPEC §2.4), and a client's details. Contracts are imported as types only, so that a screen of the start-up bundle
 * may use this module without loading zod (ADR 008).
 */
import type { ClientDetail, ClientSearchResult, clientEndpoints } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { PickerOption } from '../../ui/search-picker';
import { callEndpoint } from '../endpoint-client';
import { shareVersioned } from './versioned';

/** Query keys of clients. */
export const clientKeys = {
  all: ['clients'] as const,
  /** Every page of the clients list. */
  lists: () => ['clients', 'list'] as const,
  /** One page of the clients list, as its screen's `params` describe it. */
  list: (params: object) => ['clients', 'list', params] as const,
  detail: (ulid: string) => ['clients', 'detail', ulid] as const,
  /** The first page of the name search (`''`: every client). */
  search: (name: string) => ['clients', 'search', name] as const,
};

/** `GET /api/clients/search?name&page=1&order[name]=asc`: the first 30 clients whose name contains `name`. */
export function searchClients(
  name: string,
  options: { signal?: AbortSignal; redirectOnError?: boolean } = {},
): Promise<ClientSearchResult> {
  return callEndpoint<typeof clientEndpoints.search>(
    { method: 'GET', path: '/api/clients/search' },
    { query: { name, page: 1, order: { name: 'asc' } }, ...options },
  );
}

/** The client picker's options (SPEC §3 "Client option": id from ulid, label from name); failures stay in the picker. */
export async function searchClientOptions(name: string): Promise<PickerOption[]> {
  const answer = await searchClients(name, { redirectOnError: false });
  return (answer?.list ?? []).map((client) => ({ id: client.ulid, label: client.name }));
}

/** Query options of a name search; disabled for an empty name (SPEC §5 "only for a non-empty query"). */
export function clientSearchQueryOptions(name: string) {
  return queryOptions({
    queryKey: clientKeys.search(name),
    queryFn: ({ signal }) => searchClients(name, { signal }),
    enabled: name !== '',
    staleTime: 30_000,
  });
}

/** `GET /api/clients/{ulid}`: the client with its contacts, sites and contract; a 404 stays with the caller. */
export function getClient(ulid: string, signal?: AbortSignal): Promise<ClientDetail> {
  return callEndpoint<typeof clientEndpoints.get>(
    { method: 'GET', path: '/api/clients/:id' },
    { params: { id: ulid }, signal, redirectOnError: false },
  );
}

/** Query options of a client's details (disabled without a client). */
export function clientQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: clientKeys.detail(ulid),
    queryFn: ({ signal }) => getClient(ulid, signal),
    enabled: ulid !== '',
    structuralSharing: shareVersioned,
  });
}

/** A client's contacts, the primary contact first (the choices of a site's main contact). */
export function contactsOf(client: ClientDetail | undefined): ClientDetail['other_contacts'] {
  if (!client) return [];
  return [...(client.primary_contact ? [client.primary_contact] : []), ...client.other_contacts];
}
