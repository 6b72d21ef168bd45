/**
 * The calls of the activation page (SPEC §7 "Invites, per type", §8 "Invitation/activation"): the look-up
 * `GET {invites}/get-{admin|dealer|pco}/{token}`, `POST {invites}/new-user/{token}` and `POST {invites}/join-space/
 * {token}`. All three are exempt from the global 404/500 redirect (SPEC §8 names get-pco; the page shows its own
 * messages for every type): 404 `invalid_invite_token` → 'activation link incorrect', 410 `expire_invite_token`.
 */
import {
  type ActivationResult,
  type InviteLookup,
  inviteEndpoints,
  type NewUserBody,
  type UserType,
} from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** What the invitation link opens: e-mail, role, the space (under the key of its type), whether the account exists. */
export function getInvite(userType: UserType, inviteToken: string): Promise<InviteLookup> {
  return callEndpoint(inviteEndpoints[userType].lookup, { params: { token: inviteToken }, redirectOnError: false });
}

/**
 * A new account sets its names, password and time zone. Rejects with 404, 410, 422 (violations on `firstname`,
 * `lastname`, `new_password`, `timezone`), 409 `conflict` with `user_exist: true` (the account exists: join instead).
 */
export function createInvitedUser(
  userType: UserType,
  inviteToken: string,
  body: NewUserBody,
): Promise<ActivationResult> {
  return callEndpoint(inviteEndpoints[userType].activateNewUser, {
    params: { token: inviteToken },
    body,
    redirectOnError: false,
  });
}

/** An existing account joins the space. Rejects with 404, 410, 409 `conflict` with `user_exist: false`. */
export function joinSpace(userType: UserType, inviteToken: string): Promise<ActivationResult> {
  return callEndpoint(inviteEndpoints[userType].joinSpace, {
    params: { token: inviteToken },
    body: {},
    redirectOnError: false,
  });
}
