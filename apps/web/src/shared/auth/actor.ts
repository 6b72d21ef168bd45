/**
 * The actor as the web app sees it (ARCHITECTURE §1): the effective space type and role after substitution, and the
 * actions the server grants (SPEC §6 "has right to execute action", `GET /api/me/rights`; issue 14). During
 * substitution the effective role is owner of the dealer or PCO space (SPEC §1).
 */
import {
  ACTIONS,
  type Action,
  type CurrentUser,
  hasAction,
  type SpaceSummary,
  type UserType,
} from '@isoptera/contracts';

export interface Actor {
  userType: UserType;
  role: string;
  /** `true` when an admin or dealer acts inside another space. */
  isSubstituting: boolean;
  /** The space acted in (PCO or dealer), null for the admin space. */
  space: SpaceSummary | null;
  /** The named actions the actor may execute: the server's answer; every rights check reads this list. */
  actions: readonly Action[];
}

/** The actions of SPEC §6's table for an effective user type and role (only roles of that type count). */
function actionsOfRole(userType: UserType, role: string): Action[] {
  return Object.values(ACTIONS).filter((action) => hasAction(userType, role, action));
}

/**
 * The effective user type, role and space of the current user (SPEC §1 "Substitution"), with `actions`, the
 * server's answer to "has right to execute action" (the app always passes it, providers.tsx). Screen test harnesses
 * that build a user by hand may leave it out: the actions then come from the table the server uses (contracts).
 */
export function actorOf(me: CurrentUser, actions?: readonly Action[]): Actor {
  const base: Omit<Actor, 'actions'> = me.connected_on_pco
    ? { userType: 'pco', role: 'ROLE_PCO_SPACE_OWNER', isSubstituting: true, space: me.connected_on_pco }
    : me.connected_on_dealer
      ? { userType: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER', isSubstituting: true, space: me.connected_on_dealer }
      : {
          userType: me.user_type,
          role: me.role,
          isSubstituting: false,
          space: me.user_type === 'pco' ? me.pco : me.user_type === 'dealer' ? me.dealer : null,
        };
  return { ...base, actions: actions ?? actionsOfRole(base.userType, base.role) };
}

/** `true` when the server granted the actor the named action (SPEC §6 "has right to execute action"). */
export function actorHasAction(actor: Actor | null, action: Action): boolean {
  return actor?.actions.includes(action) ?? false;
}
