/**
 * API paths per user type (SPEC §7 "Users, per type", "Invites, per type"). Kept free of zod so that the web shell
 * can use them without loading the schemas.
 */
import type { UserType } from './enums.js';

/** The collection path of each user type: `/api/user_admins`, `/api/user_dealers`, `/api/user_pcos`. */
export const USERS_PATH: Record<UserType, string> = {
  admin: '/api/user_admins',
  dealer: '/api/user_dealers',
  pco: '/api/user_pcos',
};
/** The invitation path of each user type: `/api/invite_admins`, `/api/invite_dealers`, `/api/invite_pcos`. */
export const INVITES_PATH: Record<UserType, string> = {
  admin: '/api/invite_admins',
  dealer: '/api/invite_dealers',
  pco: '/api/invite_pcos',
};
/** The look-up segment of each type: `get-admin`, `get-dealer`, `get-pco`. */
export const INVITE_LOOKUP: Record<UserType, string> = {
  admin: 'get-admin',
  dealer: 'get-dealer',
  pco: 'get-pco',
};
