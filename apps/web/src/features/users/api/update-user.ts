/**
 * `PUT {users}/{ulid}` (200 `SpaceUser`, contract `userEditBody`): an owner edits a member's name, e-mail, language,
 * time zone and, when given, password. 422 violations on the body's fields (`email_already_exist`, …).
 */
import type { SpaceUser, UserEditBody } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { memberPath, type UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Saves the member; the edit screen and the lists get the answer. */
export function useUpdateUser(paths: UserPaths, ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserEditBody) => http.put<SpaceUser>(memberPath(paths.users, ulid), body),
    onSuccess: async (user) => {
      if (user) queryClient.setQueryData(userKeys.detail(paths.type, ulid), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
    },
  });
}
