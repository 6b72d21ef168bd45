/**
 * Roles and named actions, SPEC §6. An action is granted by a role only when the role belongs to the actor's
 * current user type ("only roles valid for the current user type count").
 */
import type { UserType } from './enums.js';

export const ADMIN_ROLES = ['ROLE_ADMIN_SPACE_SUPER_ADMIN', 'ROLE_ADMIN_SPACE_ADMIN', 'ROLE_ADMIN_SPACE_USER'] as const;
export const DEALER_ROLES = ['ROLE_DEALER_SPACE_OWNER', 'ROLE_DEALER_SPACE_USER'] as const;
export const PCO_ROLES = [
  'ROLE_PCO_SPACE_OWNER',
  'ROLE_PCO_SPACE_MANAGER',
  'ROLE_PCO_SPACE_TECHNICIAN',
  'ROLE_PCO_SPACE_USER',
] as const;
export const ROLES = [...ADMIN_ROLES, ...DEALER_ROLES, ...PCO_ROLES] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export type DealerRole = (typeof DEALER_ROLES)[number];
export type PcoRole = (typeof PCO_ROLES)[number];
export type Role = (typeof ROLES)[number];

/** The roles a member of each user type may hold. */
export const ROLES_BY_USER_TYPE: Record<UserType, readonly Role[]> = {
  admin: ADMIN_ROLES,
  dealer: DEALER_ROLES,
  pco: PCO_ROLES,
};

/** Named actions of SPEC §6. */
export const ACTIONS = {
  SUPER_ADMIN: 'super_admin',
  ADMIN_ACTION: 'admin_action',
  DEALER_OWNER: 'dealer_owner',
  DEALER_ACTION: 'dealer_action',
  PCO_OWNER: 'pco_owner',
  PCO_ACTION: 'pco_action',
  PCO_TECHNICIAN: 'pco_technician',
} as const;
export type Action = (typeof ACTIONS)[keyof typeof ACTIONS];

/** Which roles of which user type grant each action. */
export const ACTION_GRANTS: Record<Action, { userType: UserType; roles: readonly Role[] }> = {
  super_admin: { userType: 'admin', roles: ['ROLE_ADMIN_SPACE_SUPER_ADMIN'] },
  admin_action: { userType: 'admin', roles: ['ROLE_ADMIN_SPACE_SUPER_ADMIN', 'ROLE_ADMIN_SPACE_ADMIN'] },
  dealer_owner: { userType: 'dealer', roles: ['ROLE_DEALER_SPACE_OWNER'] },
  dealer_action: { userType: 'dealer', roles: ['ROLE_DEALER_SPACE_OWNER', 'ROLE_DEALER_SPACE_USER'] },
  pco_owner: { userType: 'pco', roles: ['ROLE_PCO_SPACE_OWNER'] },
  pco_action: { userType: 'pco', roles: ['ROLE_PCO_SPACE_OWNER', 'ROLE_PCO_SPACE_MANAGER'] },
  pco_technician: { userType: 'pco', roles: ['ROLE_PCO_SPACE_TECHNICIAN'] },
};

/** `true` when a member of `userType` holding `role` may perform `action` (SPEC §6). */
export function hasAction(userType: UserType, role: string, action: Action): boolean {
  const grant = ACTION_GRANTS[action];
  return grant.userType === userType && grant.roles.includes(role as Role);
}

/** `true` when the member holds at least one of `actions`. */
export function hasAnyAction(userType: UserType, role: string, actions: readonly Action[]): boolean {
  return actions.some((action) => hasAction(userType, role, action));
}

/**
 * What a route requires (ARCHITECTURE §4 rule 3): `public` (no session), `authenticated` (any session),
 * or a list of named actions of which the actor must hold one.
 */
export type RouteAccess = 'public' | 'authenticated' | { anyOf: readonly Action[] };
