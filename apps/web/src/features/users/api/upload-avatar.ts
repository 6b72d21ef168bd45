/**
 * `POST {users}/{ulid}/avatar` (multipart field `file`; JPEG, PNG or WebP checked by content, ≤ 5 MB, stored resized
 * to 256 px; 200 `SpaceUser`, contract `userEndpoints[type].uploadAvatar`). Errors: `avatar_invalid`,
 * `avatar_too_large` (as the error code or a violation on `file`).
 */
import { userEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Uploads a new avatar for the member, then shows the answered member and reloads the lists. */
export function useUploadAvatar(paths: UserPaths, ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return callEndpoint(userEndpoints[paths.type].uploadAvatar, { params: { ulid }, body });
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(paths.type, ulid), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
    },
  });
}
