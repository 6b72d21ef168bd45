/**
 * The dealer / PCO form model (SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer space") on the contract's
 * own rules (`dealerInput`, `dealerUpdate`, `pcoInput`, `pcoUpdate`): one set of values for every variant, the schema
 * of a variant, the request body, and the mapping of a 422 answer's violations onto fields.
 */

import {
  type DealerInput,
  type DealerUpdate,
  dealerInput,
  dealerUpdate,
  type ManagedSpace,
  type PcoInput,
  type PcoUpdate,
  pcoInput,
  pcoUpdate,
  reference,
} from '@isoptera/contracts';
import type { z } from 'zod';
import { type MappedViolations, mapViolations } from '../../../shared/forms/violations';
import type { SpaceKind } from './space-kind';

/** The values typed in the form (every text as typed; coordinates as text). */
export interface SpaceFormValues {
  name: string;
  address: {
    label: string;
    street: string;
    postal_code: string;
    city: string;
    country: string;
    latitude: string;
    longitude: string;
  };
  owner_email: string;
  erp_client_id: string;
  erp_order_id: string;
  /** IRI of the dealer (`/api/dealers/{ulid}`), '' for none. */
  dealer: string;
}

/** The body of a save, as built by {@link spaceBody} from the contract's own schema of its variant. */
export type SpaceBody = DealerInput | DealerUpdate | PcoInput | PcoUpdate;

export interface SpaceFormVariant {
  kind: SpaceKind;
  mode: 'create' | 'edit';
  /** Admin creating or editing a PCO: the dealer is chosen in the form and required. */
  withDealer: boolean;
}

/** Empty values of a new space. */
export function emptySpaceValues(): SpaceFormValues {
  return {
    name: '',
    address: { label: '', street: '', postal_code: '', city: '', country: '', latitude: '', longitude: '' },
    owner_email: '',
    erp_client_id: '',
    erp_order_id: '',
    dealer: '',
  };
}

/** The form values of an existing space. */
export function spaceValues(space: ManagedSpace): SpaceFormValues {
  const a = space.address;
  return {
    name: space.name,
    address: {
      label: a?.label ?? '',
      street: a?.street ?? '',
      postal_code: a?.postal_code ?? '',
      city: a?.city ?? '',
      country: a?.country ?? '',
      latitude: a?.latitude ?? '',
      longitude: a?.longitude ?? '',
    },
    owner_email: space.owner_email ?? '',
    erp_client_id: space.erp_client_id ?? '',
    erp_order_id: space.erp_order_id ?? '',
    dealer: space.dealer?.['@id'] ?? '',
  };
}

/** The contract schema of a variant; an admin's PCO form requires its dealer. */
export function spaceFormSchema({ kind, mode, withDealer }: SpaceFormVariant): z.ZodType<unknown, SpaceFormValues> {
  if (kind === 'dealer') {
    return (mode === 'create' ? dealerInput : dealerUpdate) as unknown as z.ZodType<unknown, SpaceFormValues>;
  }
  const base = mode === 'create' ? pcoInput : pcoUpdate;
  const schema = withDealer
    ? base.extend({ dealer: reference(['dealers'], 'dealer_invalid', 'dealer_required') })
    : base.omit({ dealer: true });
  return schema as unknown as z.ZodType<unknown, SpaceFormValues>;
}

/**
 * The body of `POST|PUT /api/dealers|/api/pcos` from the checked values: `owner_email` on create only; PCO only:
 * `erp_order_id`, and `dealer` as an IRI when the admin chose it (a dealer actor's own dealer is used by the server).
 */
export function spaceBody(values: SpaceFormValues, variant: SpaceFormVariant): SpaceBody {
  const parsed = (spaceFormSchema(variant) as z.ZodType).parse(values) as Record<string, unknown>;
  const body: Record<string, unknown> = { ...parsed };
  if (variant.mode === 'edit') delete body.owner_email;
  if (variant.kind === 'dealer') {
    delete body.erp_order_id;
    delete body.dealer;
  } else if (variant.withDealer && typeof parsed.dealer === 'string') {
    body.dealer = `/api/dealers/${parsed.dealer}`;
  } else {
    delete body.dealer;
  }
  // the values passed the variant's own contract schema: this is its body
  return body as unknown as SpaceBody;
}

const FORM_FIELDS = new Set([
  'name',
  'owner_email',
  'erp_client_id',
  'erp_order_id',
  'dealer',
  'address.label',
  'address.street',
  'address.postal_code',
  'address.city',
  'address.country',
  'address.latitude',
  'address.longitude',
]);

/**
 * The violations of a failed save as `[field, code]` pairs of this form, first one per field (`address` alone goes to
 * the address label); `other` holds the codes of properties the form does not show. Null unless a 422 with violations.
 */
export function spaceViolations(error: unknown): MappedViolations | null {
  return mapViolations(error, FORM_FIELDS, { aliases: { address: 'address.label' } });
}
