/**
 * Dealer and PCO management endpoints (SPEC §2.7, §7; contract `spaces.ts`): the list (`GET /api/dealers|/api/pcos
 * ?page&search`, 30 a page), create (`POST`, 201 ManagedSpace, the owner's invitation goes out), update (`PUT
 * /{ulid}`), the logo (`POST /{ulid}/logo`, multipart `file`), the dealer search of the PCO form, and entering a space
 * (substitution: `connect-on-pco` / `connect-on-dealer`, 204).
 */
import type { HydraCollection, ManagedSpace, UserType } from '@isoptera/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';
import { collectionOf, type SpaceKind, type SpaceListState, spaceListRequest, spacePath } from '../lib/space-kind';

export const spaceKeys = {
  all: ['spaces'] as const,
  lists: (kind: SpaceKind) => ['spaces', kind, 'list'] as const,
  list: (kind: SpaceKind, query: ReturnType<typeof spaceListRequest>) => ['spaces', kind, 'list', query] as const,
};

/** One page of dealers or PCOs; the previous page stays shown while the next one loads. */
export function useSpaces(kind: SpaceKind, state: SpaceListState) {
  const query = spaceListRequest(state);
  return useQuery({
    queryKey: spaceKeys.list(kind, query),
    queryFn: ({ signal }) => http.get<HydraCollection<ManagedSpace>>(collectionOf(kind), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST` (no `ulid`) or `PUT` (with `ulid`) of a dealer or PCO; answers the saved space. */
export function saveSpace(kind: SpaceKind, body: Record<string, unknown>, ulid?: string): Promise<ManagedSpace> {
  return ulid ? http.put<ManagedSpace>(spacePath(kind, ulid), body) : http.post<ManagedSpace>(collectionOf(kind), body);
}

/** Uploads the logo of a space (JPEG/PNG/WebP ≤ 5 MB; 422 `logo_invalid`). */
export function uploadLogo(kind: SpaceKind, ulid: string, file: File): Promise<unknown> {
  const body = new FormData();
  body.append('file', file);
  return http.post<unknown>(spacePath(kind, ulid, '/logo'), body);
}

/** Refreshes the lists of a kind after a change. */
export function useRefreshSpaces(kind: SpaceKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: spaceKeys.lists(kind) });
}

/** Dealers matching `search` as picker options (value: the dealer's IRI). */
export async function searchDealerOptions(search: string): Promise<PickerOption[]> {
  const query = search.trim() ? { search: search.trim() } : {};
  const page = await http.get<HydraCollection<ManagedSpace>>('/api/dealers', { query });
  return page['hydra:member'].map((dealer) => ({ id: dealer['@id'], label: dealer.name }));
}

/** The request entering `space` for an actor of type `actorType` (admin: any space; dealer: its PCOs). */
export function connectRequest(actorType: UserType, kind: SpaceKind, ulid: string): { path: string; body: object } {
  if (kind === 'dealer')
    return { path: '/api/user_admins/connect-on-dealer', body: { connected_on_dealer_ulid: ulid } };
  const users = actorType === 'admin' ? '/api/user_admins' : '/api/user_dealers';
  return { path: `${users}/connect-on-pco`, body: { connected_on_pco_ulid: ulid } };
}

/** Enters a space (substitution, SPEC §4), then reloads the app on `/` with the new current user. */
export function useConnectSpace(actorType: UserType, kind: SpaceKind) {
  return useMutation({
    mutationFn: (ulid: string) => {
      const { path, body } = connectRequest(actorType, kind, ulid);
      return http.post<void>(path, body);
    },
    onSuccess: () => window.location.assign('/'),
  });
}
