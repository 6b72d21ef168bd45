/** The current user (SPEC §3 "Current user", §7 "Self": `GET /api/me`). */
import type { CurrentUser, Language, SpaceSummary } from '@isoptera/contracts';
import type { SpaceRow } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { MeRepository } from './me.repository.js';

function summary(space: SpaceRow | undefined | null, collection: 'pcos' | 'dealers'): SpaceSummary | null {
  return space ? { '@id': `/api/${collection}/${space.id}`, ulid: space.id, name: space.name, logo: space.logo } : null;
}

export function createMeService(repository: MeRepository) {
  return {
    /** Every field of SPEC §3 "Current user" for the actor's membership. Throws 401 when it no longer exists. */
    async current(actor: Actor): Promise<CurrentUser> {
      const row = await repository.findMembership(actor.accountId, actor.membershipId);
      if (!row) throw new AppError('unauthorized', { status: 401 });
      const { account, membership, space } = row;
      // independent look-ups: run them together rather than one round trip after another
      const [types, dealerSpace, substituted] = await Promise.all([
        repository.spaceTypes(account.id),
        space.type === 'dealer'
          ? space
          : space.type === 'pco' && space.dealerId
            ? repository.findSpace(space.dealerId)
            : null,
        actor.spaceId !== space.id ? repository.findSpace(actor.spaceId) : null,
      ]);
      return {
        '@id': `/api/user_${membership.spaceType}s/${membership.id}`,
        ulid: membership.id,
        firstname: account.firstname,
        lastname: account.lastname,
        email: account.email,
        lang: account.lang as Language,
        timezone: account.timezone,
        mail_notification: account.mailNotification,
        user_type: membership.spaceType,
        role: membership.role,
        color: membership.color,
        disabled_at: membership.disabledAt?.toISOString() ?? null,
        last_invited_at: membership.lastInvitedAt?.toISOString() ?? null,
        have_user_admin_space: types.includes('admin'),
        have_user_dealer_space: types.includes('dealer'),
        have_user_pco_space: types.includes('pco'),
        dealer: summary(dealerSpace, 'dealers'),
        connected_on_dealer: substituted?.type === 'dealer' ? summary(substituted, 'dealers') : null,
        pco: space.type === 'pco' ? summary(space, 'pcos') : null,
        connected_on_pco: substituted?.type === 'pco' ? summary(substituted, 'pcos') : null,
      };
    },
  };
}
export type MeService = ReturnType<typeof createMeService>;
