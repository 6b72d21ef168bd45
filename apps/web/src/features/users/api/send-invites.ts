/**
 * `POST {invites}/send {invites}` (201 `{invites: PendingInvite[]}`, contract `inviteEndpoints[type].send`). 422
 * violations on `invites.<i>.email` (`email_invalid`, `email_entered_several_times`, `email_already_exist`) and
 * `invites.<i>.role` (`chosen_role_not_allowed`, `role_required`).
 */
import { type InviteSendBody, inviteEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** Invites several people at once; the lists are refreshed afterwards. */
export function useSendInvites(paths: UserPaths) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: InviteSendBody) =>
      callEndpoint(inviteEndpoints[paths.type].send, { body, idempotencyKey: keys.keyFor(body) }),
    onSuccess: () => {
      keys.renew();
      return queryClient.invalidateQueries({ queryKey: userKeys.lists(paths.type) });
    },
  });
}
