/** Authentication and the current user (SPEC §3 "Current user", §7 "Authentication", "Self"). */
import { z } from 'zod';
import { LANGUAGES, USER_TYPES } from './enums.js';
import { isoDateTime, jsonLdKeys } from './jsonld.js';

/** `POST /security/token/request`. */
export const tokenRequestBody = z.object({
  email: z.string({ error: 'email_required' }).trim().min(1, { error: 'email_required' }).max(254),
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(1024),
  _remember_me: z.boolean().optional().default(false),
});
export type TokenRequestBody = z.input<typeof tokenRequestBody>;

/** `POST /security/token/refresh`: the refresh token in the body (mobile), else the refresh cookie is read. */
export const refreshTokenBody = z.object({ refresh_token: z.string().optional() }).nullish();
export type RefreshTokenBody = z.input<typeof refreshTokenBody>;

/**
 * Answer of a sign-in (`POST /security/token/request`, `/2fa`) and of a refresh: `{}` for `Client-Type: webapp` (the
 * tokens travel in httpOnly cookies only), `{token, refresh_token}` for `Client-Type: mobile`. Plain JSON.
 */
export const tokenAnswer = z
  .object({
    token: z.string().optional().describe('Access token (JWT); `Client-Type: mobile` only'),
    refresh_token: z.string().optional().describe('Refresh token; `Client-Type: mobile` only'),
  })
  .meta({ id: 'TokenAnswer' });
export type TokenAnswer = z.output<typeof tokenAnswer>;

/**
 * Answer of `POST /security/token/request` when the member's space type is in `TWO_FACTOR_SPACES` and the browser
 * holds no valid trusted-device cookie: no session yet; a 6-digit code was e-mailed and the login attempt is bound
 * to the browser by an httpOnly cookie. Otherwise the answer is a {@link TokenAnswer} with the session cookies.
 */
export const twoFactorRequired = z
  .object({
    two_factor: z.literal(true),
    email: z.string().describe('The e-mail the code was sent to (the `/2fa` route’s default e-mail)'),
  })
  .meta({ id: 'TwoFactorRequired' });
export type TwoFactorRequired = z.output<typeof twoFactorRequired>;

/** The answer of `POST /security/token/request`: the two-factor step, or the session (checked in this order). */
export const tokenRequestAnswer = z.union([twoFactorRequired, tokenAnswer]).meta({ id: 'TokenRequestAnswer' });
export type TokenRequestAnswer = z.output<typeof tokenRequestAnswer>;

const spaceSummaryFields = {
  ulid: z.string(),
  name: z.string(),
  logo: z.string().nullable().describe('URL of the logo, or null'),
};

/** A PCO space as the current user and the activation page see it: `@id` `/api/pcos/{ulid}`. */
export const pcoSpaceSummary = z
  .object({ ...jsonLdKeys('Pco'), ...spaceSummaryFields })
  .meta({ id: 'PcoSpaceSummary' });
/** A dealer space as the current user and the activation page see it: `@id` `/api/dealers/{ulid}`. */
export const dealerSpaceSummary = z
  .object({ ...jsonLdKeys('Dealer'), ...spaceSummaryFields })
  .meta({ id: 'DealerSpaceSummary' });
/** The admin space as the activation page sees it: `@id` `/api/admins/{ulid}`. */
export const adminSpaceSummary = z
  .object({ ...jsonLdKeys('Admin'), ...spaceSummaryFields })
  .meta({ id: 'AdminSpaceSummary' });
/** A space as the current user sees it (a PCO or a dealer). */
export type SpaceSummary = z.output<typeof pcoSpaceSummary> | z.output<typeof dealerSpaceSummary>;

/** The IRI of the current user: `GET /api/me` answers it as its `@id`. */
export const CURRENT_USER_IRI = '/api/me';

/**
 * `GET /api/me`: every field of SPEC §3 "Current user" for the actor's membership. `ulid` is the membership's ULID;
 * `user_type` and `role` are the effective ones (those of the substituted space during substitution, SPEC §1);
 * `dealer` is the member's own dealer (a dealer member's space, a PCO member's dealer), `pco` a PCO member's own
 * space, `connected_on_*` the space entered by substitution. Dates are ISO 8601 with offset.
 */
export const currentUser = z
  .object({
    '@context': z.string().optional().describe('IRI of the JSON-LD context'),
    '@id': z.literal(CURRENT_USER_IRI),
    '@type': z.literal('CurrentUser'),
    ulid: z.string().describe('ULID of the membership'),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    lang: z.enum(LANGUAGES),
    timezone: z.string().describe('IANA time zone'),
    mail_notification: z.boolean(),
    user_type: z.enum(USER_TYPES),
    role: z.string(),
    color: z.string().nullable(),
    disabled_at: isoDateTime.nullable(),
    last_invited_at: isoDateTime.nullable(),
    have_user_admin_space: z.boolean(),
    have_user_dealer_space: z.boolean(),
    have_user_pco_space: z.boolean(),
    space_names: z
      .object({ admin: z.string().nullable(), dealer: z.string().nullable(), pco: z.string().nullable() })
      .describe(
        'The name of the space of each type the account holds an active membership of (null: none), as the space ' +
          'selector shows them (SPEC §2.3)',
      ),
    dealer: dealerSpaceSummary.nullable(),
    connected_on_dealer: dealerSpaceSummary.nullable(),
    pco: pcoSpaceSummary.nullable(),
    connected_on_pco: pcoSpaceSummary.nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.output<typeof currentUser>;
