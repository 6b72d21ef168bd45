/**
 * Identity: two-factor sign-in, password flows, the self-service calls of "my profile", the users and invitations of
 * a space (SPEC §2.1, §2.6, §4 "User lifecycle" and "Profile", §5, §7 "Authentication", "Self", "Users", "Invites",
 * §8). Every schema here validates the request on the server and the matching form in the web app; messages are
 * violation codes (`errors.<code>`).
 */
import { z } from 'zod';
import { LANGUAGES, type Language, USER_STATUSES, type UserType } from './enums.js';
import { ROLES, ROLES_BY_USER_TYPE, type Role } from './roles.js';
import { emailAddress, isStrongPassword, optionalText, personName } from './rules.js';

/** A new password: required (`new_password_required`) and strong (`password_must_be`, SPEC §5). */
export const newPassword = z
  .string({ error: 'new_password_required' })
  .min(1, { error: 'new_password_required', abort: true })
  .max(1024, { error: 'password_must_be' })
  .refine(isStrongPassword, { error: 'password_must_be' });

/** An IANA time zone known to this runtime (`timezone_required`, `timezone_not_accepted`). */
export const timeZoneName = z
  .string({ error: 'timezone_required' })
  .trim()
  .min(1, { error: 'timezone_required', abort: true })
  .refine((v) => supportedTimeZones().includes(v), { error: 'timezone_not_accepted' });

/** The IANA zones offered by `GET /api/timezones` and accepted by `edit-timezone`: `Intl.supportedValuesOf` + UTC. */
export function supportedTimeZones(): readonly string[] {
  cachedZones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return cachedZones;
}
let cachedZones: readonly string[] | undefined;

// ─── Authentication (SPEC §7) ────────────────────────────────────────────────────────────────────────────────

/** `POST /security/token/2fa`: the e-mailed code; `trusted` = 'remember this device' (180 days). */
export const twoFactorBody = z.object({
  auth_code: z
    .string({ error: 'auth_code_required' })
    .trim()
    .min(1, { error: 'auth_code_required', abort: true })
    .regex(/^\d{6}$/, { error: 'auth_code_invalid' }),
  trusted: z.boolean().optional().default(false),
});
export type TwoFactorBody = z.input<typeof twoFactorBody>;

/** `POST /security/forgot-password`: always 204, whether the e-mail is known or not. */
export const forgotPasswordBody = z.object({ email: emailAddress });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** `POST /security/reset-password` (204). Errors: 400 `error_token_renew`, 410 `expired_token_renew`, 422. */
export const resetPasswordBody = z.object({
  token: z.string({ error: 'token_required' }).min(1, { error: 'token_required' }).max(200),
  new_password: newPassword,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** `POST /security/validate-password` (204, or 422 `password_must_be` on `new_password`). */
export const validatePasswordBody = z.object({ new_password: newPassword });
export type ValidatePasswordBody = z.input<typeof validatePasswordBody>;

// ─── Self (SPEC §7 "Self") ───────────────────────────────────────────────────────────────────────────────────

/** `PUT /api/me/edit-name` (204). */
export const editNameBody = z.object({ firstname: personName('firstname'), lastname: personName('lastname') });
export type EditNameBody = z.input<typeof editNameBody>;

/**
 * `PUT /api/me/edit-email` (204): sends a validation link to `new_email`; the address changes only once the link
 * is used. Errors: 422 `invalid_password` on `password`, `email_already_exist` on `new_email`.
 */
export const editEmailBody = z.object({
  new_email: emailAddress,
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(1024),
});
export type EditEmailBody = z.input<typeof editEmailBody>;

const currentPassword = z
  .string({ error: 'current_password_required' })
  .min(1, { error: 'current_password_required' })
  .max(1024);

/**
 * `POST /api/me/edit-password` (204): both new fields must match (`passwords_do_not_match` on `new_password2`).
 * Errors: 422 `invalid_password` on `current_password`. Every other session of the account is revoked.
 */
export const editPasswordBody = z
  .object({ current_password: currentPassword, new_password1: newPassword, new_password2: z.string() })
  .refine((v) => v.new_password1 === v.new_password2, {
    error: 'passwords_do_not_match',
    path: ['new_password2'],
  });
export type EditPasswordBody = z.input<typeof editPasswordBody>;

/** `PUT /api/me/edit-password` (204): the variant without confirmation. */
export const editPasswordPutBody = z.object({ current_password: currentPassword, new_password: newPassword });
export type EditPasswordPutBody = z.input<typeof editPasswordPutBody>;

/** `PUT /api/me/edit-language` (204). */
export const editLanguageBody = z.object({
  language: z
    .string({ error: 'language_required' })
    .min(1, { error: 'language_required', abort: true })
    .refine((v): v is Language => (LANGUAGES as readonly string[]).includes(v), { error: 'language_not_accepted' }),
});
export type EditLanguageBody = z.input<typeof editLanguageBody>;

/** `PUT /api/me/edit-timezone` (204). */
export const editTimezoneBody = z.object({ timezone: timeZoneName });
export type EditTimezoneBody = z.input<typeof editTimezoneBody>;

/** `GET /api/timezones`: `{'hydra:member': ['Africa/Abidjan', …], 'hydra:totalItems': n}` (plain values, sorted). */
export const timezoneList = z
  .object({
    'hydra:member': z.array(z.string().describe('IANA time zone')),
    'hydra:totalItems': z.number().int().min(0),
  })
  .meta({ id: 'TimezoneList' });
export type TimezoneList = z.output<typeof timezoneList>;

/** `PUT /api/me/validate-email/{token}` (204; public: the token is the credential). Errors: 400 `invalid_email_token`, 410 `expired_email_token`, 409 `email_already_exist`. */

// ─── Users of a space (SPEC §7 "Users, per type") ────────────────────────────────────────────────────────────

/**
 * The rank of each role inside its space type (higher = more rights). An actor may grant a role of its own type
 * whose rank is at most its own, never an owner role (ownership moves by account transfer) — see
 * {@link grantableRoles}.
 */
export const ROLE_RANK: Record<Role, number> = {
  ROLE_ADMIN_SPACE_SUPER_ADMIN: 3,
  ROLE_ADMIN_SPACE_ADMIN: 2,
  ROLE_ADMIN_SPACE_USER: 1,
  ROLE_DEALER_SPACE_OWNER: 3,
  ROLE_DEALER_SPACE_USER: 2,
  ROLE_PCO_SPACE_OWNER: 4,
  ROLE_PCO_SPACE_MANAGER: 3,
  ROLE_PCO_SPACE_TECHNICIAN: 2,
  ROLE_PCO_SPACE_USER: 1,
};
const OWNER_ROLES: readonly Role[] = ['ROLE_DEALER_SPACE_OWNER', 'ROLE_PCO_SPACE_OWNER'];

/**
 * The roles a member of `userType` holding `role` may grant by invitation or role change (SPEC §6 "Invitable roles
 * are restricted"): roles of the same type ranked at most as high as its own, owner roles excluded. Any other role
 * is `chosen_role_not_allowed`.
 */
export function grantableRoles(userType: UserType, role: string): Role[] {
  const own = ROLE_RANK[role as Role];
  if (own === undefined || !ROLES_BY_USER_TYPE[userType].includes(role as Role)) return [];
  return ROLES_BY_USER_TYPE[userType].filter((r) => ROLE_RANK[r] <= own && !OWNER_ROLES.includes(r));
}

/**
 * `GET {users}?page&search&role&status`: the members of the actor's space, invited ones included (SPEC §4
 * grouping order: disabled first by `disabled_at` desc, then invited by `last_invited_at` desc, then active by last
 * name, first name). `search` matches first name, last name or e-mail; `status` picks one segment.
 */
export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  search: z.string().trim().max(255).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;

/** The longest applicator licence number, in characters. */
export const LICENCE_NUMBER_MAX = 50;

/**
 * A member's pesticide applicator licence number (issue 12; docs/decisions/010: snapshotted into the reports they
 * take part in): trimmed, at most {@link LICENCE_NUMBER_MAX} characters (`licence_number_invalid`); empty, null or
 * absent means none (`PUT` replaces every field, so its merge patch clears it with `null` as RFC 7396 says).
 */
export const licenceNumber = optionalText('licence_number_invalid', LICENCE_NUMBER_MAX);

/**
 * `PUT {users}/{ulid}` (200 {@link SpaceUser}): an owner edits a member. The password is changed only when
 * `new_password1` is given (both fields equal). A changed e-mail applies at once (the owner vouches for it);
 * `email_already_exist` when another account uses it. The e-mail and password of an account that also belongs to
 * another space are left to its holder: changing them answers 409 `account_shared_with_other_space`.
 * `licence_number` (the member's applicator licence, issue 12): null, empty or left out clears it.
 */
export const userEditBody = z
  .object({
    firstname: personName('firstname'),
    lastname: personName('lastname'),
    email: emailAddress,
    lang: z.enum(LANGUAGES, { error: 'language_not_accepted' }),
    timezone: timeZoneName,
    licence_number: licenceNumber,
    new_password1: newPassword.optional(),
    new_password2: z.string().optional(),
  })
  .refine((v) => !v.new_password1 || v.new_password1 === v.new_password2, {
    error: 'passwords_do_not_match',
    path: ['new_password2'],
  });
export type UserEditBody = z.input<typeof userEditBody>;

/** `POST {users}/{ulid}/avatar`: multipart field `file`, JPEG, PNG or WebP checked by content, ≤ 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Stored avatars are resized to fit this square, in pixels (WebP). */
export const AVATAR_SIZE_PX = 256;

/** One site to hand to another referent technician before a role change, disable or delete. */
export const referentReassignment = z.object({
  /** Site ULID. */
  site: z.string().min(1, { error: 'site_required' }),
  /** Membership ULID of the new referent: an active member of the same PCO, other than the one leaving. */
  referent: z.string({ error: 'referent_required' }).min(1, { error: 'referent_required' }),
});

export const referentSitesBody = z.object({ assignments: z.array(referentReassignment).max(10_000) });
export type ReferentSitesBody = z.input<typeof referentSitesBody>;

/**
 * `PUT {users}/{ulid}/role {new_role}`. Errors: 400 `no_change_your_role` (own ulid), 422 `chosen_role_not_allowed`,
 * 422 `role_required`. When the member is still the referent of sites the role is NOT changed and the answer is
 * 200 `{nb_referent_site}`: the UI reassigns them, then repeats the call, which answers 204. The invited-user path
 * `PUT {invites}/{ulid}/role` takes the same body and always answers 204.
 */
export const roleChangeBody = z.object({
  new_role: z
    .string({ error: 'role_required' })
    .min(1, { error: 'role_required', abort: true })
    .refine((v): v is Role => (ROLES as readonly string[]).includes(v), { error: 'role_invalid' }),
});
export type RoleChangeBody = z.input<typeof roleChangeBody>;

// `PUT {users}/{ulid}/enable`, `/disable` (204), `DELETE {users}/{ulid}` (204): disable and delete answer
// 409 `user_is_referent` with `nb_referent_site` while the member is the referent of sites, 400 `no_change_your_role`
// on oneself. Disabling revokes the member's sessions.

// ─── Invitations (SPEC §7 "Invites, per type") ───────────────────────────────────────────────────────────────

/**
 * `POST {invites}/send {invites}` (201 `{invites: PendingInvite[]}`). Violations (422) on `invites.{i}.email`:
 * `email_invalid`, `email_entered_several_times`, `email_already_exist` (already a member of this space, or holds a
 * membership of this space type elsewhere); on `invites.{i}.role`: `chosen_role_not_allowed`, `role_required`.
 */
export const inviteSendBody = z.object({
  invites: z
    .array(
      z.object({
        email: emailAddress,
        role: z
          .string({ error: 'role_required' })
          .min(1, { error: 'role_required', abort: true })
          .refine((v): v is Role => (ROLES as readonly string[]).includes(v), { error: 'role_invalid' }),
        lang: z.enum(LANGUAGES).optional(),
      }),
      { error: 'invites_required' },
    )
    .min(1, { error: 'invites_required' })
    .max(50, { error: 'invites_required' }),
});
export type InviteSendBody = z.input<typeof inviteSendBody>;

/**
 * `GET {invites}?page&itemsPerPage&email` (`HydraCollection<PendingInvite>`, the last invited first): `email` keeps
 * the invitations whose address contains it, case-insensitively.
 */
export const inviteListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
  email: z.string().trim().max(254).optional(),
});
export type InviteListQuery = z.input<typeof inviteListQuery>;

/** `POST {invites}/new-user/{token}` (200 {@link ActivationResult}): a new account sets its name, password, zone. */
export const newUserBody = z.object({
  firstname: personName('firstname'),
  lastname: personName('lastname'),
  new_password: newPassword,
  timezone: timeZoneName,
});
export type NewUserBody = z.input<typeof newUserBody>;
