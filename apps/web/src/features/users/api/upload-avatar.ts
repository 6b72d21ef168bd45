/**
 * `POST {users}/{ulid}/avatar` (multipart field `file`; JPEG, PNG or WebP checked by content, ≤ 5 MB, stored resized
 * to 256 px). Errors: `avatar_invalid`, `avatar_too_large` (as the error code or a violation on `file`).
 */
import type { SpaceUser } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { memberPath, type UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Uploads a new avatar for the member, then reloads the member and the lists. */
export function useUploadAvatar(paths: UserPaths, ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return http.post<SpaceUser | undefined>(memberPath(paths.users, ulid, '/avatar'), body);
    },
    onSuccess: async (user) => {
      if (user && typeof user === 'object' && 'ulid' in user) {
        queryClient.setQueryData(userKeys.detail(paths.type, ulid), user);
      } else {
        await queryClient.invalidateQueries({ queryKey: userKeys.detail(paths.type, ulid) });
      }
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
    },
  });
}
