/**
 * Invitations as the API answers them (SPEC §7 "Invites, per type"): pending invitations, what an invitation link
 * shows the activation page, and where an activated person goes next. The request schemas are in `identity.ts`.
 */
import { z } from 'zod';
import { adminSpaceSummary, dealerSpaceSummary, pcoSpaceSummary } from './auth.js';
import type { INVITATION_TTL_DAYS } from './constants.js';
import { USER_TYPES } from './enums.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';
import { ROLES } from './roles.js';

/**
 * A pending invitation (`/api/invite_pcos/{ulid}`, `/api/invite_dealers/{ulid}`, `/api/invite_admins/{ulid}`):
 * `ulid` is the invited membership's ULID (the same as in the users list), which `resend/{id}`, `DELETE` and `role`
 * take.
 */
export const pendingInvite = z
  .object({
    ...jsonLdKeys('Invite'),
    ulid: z.string().describe('ULID of the invited membership'),
    email: z.string(),
    role: z.enum(ROLES),
    last_invited_at: isoDateTime,
    expires_at: isoDateTime,
  })
  .meta({ id: 'PendingInvite' });
export type PendingInvite = z.output<typeof pendingInvite>;

/** `GET {invites}?page&email`: the pending invitations of the actor's space, the last invited first. */
export const pendingInviteCollection = hydraCollectionOf(pendingInvite).meta({ id: 'PendingInviteCollection' });
export type PendingInviteCollection = z.output<typeof pendingInviteCollection>;

/** `POST {invites}/send` (201): the invitations created, in the order sent. */
export const inviteSendAnswer = z.object({ invites: z.array(pendingInvite) }).meta({ id: 'InviteSendAnswer' });
export type InviteSendAnswer = z.output<typeof inviteSendAnswer>;

/**
 * `GET /api/invite_pcos/get-pco/{token}` (and `get-admin`, `get-dealer`): what the activation page shows; `@id` is
 * the look-up's own path. The space is under the key of the type (`pco`, `dealer` or `admin`). Errors: 404
 * `invalid_invite_token`, 410 `expire_invite_token` (after {@link INVITATION_TTL_DAYS} days).
 */
export const inviteLookup = z
  .object({
    ...jsonLdKeys('InviteLookup'),
    email: z.string(),
    role: z.enum(ROLES),
    user_type: z.enum(USER_TYPES),
    user_exist: z
      .boolean()
      .describe('The account already has a password: the page offers `join-space` instead of `new-user`'),
    firstname: z.string(),
    lastname: z.string(),
    admin: adminSpaceSummary.optional(),
    dealer: dealerSpaceSummary.optional(),
    pco: pcoSpaceSummary.optional(),
  })
  .meta({ id: 'InviteLookup' });
export type InviteLookup = z.output<typeof inviteLookup>;

/** Answer of `new-user` and `join-space`: where the activated person goes next (technicians: `/download-app`). */
export const activationResult = z
  .object({ user_type: z.enum(USER_TYPES), role: z.enum(ROLES), email: z.string() })
  .meta({ id: 'ActivationResult' });
export type ActivationResult = z.output<typeof activationResult>;
