/**
 * `POST {invites}/send {invites}` (201 `{invites: PendingInvite[]}`, contract `inviteSendBody`). 422 violations on
 * `invites.<i>.email` (`email_invalid`, `email_entered_several_times`, `email_already_exist`) and `invites.<i>.role`
 * (`chosen_role_not_allowed`, `role_required`).
 */
import type { InviteSendBody, PendingInvite } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Invites several people at once; the lists are refreshed afterwards. */
export function useSendInvites(paths: UserPaths) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteSendBody) => http.post<{ invites: PendingInvite[] }>(`${paths.invites}/send`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) }),
  });
}
