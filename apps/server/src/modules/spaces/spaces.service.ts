/**
 * Dealer and PCO management (SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer space", §6): an admin manages
 * every dealer and every PCO; a dealer member manages the PCOs of its own dealer only (others answer 404 and never
 * appear). Creating a space invites its owner. Logos (§2.7 "Space settings": logo checked by content, size-limited,
 * resized) are stored by the image store and served publicly (they appear in e-mails and on activation pages).
 */
import {
  ACTIONS,
  type DealerInput,
  type DealerUpdate,
  type HydraCollection,
  LOGO_SIZE_PX,
  type ManagedSpace,
  type ManagedSpaceOf,
  type PcoInput,
  type PcoUpdate,
  type SpaceListQuery,
} from '@isoptera/contracts';
import { type Actor, actorCan } from '../../platform/auth/actor.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import { newUlid } from '../../platform/ids.js';
import { type ImageStore, toWebpFitting } from '../../platform/images/images.js';
import type { OwnerInvites } from '../invites/invites.module.js';
import type { ManagedSpaceRow, ManagedType, SpacesRepository, SpaceValues } from './spaces.repository.js';

/** Collection path of each managed type. */
export const SPACES_PATH: Record<ManagedType, string> = { dealer: '/api/dealers', pco: '/api/pcos' };

/** The JSON-LD class of each managed type. */
const SPACE_CLASS = { dealer: 'Dealer', pco: 'Pco' } as const;

/** The JSON of a managed space (its dealer, for a PCO, embedded as `{@id, @type, ulid, name}`). */
export function managedSpaceResource(row: ManagedSpaceRow): ManagedSpace {
  const common = {
    '@id': `${SPACES_PATH[row.type]}/${row.id}`,
    ulid: row.id,
    name: row.name,
    address: row.addressLabel
      ? {
          label: row.addressLabel,
          street: row.street,
          postal_code: row.postalCode,
          city: row.city,
          country: row.country,
          latitude: row.latitude,
          longitude: row.longitude,
        }
      : null,
    logo: row.logo,
    owner_email: row.ownerEmail,
    owner_invited: row.ownerStatus === 'invited',
    erp_client_id: row.erpClientId,
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
  if (row.type === 'dealer') {
    return { ...common, '@type': SPACE_CLASS.dealer, type: 'dealer', erp_order_id: null, dealer: null };
  }
  return {
    ...common,
    '@type': SPACE_CLASS.pco,
    type: 'pco',
    erp_order_id: row.erpOrderId,
    dealer: row.dealerId
      ? {
          '@id': `${SPACES_PATH.dealer}/${row.dealerId}`,
          '@type': 'Dealer',
          ulid: row.dealerId,
          name: row.dealerName ?? '',
        }
      : null,
  };
}

/** {@link managedSpaceResource} of a row known to be of type `type`. */
const resourceOf = <T extends ManagedType>(_type: T, row: ManagedSpaceRow) =>
  managedSpaceResource(row) as ManagedSpaceOf<T>;

/** A parsed address (after the contract's zod transforms). */
type ParsedAddress = {
  label: string;
  street?: string | null | undefined;
  postal_code?: string | null | undefined;
  city?: string | null | undefined;
  country?: string | null | undefined;
  latitude: string;
  longitude: string;
};
/** A parsed create/edit body; `dealer` is the ULID of the dealer reference. */
interface SpaceBody {
  name: string;
  address: ParsedAddress;
  erp_client_id?: string | null | undefined;
  erp_order_id?: string | null | undefined;
  dealer?: string | undefined;
}

export interface SpacesServiceDeps {
  repository: SpacesRepository;
  owners: OwnerInvites;
  logos: ImageStore;
  now?: () => Date;
}

export function createSpacesService({ repository, owners, logos, now = () => new Date() }: SpacesServiceDeps) {
  /** The dealer whose PCOs a dealer actor may see; undefined for an admin (all). */
  const dealerScope = (actor: Actor, type: ManagedType): string | undefined =>
    type === 'pco' && actor.spaceType === 'dealer' ? actor.spaceId : undefined;

  /** The managed space `id` the actor may see; 404 `dealer_not_found` / `pco_not_found` otherwise. */
  async function visible(actor: Actor, type: ManagedType, id: string): Promise<ManagedSpaceRow> {
    const row = await repository.find(type, id, dealerScope(actor, type));
    if (!row) throw notFound(type === 'dealer' ? 'dealer_not_found' : 'pco_not_found');
    return row;
  }

  /** The dealer a PCO written by the actor belongs to: a dealer actor's own; an admin's choice, checked. */
  async function pcoDealer(actor: Actor, body: SpaceBody): Promise<string> {
    if (actor.spaceType === 'dealer') return actor.spaceId;
    if (!body.dealer) throw validationFailed({ propertyPath: 'dealer', code: 'dealer_required' });
    if (!(await repository.find('dealer', body.dealer))) {
      throw validationFailed({ propertyPath: 'dealer', code: 'dealer_invalid' });
    }
    return body.dealer;
  }

  async function values(actor: Actor, type: ManagedType, body: SpaceBody): Promise<SpaceValues> {
    return {
      name: body.name,
      addressLabel: body.address.label,
      street: body.address.street ?? null,
      postalCode: body.address.postal_code ?? null,
      city: body.address.city ?? null,
      country: body.address.country ?? null,
      latitude: body.address.latitude,
      longitude: body.address.longitude,
      erpClientId: body.erp_client_id ?? null,
      erpOrderId: type === 'pco' ? (body.erp_order_id ?? null) : null,
      dealerId: type === 'pco' ? await pcoDealer(actor, body) : null,
    };
  }

  return {
    /** `GET /api/dealers|/api/pcos?page&search`: hydra collection of ManagedSpace, 30 a page, by name. */
    async list<T extends ManagedType>(
      actor: Actor,
      type: T,
      query: SpaceListQuery & { page: number },
      url: string,
    ): Promise<HydraCollection<ManagedSpaceOf<T>>> {
      const window = pageWindow({ page: query.page });
      const { rows, total } = await repository.list(
        type,
        { dealerId: dealerScope(actor, type), search: query.search || undefined },
        window,
      );
      const members = rows.map((row) => resourceOf(type, row));
      return hydraCollection(url, members, total, window, SPACE_CLASS[type]);
    },

    /** `GET /api/dealers|/api/pcos/{ulid}`. Throws 404 `dealer_not_found` / `pco_not_found`. */
    async detail<T extends ManagedType>(actor: Actor, type: T, id: string): Promise<ManagedSpaceOf<T>> {
      return resourceOf(type, await visible(actor, type, id));
    },

    /**
     * `POST /api/dealers|/api/pcos`: creates the space and invites `owner_email` as its owner (the invitation mail
     * goes out). Throws 422 `email_already_exist` on `owner_email` (already a member of a space of this type),
     * `dealer_required` / `dealer_invalid` on `dealer` (admin creating a PCO).
     */
    async create<T extends ManagedType>(
      actor: Actor,
      type: T,
      body: SpaceBody & Pick<DealerInput | PcoInput, 'owner_email'>,
    ): Promise<ManagedSpaceOf<T>> {
      const written = await values(actor, type, body);
      if (!(await owners.ownerEmailFree(body.owner_email, type))) {
        throw validationFailed({ propertyPath: 'owner_email', code: 'email_already_exist' });
      }
      const id = newUlid();
      await repository.insert({ id, type, ...written });
      try {
        await owners.inviteOwner({ spaceId: id, spaceType: type, email: body.owner_email, invitedBy: actor });
      } catch (error) {
        if (error instanceof AppError && error.status === 422) await repository.remove(id);
        throw error;
      }
      return resourceOf(type, await visible(actor, type, id));
    },

    /**
     * The `PUT /api/dealers|/api/pcos/{ulid}` body of a space as it stands, the base of its merge patch (`PATCH`, SPEC
     * §7): a PCO names its dealer by IRI. Throws 404 as `detail`.
     */
    async currentBody<T extends ManagedType>(
      actor: Actor,
      type: T,
      id: string,
    ): Promise<T extends 'dealer' ? DealerUpdate : PcoUpdate> {
      const row = await visible(actor, type, id);
      const address = row.addressLabel
        ? {
            label: row.addressLabel,
            street: row.street,
            postal_code: row.postalCode,
            city: row.city,
            country: row.country,
            latitude: row.latitude ?? '',
            longitude: row.longitude ?? '',
          }
        : undefined;
      // a space created before addresses were required has none: the patch must then give one (422 otherwise)
      const body = { name: row.name, address, erp_client_id: row.erpClientId } as PcoUpdate;
      if (row.type === 'pco') {
        body.erp_order_id = row.erpOrderId;
        if (row.dealerId) body.dealer = `${SPACES_PATH.dealer}/${row.dealerId}`;
      }
      return body as T extends 'dealer' ? DealerUpdate : PcoUpdate;
    },

    /** `PUT /api/dealers|/api/pcos/{ulid}`: name, address, ERP ids (and a PCO's dealer, admin only). */
    async update<T extends ManagedType>(
      actor: Actor,
      type: T,
      id: string,
      body: SpaceBody,
    ): Promise<ManagedSpaceOf<T>> {
      await visible(actor, type, id);
      await repository.update(id, await values(actor, type, body), now());
      return resourceOf(type, await visible(actor, type, id));
    },

    /**
     * `POST /api/dealers|/api/pcos/{ulid}/logo`: `read()` gives the uploaded bytes (null when the `file` part is
     * missing). Throws 404 as `detail`, 422 `logo_invalid` on `file`.
     */
    async uploadLogo<T extends ManagedType>(
      actor: Actor,
      type: T,
      id: string,
      read: () => Promise<Buffer | null>,
    ): Promise<ManagedSpaceOf<T>> {
      await visible(actor, type, id);
      await storeLogo(id, read);
      return resourceOf(type, await visible(actor, type, id));
    },

    /**
     * `POST /api/space_parameters/logo`: the logo of the actor's current space, for its owner (dealer or PCO).
     * Answers `{logo}`. Throws 403 `forbidden` for another role or space type, 422 `logo_invalid`.
     */
    async uploadOwnLogo(actor: Actor, read: () => Promise<Buffer | null>): Promise<{ logo: string }> {
      if (!actorCan(actor, ACTIONS.DEALER_OWNER) && !actorCan(actor, ACTIONS.PCO_OWNER)) {
        throw new AppError('forbidden', { status: 403 });
      }
      const state = await repository.spaceState(actor.spaceId);
      if (!state || state.closedAt) throw notFound();
      return { logo: await storeLogo(actor.spaceId, read) };
    },

    /** The bytes of the stored logo `name`, or null. */
    readLogo(name: string): Promise<Buffer | null> {
      return logos.read(name);
    },
  };

  async function storeLogo(spaceId: string, read: () => Promise<Buffer | null>): Promise<string> {
    const input = await read();
    const webp = input ? await toWebpFitting(input, LOGO_SIZE_PX) : null;
    if (!webp) throw validationFailed({ propertyPath: 'file', code: 'logo_invalid' });
    const url = await logos.save(webp);
    const previous = await repository.setLogo(spaceId, url, now());
    if (previous) await logos.remove(previous);
    return url;
  }
}
export type SpacesService = ReturnType<typeof createSpacesService>;
