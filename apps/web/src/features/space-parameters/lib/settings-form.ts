/**
 * The space settings form model (SPEC §2.7 "Space settings", §5 "PCO or dealer space") on the contract's own rules
 * (`spaceParametersInput`): the values typed, the request body of `PUT /api/space_parameters`, and the mapping of a
 * 422 answer's violations onto the form's fields.
 */

import { type SpaceParameters, type SpaceParametersInput, spaceParametersInput } from '@isoptera/contracts';
import type { z } from 'zod';
import { type MappedViolations, mapViolations } from '../../../shared/forms/violations';
import { type AddressFormValues, addressValues } from '../../../shared/ui/address-fields';

/** The values typed in the form (every text as typed, coordinates as text, '' for none). */
export interface SettingsFormValues {
  name: string;
  address: AddressFormValues;
  referral_reseller: string;
}

/** The form values of the stored settings. */
export function settingsValues(settings: SpaceParameters): SettingsFormValues {
  return {
    name: settings.name,
    address: addressValues(settings.address),
    referral_reseller: settings.referral_reseller ?? '',
  };
}

/** The contract schema, typed for the form resolver (errors are the contract's codes, e.g. `name_required`). */
export const settingsFormSchema = spaceParametersInput as unknown as z.ZodType<unknown, SettingsFormValues>;

/** The body of `PUT /api/space_parameters`: the checked values (trimmed; an empty referral reseller is null). */
export function settingsBody(values: SettingsFormValues): SpaceParametersInput {
  return spaceParametersInput.parse(values);
}

const FORM_FIELDS = new Set([
  'name',
  'referral_reseller',
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
export function settingsViolations(error: unknown): MappedViolations | null {
  return mapViolations(error, FORM_FIELDS, { aliases: { address: 'address.label' } });
}
