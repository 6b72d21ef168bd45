/**
 * Dealer and PCO management endpoints (SPEC §2.7, §7; contracts `spaceEndpoints`, `substitutionEndpoints`): the list
 * (`GET /api/dealers|/api/pcos?page&search`, 30 a page), create (`POST`, 201, the owner's invitation goes out), update
 * (`PUT /{ulid}`), the logo (`POST /{ulid}/logo`, multipart `file`), the dealer search of the PCO form, and entering a
 * space (substitution: `connect-on-pco` / `connect-on-dealer`, 204).
 */
import {
  spaceEndpoints as api,
  type DealerInput,
  type DealerUpdate,
  type HydraCollection,
  type ManagedSpace,
  type PcoInput,
  type PcoUpdate,
  substitutionEndpoints,
  type UserType,
} from '@isoptera/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { PickerOption } from '../../../shared/ui/search-picker';
import type { SpaceBody } from '../lib/space-form';
import { type SpaceKind, type SpaceListState, spaceListRequest } from '../lib/space-kind';

export const spaceKeys = {
  all: ['spaces'] as const,
  lists: (kind: SpaceKind) => ['spaces', kind, 'list'] as const,
  list: (kind: SpaceKind, query: ReturnType<typeof spaceListRequest>) => ['spaces', kind, 'list', query] as const,
};

/** One page of dealers or PCOs. */
function listSpaces(
  kind: SpaceKind,
  query: ReturnType<typeof spaceListRequest>,
  signal?: AbortSignal,
): Promise<HydraCollection<ManagedSpace>> {
  return kind === 'dealer'
    ? callEndpoint(api.listDealers, { query, signal })
    : callEndpoint(api.listPcos, { query, signal });
}

/** One page of dealers or PCOs; the previous page stays shown while the next one loads. */
export function useSpaces(kind: SpaceKind, state: SpaceListState) {
  const query = spaceListRequest(state);
  return useQuery({
    queryKey: spaceKeys.list(kind, query),
    queryFn: ({ signal }) => listSpaces(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `POST` (no `ulid`, with `idempotencyKey`: ADR 027) or `PUT` (with `ulid`) of a dealer or PCO; answers the space. */
export function saveSpace(
  kind: SpaceKind,
  body: SpaceBody,
  ulid?: string,
  idempotencyKey?: string,
): Promise<ManagedSpace> {
  if (kind === 'dealer') {
    return ulid
      ? callEndpoint(api.updateDealer, { params: { ulid }, body: body as DealerUpdate })
      : callEndpoint(api.createDealer, { body: body as DealerInput, idempotencyKey });
  }
  return ulid
    ? callEndpoint(api.updatePco, { params: { ulid }, body: body as PcoUpdate })
    : callEndpoint(api.createPco, { body: body as PcoInput, idempotencyKey });
}

/** Uploads the logo of a space (JPEG/PNG/WebP ≤ 5 MB; 422 `logo_invalid`); answers the space. */
export function uploadLogo(kind: SpaceKind, ulid: string, file: File): Promise<ManagedSpace> {
  const body = new FormData();
  body.append('file', file);
  return kind === 'dealer'
    ? callEndpoint(api.uploadDealerLogo, { params: { ulid }, body })
    : callEndpoint(api.uploadPcoLogo, { params: { ulid }, body });
}

/** Refreshes the lists of a kind after a change. */
export function useRefreshSpaces(kind: SpaceKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: spaceKeys.lists(kind) });
}

/** Dealers matching `search` as picker options (value: the dealer's IRI). */
export async function searchDealerOptions(search: string): Promise<PickerOption[]> {
  const query = search.trim() ? { search: search.trim() } : {};
  const page = await callEndpoint(api.listDealers, { query });
  return page['hydra:member'].map((dealer) => ({ id: dealer['@id'], label: dealer.name }));
}

/** Enters the space `ulid` of `kind` as an actor of type `actorType` (admin: any space; dealer: its PCOs). */
export function connectToSpace(actorType: UserType, kind: SpaceKind, ulid: string): Promise<void> {
  if (kind === 'dealer') {
    return callEndpoint(substitutionEndpoints.adminConnectOnDealer, { body: { connected_on_dealer_ulid: ulid } });
  }
  const endpoint =
    actorType === 'admin' ? substitutionEndpoints.adminConnectOnPco : substitutionEndpoints.dealerConnectOnPco;
  return callEndpoint(endpoint, { body: { connected_on_pco_ulid: ulid } });
}

/** Enters a space (substitution, SPEC §4), then reloads the app on `/` with the new current user. */
export function useConnectSpace(actorType: UserType, kind: SpaceKind) {
  return useMutation({
    mutationFn: (ulid: string) => connectToSpace(actorType, kind, ulid),
    onSuccess: () => window.location.assign('/'),
  });
}
