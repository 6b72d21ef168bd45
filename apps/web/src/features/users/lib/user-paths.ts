/**
 * The API paths of the users screens, chosen by the actor's current space type (SPEC §7 "Users, per type",
 * "Invites, per type"; contract `USERS_PATH`, `INVITES_PATH`): `/api/user_pcos` + `/api/invite_pcos` in a PCO space
 * (substitution included), `/api/user_dealers` + `/api/invite_dealers`, `/api/user_admins` + `/api/invite_admins`.
 */
import { INVITES_PATH, USERS_PATH, type UserType } from '@isoptera/contracts';

export interface UserPaths {
  type: UserType;
  /** `/api/user_{type}s` */
  users: string;
  /** `/api/invite_{type}s` */
  invites: string;
}

/** The paths of `type`. */
export function userPaths(type: UserType): UserPaths {
  return { type, users: USERS_PATH[type], invites: INVITES_PATH[type] };
}

/** `{base}/{ulid}{suffix}` with the ULID encoded. */
export function memberPath(base: string, ulid: string, suffix = ''): string {
  return `${base}/${encodeURIComponent(ulid)}${suffix}`;
}
