/**
 * `PUT {users}/{ulid}` (200 `SpaceUser`, contract `userEndpoints[type].update`): an owner edits a member's name,
 * e-mail, language, time zone and, when given, password. 422 violations on the body's fields (`email_already_exist`, …).
 */
import { type UserEditBody, userEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Saves the member; the edit screen and the lists get the answer. */
export function useUpdateUser(paths: UserPaths, ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserEditBody) => callEndpoint(userEndpoints[paths.type].update, { params: { ulid }, body }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(paths.type, ulid), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
    },
  });
}
