/**
 * The one-shot calls on a member (SPEC §7 "Users", "Invites", §4 "User lifecycle", §6):
 * - `PUT {users}/{ulid}/role {new_role}` (204, or 200 `{nb_referent_site}` when the member is still the referent of
 *   sites: nothing changed) and, for an invited member, `PUT {invites}/{ulid}/role` (SPEC §4);
 * - `PUT {users}/{ulid}/disable`, `/enable` (204), `DELETE {users}/{ulid}` (204); disable and delete answer 409
 *   `user_is_referent` with `nb_referent_site` while the member is a referent;
 * - `POST {invites}/resend/{ulid}`, `DELETE {invites}/{ulid}` (cancel the invitation).
 */
import type { ReferentSitesPending, Role, SpaceUser } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';
import { memberPath, type UserPaths } from '../lib/user-paths';

/** Changes the role; resolves with the number of sites to reassign first, 0 when the role was changed. */
export async function changeRole(
  paths: UserPaths,
  user: Pick<SpaceUser, 'ulid' | 'status'>,
  newRole: Role,
): Promise<number> {
  const base = user.status === 'invited' ? paths.invites : paths.users;
  const answer = await http.put<ReferentSitesPending | undefined>(memberPath(base, user.ulid, '/role'), {
    new_role: newRole,
  });
  return answer && typeof answer.nb_referent_site === 'number' ? answer.nb_referent_site : 0;
}

/** Disables an active member (their sessions are revoked). */
export function disableUser(paths: UserPaths, ulid: string): Promise<void> {
  return http.put<void>(memberPath(paths.users, ulid, '/disable'));
}

/** Re-enables a disabled member. */
export function enableUser(paths: UserPaths, ulid: string): Promise<void> {
  return http.put<void>(memberPath(paths.users, ulid, '/enable'));
}

/** Removes the member from the space. */
export function deleteUser(paths: UserPaths, ulid: string): Promise<void> {
  return http.delete<void>(memberPath(paths.users, ulid));
}

/** Sends the invitation e-mail again (the previous link stops working). */
export function resendInvite(paths: UserPaths, ulid: string): Promise<unknown> {
  return http.post<unknown>(`${paths.invites}/resend/${encodeURIComponent(ulid)}`);
}

/** Cancels a pending invitation. */
export function cancelInvite(paths: UserPaths, ulid: string): Promise<void> {
  return http.delete<void>(memberPath(paths.invites, ulid));
}
