/**
 * `POST /api/users` (SPEC §5 "User", §6 "Invitable roles are restricted", §7 generic users; issue 14): a member of
 * the actor's current space created with a password, active at once — the alternative to an invitation when the
 * person has no account yet.
 */
import {
  DEFAULT_CREATED_ROLE,
  grantableRoles,
  type Role,
  type SpaceUser,
  type UserCreateBody,
} from '@isoptera/contracts';
import type { Actor } from '../../platform/auth/actor.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { validationFailed } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import { CHIP_COLORS } from '../invites/invites.service.js';
import type { UsersService } from './users.service.js';
import type { UsersCreateRepository } from './users-create.repository.js';

const DEFAULT_TIMEZONE = 'Europe/Paris';

export function createUsersCreateService(repository: UsersCreateRepository, users: Pick<UsersService, 'detail'>) {
  /** The chip colour least used in the space (palette order breaks ties). */
  async function colorFor(spaceId: string): Promise<string> {
    const used = new Map<string, number>();
    for (const color of await repository.spaceColors(spaceId)) if (color) used.set(color, (used.get(color) ?? 0) + 1);
    let best: string = CHIP_COLORS[0];
    for (const color of CHIP_COLORS) if ((used.get(color) ?? 0) < (used.get(best) ?? 0)) best = color;
    return best;
  }

  return {
    /**
     * Creates the account (e-mail lower-cased, argon2id password, language, time zone default Europe/Paris) and its
     * active membership of the actor's space with `role` (default: the plain role of the space type). Throws 422
     * `chosen_role_not_allowed` on `role` (not grantable by the actor) and `email_already_exist` on `email` (an
     * account holds it: such a person is invited, never given a password by someone else).
     */
    async create(actor: Actor, body: UserCreateBody & { role?: Role | undefined }): Promise<SpaceUser> {
      const role: Role = body.role ?? DEFAULT_CREATED_ROLE[actor.spaceType];
      if (!grantableRoles(actor.spaceType, actor.role).includes(role)) {
        throw validationFailed({ propertyPath: 'role', code: 'chosen_role_not_allowed' });
      }
      const email = body.email.trim().toLowerCase();
      const taken = () => validationFailed({ propertyPath: 'email', code: 'email_already_exist' });
      if (await repository.emailTaken(email)) throw taken();
      const accountId = newUlid();
      const membershipId = newUlid();
      const inserted = await repository.insertMember({
        account: {
          id: accountId,
          email,
          passwordHash: await hashPassword(body.new_password1),
          firstname: body.firstname,
          lastname: body.lastname,
          lang: body.lang,
          timezone: body.timezone ?? DEFAULT_TIMEZONE,
        },
        membership: {
          id: membershipId,
          accountId,
          spaceId: actor.spaceId,
          spaceType: actor.spaceType,
          role,
          status: 'active',
          color: await colorFor(actor.spaceId),
        },
      });
      if (!inserted) throw taken();
      return users.detail(actor, membershipId);
    },
  };
}
export type UsersCreateService = ReturnType<typeof createUsersCreateService>;
