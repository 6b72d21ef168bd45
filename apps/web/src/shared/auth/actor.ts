/**
 * The actor as the web app sees it (ARCHITECTURE §1): the effective space type and role after substitution.
 * During substitution the effective role is owner of the dealer or PCO space (SPEC §1).
 */
import { type Action, type CurrentUser, hasAction, type SpaceSummary, type UserType } from '@isoptera/contracts';

export interface Actor {
  userType: UserType;
  role: string;
  /** `true` when an admin or dealer acts inside another space. */
  isSubstituting: boolean;
  /** The space acted in (PCO or dealer), null for the admin space. */
  space: SpaceSummary | null;
}

/** The effective user type, role and space of the current user (SPEC §1 "Substitution"). */
export function actorOf(me: CurrentUser): Actor {
  if (me.connected_on_pco) {
    return { userType: 'pco', role: 'ROLE_PCO_SPACE_OWNER', isSubstituting: true, space: me.connected_on_pco };
  }
  if (me.connected_on_dealer) {
    return { userType: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER', isSubstituting: true, space: me.connected_on_dealer };
  }
  const space = me.user_type === 'pco' ? me.pco : me.user_type === 'dealer' ? me.dealer : null;
  return { userType: me.user_type, role: me.role, isSubstituting: false, space };
}

/** `true` when the actor holds the named action (SPEC §6; only roles of the current user type count). */
export function actorHasAction(actor: Actor | null, action: Action): boolean {
  return actor !== null && hasAction(actor.userType, actor.role, action);
}
