/**
 * Space settings (SPEC §2.7 "Space settings", issue 4): the owner of a dealer or PCO space — or anyone substituted
 * into it, who is its effective owner — reads and edits the space's name, address and referral reseller, hands
 * ownership to another active member, or deletes the account (the space is closed at once, its data purged after
 * {@link SPACE_RETENTION_DAYS} days by {@link purgeClosedSpaces}). The space is always the actor's current space.
 */
import {
  type Address,
  type accountTransferInput,
  SPACE_RETENTION_DAYS,
  type SpaceParameters,
  type SpaceParametersInput,
  type spaceDeleteInput,
  type spaceParametersInput,
  USERS_PATH,
  type UserType,
} from '@isoptera/contracts';
import type { z } from 'zod';
import type { SpaceRow } from '../../db/schema/index.js';
import { type Actor, ownerRoleOf } from '../../platform/auth/actor.js';
import { notFound, validationFailed } from '../../platform/errors/app-error.js';
import type { SpaceParametersRepository } from './space-parameters.repository.js';

/** The IRI of the settings of the actor's current space. */
const SPACE_PARAMETERS_PATH = '/api/space_parameters';

/** The role a previous owner gets after a transfer (the owner role itself: `ownerRoleOf`). */
const PREVIOUS_OWNER_ROLE: Record<'dealer' | 'pco', string> = {
  dealer: 'ROLE_DEALER_SPACE_USER',
  pco: 'ROLE_PCO_SPACE_MANAGER',
};

type ParsedSettings = z.output<typeof spaceParametersInput>;
type ParsedDelete = z.output<typeof spaceDeleteInput>;
type ParsedTransfer = z.output<typeof accountTransferInput>;

function addressOf(space: SpaceRow): Address | null {
  if (!space.addressLabel) return null;
  return {
    label: space.addressLabel,
    street: space.street,
    postal_code: space.postalCode,
    city: space.city,
    country: space.country,
    latitude: space.latitude,
    longitude: space.longitude,
  };
}

/** `dealer` or `pco`: the kind of the space; an admin space has no settings (404). */
function kindOf(space: SpaceRow): 'dealer' | 'pco' {
  if (space.type !== 'dealer' && space.type !== 'pco') throw notFound();
  return space.type;
}

export function createSpaceParametersService(
  repository: SpaceParametersRepository,
  now: () => Date = () => new Date(),
) {
  /** The actor's current space, open; 404 `not_found` when it is closed (or is the admin space). */
  async function currentSpace(actor: Actor) {
    const space = await repository.findOpenSpace(actor.spaceId);
    if (!space) throw notFound();
    return { space, kind: kindOf(space) };
  }

  async function read(actor: Actor): Promise<SpaceParameters> {
    const { space, kind } = await currentSpace(actor);
    const candidates = await repository.transferCandidates(space.id, ownerRoleOf(kind));
    return {
      '@id': SPACE_PARAMETERS_PATH,
      '@type': 'SpaceParameters',
      ulid: space.id,
      type: space.type as UserType,
      name: space.name,
      address: addressOf(space),
      logo: space.logo,
      referral_reseller: space.referralReseller,
      transfer_candidates: candidates.map((member) => ({
        '@id': `${USERS_PATH[kind]}/${member.ulid}`,
        '@type': 'User',
        ...member,
      })),
    };
  }

  return {
    /** `GET /api/space_parameters`: the settings of the actor's space with its possible new owners. */
    read,

    /**
     * The `PUT /api/space_parameters` body as it stands, the base of its merge patch (`PATCH`, SPEC §7). Throws 404 as
     * `read`.
     */
    async currentBody(actor: Actor): Promise<SpaceParametersInput> {
      const { space } = await currentSpace(actor);
      // a space without an address (created before they were required) needs one in the patch (422 otherwise)
      const address = addressOf(space) ?? undefined;
      return {
        name: space.name,
        address: address && { ...address, latitude: address.latitude ?? '', longitude: address.longitude ?? '' },
        referral_reseller: space.referralReseller,
      } as SpaceParametersInput;
    },

    /** `PUT /api/space_parameters`: writes name, address and referral reseller; answers the settings. */
    async update(actor: Actor, input: SpaceParametersInput | ParsedSettings): Promise<SpaceParameters> {
      const body = input as ParsedSettings;
      const { space } = await currentSpace(actor);
      await repository.updateSettings(
        space.id,
        {
          name: body.name,
          addressLabel: body.address.label,
          street: body.address.street ?? null,
          postalCode: body.address.postal_code ?? null,
          city: body.address.city ?? null,
          country: body.address.country ?? null,
          latitude: body.address.latitude,
          longitude: body.address.longitude,
          referralReseller: body.referral_reseller ?? null,
        },
        now(),
      );
      return read(actor);
    },

    /**
     * `POST /api/space_parameters/transfer`: the active member `new_owner` (membership ULID, or its IRI) becomes the
     * owner; the previous owner becomes manager (PCO) or user (dealer) and their sessions of that membership end, so
     * that the new role applies at their next sign-in. 422 `new_owner_invalid` when `new_owner` is not an active
     * member of the space other than the owner.
     */
    async transfer(actor: Actor, input: ParsedTransfer): Promise<void> {
      const { space, kind } = await currentSpace(actor);
      const ownerRole = ownerRoleOf(kind);
      const newOwnerId = input.new_owner.trim().split('/').pop() ?? '';
      const invalid = () => validationFailed({ propertyPath: 'new_owner', code: 'new_owner_invalid' });
      const at = now();
      await repository.transaction(async (tx) => {
        const candidate = newOwnerId ? await tx.findMembership(space.id, newOwnerId) : undefined;
        if (candidate?.status !== 'active' || candidate.role === ownerRole) throw invalid();
        const previous = await tx.owners(space.id, ownerRole);
        for (const owner of previous) {
          await tx.setRole(space.id, owner.id, PREVIOUS_OWNER_ROLE[kind], at);
          await tx.revokeMembershipSessions(owner.accountId, owner.id, at);
        }
        await tx.setRole(space.id, candidate.id, ownerRole, at);
      });
    },

    /**
     * `POST /api/space_parameters/delete`: `confirmation` must be the space's name exactly (422
     * `confirmation_invalid` on `confirmation`). Closes the space: its members lose access and their sessions end;
     * the data is kept until the purge.
     */
    async remove(actor: Actor, input: ParsedDelete): Promise<void> {
      const { space } = await currentSpace(actor);
      if (input.confirmation !== space.name) {
        throw validationFailed({ propertyPath: 'confirmation', code: 'confirmation_invalid' });
      }
      await repository.transaction((tx) => tx.closeSpace(space.id, now()));
    },
  };
}
export type SpaceParametersService = ReturnType<typeof createSpaceParametersService>;

/**
 * Deletes, with all their data, the spaces closed more than `retentionDays` days (24 h each) before `at`
 * (default {@link SPACE_RETENTION_DAYS}); answers the ids purged. Meant to run daily from a background job.
 */
export function purgeClosedSpaces(
  repository: SpaceParametersRepository,
  at: Date = new Date(),
  retentionDays: number = SPACE_RETENTION_DAYS,
): Promise<string[]> {
  return repository.purgeClosedSpaces(new Date(at.getTime() - retentionDays * 24 * 60 * 60 * 1000));
}
