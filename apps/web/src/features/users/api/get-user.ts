/** `GET {users}/{ulid}` → `SpaceUser` (SPEC §2.2 `/users/{userId}/edit`). An unknown member answers 404 (Error screen). */
import { type SpaceUser, userEndpoints } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** One member of the actor's space. */
export function getUser(paths: UserPaths, ulid: string, signal?: AbortSignal): Promise<SpaceUser> {
  return callEndpoint(userEndpoints[paths.type].get, { params: { ulid }, signal });
}

/** The member query of the edit screen. */
export function useUser(paths: UserPaths, ulid: string) {
  return useQuery({
    queryKey: userKeys.detail(paths.type, ulid),
    queryFn: ({ signal }) => getUser(paths, ulid, signal),
  });
}
