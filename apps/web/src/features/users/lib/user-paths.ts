/**
 * Which user type the users screens call, chosen by the actor's current space type (SPEC §7 "Users, per type",
 * "Invites, per type"): the calls of `userEndpoints[type]` and `inviteEndpoints[type]` in the contracts —
 * `/api/user_pcos` + `/api/invite_pcos` in a PCO space (substitution included), `/api/user_dealers` +
 * `/api/invite_dealers`, `/api/user_admins` + `/api/invite_admins`.
 */
import type { UserType } from '@isoptera/contracts';

export interface UserPaths {
  /** The user type whose endpoints the screens call. */
  type: UserType;
}

/** The paths of `type`. */
export function userPaths(type: UserType): UserPaths {
  return { type };
}
