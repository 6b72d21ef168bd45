/**
 * What the actor may do with a member on these screens (SPEC §6 "A role can be changed except one's own. Invitable
 * roles are restricted"): a member is manageable when it is not the actor and holds a role the actor may grant
 * (`grantableRoles`: ranked at most as the actor, never an owner). The server checks again; the screens only offer
 * what it would accept.
 */
import { EASY_CONNECT_SENDERS, grantableRoles, type Role, type SpaceUser } from '@isoptera/contracts';
import { type Actor, actorHasAction } from '../../../shared/auth/actor';

/** The one-shot actions on a member (the role change aside). */
export type MemberActionKind = 'easyConnect' | 'disable' | 'enable' | 'delete' | 'resend' | 'cancelInvite';

/** An action to run on a member: one of the kinds above, or a role change. */
export type MemberAction = { kind: MemberActionKind } | { kind: 'role'; role: Role };

/** The roles the actor may grant (invite or role change). */
export function rolesFor(actor: Actor | null): Role[] {
  return actor ? grantableRoles(actor.userType, actor.role) : [];
}

/** `true` when `user` is the actor's own membership (never during substitution: the actor is not a member then). */
export function isSelf(user: Pick<SpaceUser, 'ulid'>, meUlid: string | null | undefined, actor: Actor | null): boolean {
  return !!actor && !actor.isSubstituting && !!meUlid && meUlid === user.ulid;
}

/** `true` when the actor may change the role of, disable, delete or manage the invitation of `user`. */
export function canManage(actor: Actor | null, user: Pick<SpaceUser, 'role'>, self: boolean): boolean {
  return !self && rolesFor(actor).includes(user.role);
}

/**
 * `true` when the actor may e-mail `user` a one-time sign-in link (SPEC §2.1 `/easy-connect`; issue 14): the server
 * grants the actor the owner action of its space type (`EASY_CONNECT_SENDERS`, `GET /api/me/rights`; a substituting
 * admin or dealer holds it), and `user` is another, active member (the server answers 409 for an invited or disabled
 * one).
 */
export function canSendSignInLink(actor: Actor | null, user: Pick<SpaceUser, 'status'>, self: boolean): boolean {
  if (!actor || self || user.status !== 'active') return false;
  const sender = EASY_CONNECT_SENDERS[actor.userType as keyof typeof EASY_CONNECT_SENDERS];
  return !!sender && sender.anyOf.some((action) => actorHasAction(actor, action));
}

/**
 * The one-shot actions offered for `user`, by status (SPEC §4 "User lifecycle"); `signInLink` (see
 * {@link canSendSignInLink}) puts "Send a sign-in link" first.
 */
export function memberActionKinds(
  user: Pick<SpaceUser, 'status'>,
  manageable: boolean,
  signInLink = false,
): MemberActionKind[] {
  const link: MemberActionKind[] = signInLink && user.status === 'active' ? ['easyConnect'] : [];
  if (!manageable) return link;
  switch (user.status) {
    case 'invited':
      return ['resend', 'cancelInvite'];
    case 'disabled':
      return ['enable', 'delete'];
    default:
      return [...link, 'disable', 'delete'];
  }
}
