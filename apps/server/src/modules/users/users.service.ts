/**
 * Members of the actor's space (SPEC §3 "User", §4 "User lifecycle", §6, §7 "Users"): the people picker search,
 * the users list, a member's detail and edit, role change, disable, re-enable and delete. Every member is looked
 * up in the actor's space (another space's is 404 `user_not_found`).
 */
import {
  type HydraCollection,
  iri,
  type ReferentSitesPending,
  type Role,
  type SpaceUser,
  type UserEditBody,
  type UserSearchQuery,
  type UserSearchResult,
  type UserStatus,
  type userEditBody,
  type userListQuery,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { canGrant, isSelf, refuseReferent, refuseSelf, requireManageable, requireMember } from './users.guards.js';
import type { MemberOrder, UsersRepository } from './users.repository.js';
import { spaceUserResource } from './users.resource.js';

type ListQuery = z.output<typeof userListQuery>;
type EditBody = z.output<typeof userEditBody>;

export interface UsersServiceOptions {
  now?: () => Date;
  /** Called with the avatar URL of a deleted account, so that its file can go too. */
  onAvatarOrphaned?: (avatar: string) => Promise<void>;
}

/** The requested order (`order[lastname]`, `order[firstname]`, in the given order), completed by lastname, firstname asc. */
function orderOf(query: UserSearchQuery): MemberOrder[] {
  const order = Object.entries(query.order ?? {})
    .filter((entry): entry is [MemberOrder['field'], 'asc' | 'desc'] => entry[1] !== undefined)
    .map(([field, direction]) => ({ field, direction }));
  for (const field of ['lastname', 'firstname'] as const) {
    if (!order.some((o) => o.field === field)) order.push({ field, direction: 'asc' });
  }
  return order;
}

/** `true` for a PostgreSQL unique violation (23505), whichever driver raised it and however it is wrapped. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function createUsersService(repository: UsersRepository, options: UsersServiceOptions = {}) {
  const now = options.now ?? (() => new Date());

  /** `GET {users}/{ulid}`: the member as `SpaceUser`. Throws 404 `user_not_found`. */
  async function detail(actor: Actor, ulid: string): Promise<SpaceUser> {
    return spaceUserResource(await requireMember(repository, actor, ulid), actor.timezone);
  }

  return {
    /**
     * `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]`: the active members of the actor's
     * space matching `search` (first name, last name or e-mail, ignoring case and accents) and `role` (one or many),
     * 30 a page, as `{list: UserSearchItem[], total}`; default order last name then first name.
     */
    async search(actor: Actor, query: UserSearchQuery): Promise<UserSearchResult> {
      const { rows, total } = await repository.searchActive(
        actor.spaceId,
        query.search || undefined,
        query.role ?? [],
        orderOf(query),
        pageWindow(query),
      );
      return {
        list: rows.map((r) => ({
          '@id': iri(`user_${r.spaceType}s`, r.id),
          '@type': 'User' as const,
          ulid: r.id,
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          color: r.color,
          status: r.status as UserStatus,
          role: r.role as Role,
        })),
        total,
      };
    },

    /**
     * `GET {users}?page&search&role&status`: a hydra collection of `SpaceUser`, 30 a page, invited members included,
     * in the grouping order of SPEC §4 (disabled by `disabled_at` desc, invited by `last_invited_at` desc, active by
     * last name, first name). `search` matches first name, last name or e-mail ignoring case and accents.
     */
    async list(actor: Actor, query: ListQuery, url: string): Promise<HydraCollection<SpaceUser>> {
      const window = pageWindow({ page: query.page });
      const { rows, total } = await repository.list(
        actor.spaceId,
        { search: query.search || undefined, role: query.role, status: query.status },
        window,
      );
      return hydraCollection(
        url,
        rows.map((row) => spaceUserResource(row, actor.timezone)),
        total,
        window,
        'User',
      );
    },

    detail,

    /**
     * The `PUT {users}/{ulid}` body of a member as it stands (name, e-mail, language, time zone, licence number; no
     * password), the
     * base of its merge patch (`PATCH`, ADR 009). Throws as the `PUT` does: 404 `user_not_found`, 403 `forbidden`.
     */
    async currentBody(actor: Actor, ulid: string): Promise<UserEditBody> {
      const member = await requireMember(repository, actor, ulid);
      requireManageable(actor, member);
      const { firstname, lastname, email, lang, timezone, licenceNumber } = member;
      return {
        firstname,
        lastname,
        email,
        lang: lang as UserEditBody['lang'],
        timezone,
        licence_number: licenceNumber,
      };
    },

    /**
     * `PUT {users}/{ulid}` (`userEditBody`): name, e-mail (applies at once), language, time zone, the membership's
     * applicator licence number (issue 12; null, empty or left out clears it: a PUT replaces every field) and, when
     * `new_password1` is given, the password (argon2id). A new password ends every session of the account (but the
     * actor's own) and forgets its remembered devices. Other fields of the body are ignored (mass assignment).
     * Throws 404 `user_not_found`; 403 `forbidden` when the actor may not manage the member (an owner, a higher
     * rank: the screens never offer it); 409 `account_shared_with_other_space` when the e-mail or password would
     * change for an account that also belongs to another space (its credentials are its holder's own);
     * 422 `email_already_exist` on `email`.
     */
    async edit(actor: Actor, ulid: string, body: EditBody | UserEditBody): Promise<SpaceUser> {
      const member = await requireMember(repository, actor, ulid);
      requireManageable(actor, member);
      const email = body.email.toLowerCase();
      const emailChanges = email !== member.email.toLowerCase();
      const password = body.new_password1 || undefined;
      if ((emailChanges || password) && !isSelf(actor, member)) {
        if (await repository.hasMembershipElsewhere(member.accountId, actor.spaceId)) {
          throw new AppError('account_shared_with_other_space', { status: 409 });
        }
      }
      const emailTaken = () => validationFailed({ propertyPath: 'email', code: 'email_already_exist' });
      if (emailChanges && (await repository.emailTaken(email, member.accountId))) throw emailTaken();
      const passwordHash = password ? await hashPassword(password) : undefined;
      const at = now();
      try {
        await repository.transaction(async (tx) => {
          await tx.updateAccount(
            member.accountId,
            {
              firstname: body.firstname,
              lastname: body.lastname,
              email,
              lang: body.lang,
              timezone: body.timezone,
              passwordHash,
            },
            at,
          );
          const licenceNumber = body.licence_number ?? null;
          if (licenceNumber !== member.licenceNumber) await tx.setLicenceNumber(member.id, licenceNumber, at);
          if (passwordHash) {
            const exceptSessionId = member.accountId === actor.accountId ? actor.sessionId : undefined;
            await tx.revokeSessions(
              member.accountId,
              exceptSessionId ? { exceptSessionId, trustedDevices: true } : { trustedDevices: true },
              at,
            );
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return detail(actor, member.id);
    },

    /**
     * `PUT {users}/{ulid}/role {new_role}`: answers `null` (204) once the role is changed (or already was), or
     * `{nb_referent_site}` (200) WITHOUT changing it while the member is still the referent of sites (the UI
     * reassigns them, then repeats the call). Works for invited members too. Throws 404 `user_not_found`, 400
     * `no_change_your_role` (oneself), 422 `chosen_role_not_allowed` (a role the actor may not grant, or a member
     * whose current role it may not grant, e.g. an owner).
     */
    async changeRole(actor: Actor, ulid: string, newRole: string): Promise<ReferentSitesPending | null> {
      const member = await requireMember(repository, actor, ulid);
      refuseSelf(actor, member);
      if (!canGrant(actor, newRole) || !canGrant(actor, member.role)) {
        throw new AppError('chosen_role_not_allowed', { status: 422 });
      }
      if (newRole === member.role) return null;
      if (member.nbReferentSite > 0) return { nb_referent_site: member.nbReferentSite };
      await repository.setRole(actor.spaceId, member.id, newRole, now());
      return null;
    },

    /**
     * `PUT {users}/{ulid}/disable` (204): status `disabled`, `disabled_at` now, and the member's sessions in this
     * space end (its refresh tokens are refused; login no longer picks this membership). Already disabled: no
     * change. Throws 404, 400 `no_change_your_role` (oneself), 403 `forbidden` (not manageable), 409
     * `user_is_referent` with `nb_referent_site`, 409 `conflict` for an invited member (cancel the invitation).
     */
    async disable(actor: Actor, ulid: string): Promise<void> {
      const member = await requireMember(repository, actor, ulid);
      refuseSelf(actor, member);
      requireManageable(actor, member);
      if (member.status === 'disabled') return;
      if (member.status === 'invited') throw new AppError('conflict', { status: 409 });
      refuseReferent(member);
      const at = now();
      await repository.transaction(async (tx) => {
        await tx.setStatus(actor.spaceId, member.id, 'disabled', at, at);
        await tx.revokeSessions(member.accountId, { membershipId: member.id }, at);
      });
    },

    /**
     * `PUT {users}/{ulid}/enable` (204): a disabled member becomes active again (`disabled_at` cleared); an active
     * or invited member is left as is. Throws 404, 400 `no_change_your_role`, 403 `forbidden`.
     */
    async enable(actor: Actor, ulid: string): Promise<void> {
      const member = await requireMember(repository, actor, ulid);
      refuseSelf(actor, member);
      requireManageable(actor, member);
      if (member.status !== 'disabled') return;
      await repository.setStatus(actor.spaceId, member.id, 'active', null, now());
    },

    /**
     * `DELETE {users}/{ulid}` (204): deletes the membership (its sessions and invitations go with it) and the
     * account when it holds no other membership. Throws 404, 400 `no_change_your_role`, 403 `forbidden`, 409
     * `user_is_referent` (`nb_referent_site`), 409 `user_has_interventions` (`nb_intervention`): a member who is an
     * intervener of visits is kept so that the visit history stays whole — disable them instead.
     */
    async remove(actor: Actor, ulid: string): Promise<void> {
      const member = await requireMember(repository, actor, ulid);
      refuseSelf(actor, member);
      requireManageable(actor, member);
      refuseReferent(member);
      const avatar = await repository.transaction(async (tx) => {
        const current = await tx.find(actor.spaceId, member.id);
        if (!current) throw notFound('user_not_found');
        refuseReferent(current);
        const interventions = await tx.countInterventions(member.id);
        if (interventions > 0) {
          throw new AppError('user_has_interventions', { status: 409, extra: { nb_intervention: interventions } });
        }
        // the membership's sessions and refresh tokens are deleted with it (foreign keys on delete cascade)
        const result = await tx.deleteMembership(actor.spaceId, member.id, member.accountId);
        return result.accountDeleted ? result.avatar : null;
      });
      if (avatar) await options.onAvatarOrphaned?.(avatar);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
