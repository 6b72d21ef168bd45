/**
 * Spaces (issue 4): dealer and PCO management (SPEC §1, §2.7 "Dealer and PCO management", §3 "PCO / dealer", §5
 * "PCO or dealer space"), space settings (§2.7 "Space settings"), substitution and space change (§4, §7 "Users",
 * "Self"). Paths follow the style of SPEC §7: `/api/dealers`, `/api/pcos`, `/api/space_parameters`.
 */
import { z } from 'zod';
import { addressInput, addressValue, reference } from './common.js';
import { USER_TYPES, type UserType } from './enums.js';
import { isoDateTime, jsonLdKeys } from './jsonld.js';
import { emailAddress, optionalText, requiredText } from './rules.js';

/** `GET /api/dealers|/api/pcos?page&search`: `search` on the name (case- and accent-insensitive). 30 a page. */
export const spaceListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  search: z.string().trim().max(255).optional(),
});
export type SpaceListQuery = z.input<typeof spaceListQuery>;

/** A dealer or a PCO of `kind` as the management lists and forms see it (JSON-LD class `type`). */
function managedSpaceOf<const K extends 'dealer' | 'pco', const T extends string>(kind: K, type: T) {
  return z.object({
    ...jsonLdKeys(type),
    ulid: z.string(),
    type: z.literal(kind),
    name: z.string(),
    address: addressValue.nullable(),
    logo: z.string().nullable().describe('URL of the logo, or null'),
    owner_email: z
      .string()
      .nullable()
      .describe('E-mail of the owner (active, or invited while the invitation is pending)'),
    owner_invited: z.boolean().describe('The owner has not activated the invitation yet'),
    erp_client_id: z.string().nullable(),
    erp_order_id: z.string().nullable().describe('PCO only'),
    dealer: z
      .object({ ...jsonLdKeys('Dealer'), ulid: z.string(), name: z.string() })
      .nullable()
      .describe('PCO only: its dealer'),
    last_login_at: isoDateTime.nullable().describe('Last login of any member of the space, or null'),
    created_at: isoDateTime,
  });
}
/** A dealer (`/api/dealers/{ulid}`). */
export const managedDealer = managedSpaceOf('dealer', 'Dealer').meta({ id: 'ManagedDealer' });
/** A PCO (`/api/pcos/{ulid}`) with its dealer. */
export const managedPco = managedSpaceOf('pco', 'Pco').meta({ id: 'ManagedPco' });
/** A dealer or a PCO as the management lists and forms see it. Dates ISO 8601 with offset. */
export type ManagedSpace = z.output<typeof managedDealer> | z.output<typeof managedPco>;
/** A managed space of one kind: `ManagedSpaceOf<'pco'>`. */
export type ManagedSpaceOf<K extends ManagedSpace['type']> = Extract<ManagedSpace, { type: K }>;

/**
 * `POST /api/dealers` (201 ManagedSpace): creates the dealer and invites its owner (`owner_email`, role
 * ROLE_DEALER_SPACE_OWNER; the invitation mail goes out). `PUT /api/dealers/{ulid}` takes the same body without
 * `owner_email` (200). The logo is uploaded after creation: `POST /api/dealers/{ulid}/logo` (multipart `file`,
 * JPEG/PNG/WebP by content, ≤ {@link LOGO_MAX_BYTES}; 422 `logo_invalid`); the form requires one (SPEC §5).
 */
export const dealerInput = z.object({
  name: requiredText('name_required', 255),
  address: addressInput,
  owner_email: emailAddress,
  erp_client_id: optionalText('erp_client_id_invalid', 100),
});
export type DealerInput = z.input<typeof dealerInput>;
export const dealerUpdate = dealerInput.omit({ owner_email: true });
export type DealerUpdate = z.input<typeof dealerUpdate>;

/**
 * `POST /api/pcos` (201) / `PUT /api/pcos/{ulid}` (200, without `owner_email`): `dealer` is the IRI of its dealer
 * (`/api/dealers/{ulid}`), required for an admin; a dealer actor's own dealer is used whatever is sent.
 */
export const pcoInput = dealerInput.extend({
  erp_order_id: optionalText('erp_order_id_invalid', 100),
  dealer: reference(['dealers'], 'dealer_invalid', 'dealer_required').optional(),
});
export type PcoInput = z.input<typeof pcoInput>;
export const pcoUpdate = pcoInput.omit({ owner_email: true });
export type PcoUpdate = z.input<typeof pcoUpdate>;

/** Logos: ≤ 5 MB, checked by content, resized to fit this square (pixels), stored as WebP. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_SIZE_PX = 512;

// ─── Space settings (`/space-parameters`: dealer owner, PCO owner, anyone on substitution) ─────────────────────

/** `GET /api/space_parameters`: the actor's current (possibly substituted) space. */
export const spaceParametersResource = z
  .object({
    ...jsonLdKeys('SpaceParameters'),
    ulid: z.string().describe('ULID of the space'),
    type: z.enum(USER_TYPES),
    name: z.string(),
    address: addressValue.nullable(),
    logo: z.string().nullable().describe('URL of the logo, or null'),
    referral_reseller: z.string().nullable(),
    transfer_candidates: z
      .array(
        z.object({
          ...jsonLdKeys('User'),
          ulid: z.string().describe('ULID of the membership'),
          firstname: z.string(),
          lastname: z.string(),
          email: z.string(),
        }),
      )
      .describe('Active members who could take ownership (account transfer), the owner excluded'),
  })
  .meta({ id: 'SpaceParameters' });
export type SpaceParameters = z.output<typeof spaceParametersResource>;

/** `POST /api/space_parameters/logo`: the URL of the stored logo. */
export const spaceLogoAnswer = z
  .object({ logo: z.string().describe('URL of the logo (`/api/logos/{file}`)') })
  .meta({ id: 'SpaceLogo' });

/** `PUT /api/space_parameters` (200 SpaceParameters). Logo: `POST /api/space_parameters/logo`. */
export const spaceParametersInput = z.object({
  name: requiredText('name_required', 255),
  address: addressInput,
  referral_reseller: optionalText('referral_reseller_invalid', 255),
});
export type SpaceParametersInput = z.input<typeof spaceParametersInput>;

/**
 * `POST /api/space_parameters/transfer {new_owner}` (204): hands ownership to another active member (membership ULID);
 * the current owner becomes manager (PCO) or user (dealer). 422 `new_owner_invalid`.
 */
export const accountTransferInput = z.object({
  new_owner: z.string({ error: 'new_owner_required' }).min(1, { error: 'new_owner_required' }),
});

/**
 * `POST /api/space_parameters/delete {confirmation}` (204): `confirmation` must equal the space's name
 * (`confirmation_invalid`). The space is closed at once (members lose access, sessions end); its data is purged
 * after {@link SPACE_RETENTION_DAYS} by a job.
 */
export const spaceDeleteInput = z.object({
  confirmation: z.string({ error: 'confirmation_invalid' }).min(1, { error: 'confirmation_invalid' }),
});
export const SPACE_RETENTION_DAYS = 90;

/** An item of `GET /api/space_parameters/audit?page`: a change made in the space under substitution. */
export const auditEventResource = z
  .object({
    ...jsonLdKeys('AuditEvent'),
    ulid: z.string(),
    actor: z.string().describe('Who really acted: `First Last <e-mail>`'),
    actor_type: z
      .enum(USER_TYPES)
      .nullable()
      .describe("The space type of the account's own membership that acted (admin or dealer), when known"),
    action: z.string().describe('`METHOD /route/pattern`, e.g. `PUT /api/clients/:ulid`'),
    entity_type: z
      .string()
      .nullable()
      .describe('The first path segment after `/api/` (`clients`, `client_contacts`, `space_parameters` …)'),
    entity_id: z
      .string()
      .nullable()
      .describe('The record changed (route parameter), or the one a creation answered; null when none'),
    changes: z.unknown().describe('The request body, secrets removed'),
    created_at: isoDateTime,
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.output<typeof auditEventResource>;

// ─── Substitution and space change (SPEC §4, §7) ─────────────────────────────────────────────────────────────

/** `POST /api/user_admins/connect-on-pco` and `/api/user_dealers/connect-on-pco` (204). 404 `connected_on_pco_not_found`. */
export const connectOnPcoInput = z.object({
  connected_on_pco_ulid: z.string({ error: 'connected_on_pco_not_found' }).min(1),
});
/** `POST /api/user_admins/connect-on-dealer` (204). 404 `connected_on_dealer_not_found`. */
export const connectOnDealerInput = z.object({
  connected_on_dealer_ulid: z.string({ error: 'connected_on_dealer_not_found' }).min(1),
});
// `POST {users}/disconnect-on-pco` / `disconnect-on-dealer` (204): back to one's own space at once.

/** `PUT /api/me/change-space {space}` (204): 'admin' | 'dealer' | 'pco' — one of the account's active memberships. */
export const changeSpaceInput = z.object({
  space: z
    .string({ error: 'space_required' })
    .min(1, { error: 'space_required', abort: true })
    .refine((v): v is UserType => ['admin', 'dealer', 'pco'].includes(v), { error: 'invalid_space' }),
});
