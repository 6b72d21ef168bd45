/**
 * `GET {users}?page&search&role&status` → hydra collection of `SpaceUser` (SPEC §7 "Users", contract
 * `userEndpoints[type].list`): the members of the actor's space, invited ones included, in the server's grouping
 * order (SPEC §4: disabled, then invited, then active).
 */
import { type SpaceUserCollection, userEndpoints } from '@isoptera/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { listQuery, type UserListState } from '../lib/user-list-params';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** One page of members as `state` filters them. */
export function getUsers(paths: UserPaths, state: UserListState, signal?: AbortSignal): Promise<SpaceUserCollection> {
  return callEndpoint(userEndpoints[paths.type].list, { query: listQuery(state), signal });
}

/** The users list query; the previous page stays shown while the next one loads. */
export function useUsers(paths: UserPaths, state: UserListState) {
  return useQuery({
    queryKey: userKeys.list(paths.type, listQuery(state)),
    queryFn: ({ signal }) => getUsers(paths, state, signal),
    placeholderData: keepPreviousData,
  });
}
