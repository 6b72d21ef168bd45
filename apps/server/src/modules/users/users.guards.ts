/**
 * Who may act on which member (SPEC §6 "A role can be changed except one's own. Invitable roles are restricted"):
 * members are looked up in the actor's space only (another space's member is 404 `user_not_found`), and a member
 * can be managed (edited, disabled, re-enabled, deleted, re-roled) by the actor only when the actor could grant the
 * member's current role — so nobody but the owner acts on an owner, and a manager never on an owner.
 */
import { grantableRoles, ULID_PATTERN } from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { MemberRow, UsersQueries } from './users.repository.js';

/** The member `ulid` of the actor's space; throws 404 `user_not_found` (unknown, malformed or another space's). */
export async function requireMember(queries: UsersQueries, actor: Actor, ulid: string): Promise<MemberRow> {
  const member = ULID_PATTERN.test(ulid) ? await queries.find(actor.spaceId, ulid) : undefined;
  if (!member) throw notFound('user_not_found');
  return member;
}

/** `true` when `member` is the actor's own membership. */
export function isSelf(actor: Actor, member: MemberRow): boolean {
  return member.id === actor.membershipId;
}

/** Throws 400 `no_change_your_role` when `member` is the actor itself (role change, disable, enable, delete). */
export function refuseSelf(actor: Actor, member: MemberRow): void {
  if (isSelf(actor, member)) throw new AppError('no_change_your_role', { status: 400 });
}

/** `true` when the actor may grant `role` (contracts `grantableRoles`: same type, rank ≤ its own, never owner). */
export function canGrant(actor: Actor, role: string): boolean {
  return (grantableRoles(actor.spaceType, actor.role) as string[]).includes(role);
}

/**
 * Throws 403 `code` unless the actor may manage `member`: itself, or a member whose current role the actor could
 * grant.
 */
export function requireManageable(actor: Actor, member: MemberRow, code = 'forbidden'): void {
  if (!isSelf(actor, member) && !canGrant(actor, member.role)) throw new AppError(code, { status: 403 });
}

/** Throws 409 `user_is_referent` with `nb_referent_site` while the member is the referent of sites. */
export function refuseReferent(member: MemberRow): void {
  if (member.nbReferentSite > 0) {
    throw new AppError('user_is_referent', { status: 409, extra: { nb_referent_site: member.nbReferentSite } });
  }
}
