/**
 * The one-shot calls on a member (SPEC §7 "Users", "Invites", §4 "User lifecycle", §6), typed by their contracts
 * (`userEndpoints[type]`, `inviteEndpoints[type]`):
 * - `PUT {users}/{ulid}/role {new_role}` (204, or 200 `{nb_referent_site}` when the member is still the referent of
 *   sites: nothing changed) and, for an invited member, `PUT {invites}/{ulid}/role` (204, SPEC §4);
 * - `PUT {users}/{ulid}/disable`, `/enable` (204), `DELETE {users}/{ulid}` (204); disable and delete answer 409
 *   `user_is_referent` with `nb_referent_site` while the member is a referent;
 * - `POST {invites}/resend/{ulid}`, `DELETE {invites}/{ulid}` (cancel the invitation);
 * - `POST /api/user_pcos|user_dealers/{ulid}/easy-connect` (204): e-mail the member a one-time sign-in link
 *   (`easyConnectEndpoints`; owner only; 404 `user_not_found`, 409 `conflict` for a member not active, 429).
 */
import {
  EASY_CONNECT_SENDERS,
  easyConnectEndpoints,
  inviteEndpoints,
  type Role,
  type SpaceUser,
  userEndpoints,
} from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { UserPaths } from '../lib/user-paths';

/** Changes the role; resolves with the number of sites to reassign first, 0 when the role was changed. */
export async function changeRole(
  paths: UserPaths,
  user: Pick<SpaceUser, 'ulid' | 'status'>,
  newRole: Role,
): Promise<number> {
  const input = { params: { ulid: user.ulid }, body: { new_role: newRole } };
  if (user.status === 'invited') {
    await callEndpoint(inviteEndpoints[paths.type].changeRole, input);
    return 0;
  }
  const answer = await callEndpoint(userEndpoints[paths.type].changeRole, input);
  return answer?.nb_referent_site ?? 0;
}

/** Disables an active member (their sessions are revoked). */
export async function disableUser(paths: UserPaths, ulid: string): Promise<void> {
  await callEndpoint(userEndpoints[paths.type].disable, { params: { ulid } });
}

/** Re-enables a disabled member. */
export async function enableUser(paths: UserPaths, ulid: string): Promise<void> {
  await callEndpoint(userEndpoints[paths.type].enable, { params: { ulid } });
}

/** Removes the member from the space. */
export async function deleteUser(paths: UserPaths, ulid: string): Promise<void> {
  await callEndpoint(userEndpoints[paths.type].remove, { params: { ulid } });
}

/** Sends the invitation e-mail again (the previous link stops working). */
export async function resendInvite(paths: UserPaths, ulid: string): Promise<void> {
  await callEndpoint(inviteEndpoints[paths.type].resend, { params: { id: ulid } });
}

/** Cancels a pending invitation. */
export async function cancelInvite(paths: UserPaths, ulid: string): Promise<void> {
  await callEndpoint(inviteEndpoints[paths.type].cancel, { params: { ulid } });
}

/**
 * E-mails the member a one-time sign-in link (valid 24 hours; the older ones stop working). Only PCO and dealer
 * spaces have one: rejects without calling anything for another user type.
 */
export async function sendSignInLink(paths: UserPaths, ulid: string): Promise<void> {
  if (!(paths.type in EASY_CONNECT_SENDERS)) throw new Error(`no sign-in link for ${paths.type} users`);
  const endpoint = paths.type === 'pco' ? easyConnectEndpoints.sendPco : easyConnectEndpoints.sendDealer;
  await callEndpoint(endpoint, { params: { ulid } });
}
