/** Authentication and the current user (SPEC §3 "Current user", §7 "Authentication", "Self"). */
import { z } from 'zod';
import type { Language, UserType } from './enums.js';

/** `POST /security/token/request`. */
export const tokenRequestBody = z.object({
  email: z.string({ error: 'email_required' }).trim().min(1, { error: 'email_required' }).max(254),
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(1024),
  _remember_me: z.boolean().optional().default(false),
});
export type TokenRequestBody = z.input<typeof tokenRequestBody>;

/** A space as the current user sees it. */
export interface SpaceSummary {
  '@id': string;
  ulid: string;
  name: string;
  /** URL of the logo, or null. */
  logo: string | null;
}

/** `GET /api/me`: every field of SPEC §3 "Current user". Dates are ISO 8601 with offset. */
export interface CurrentUser {
  '@id': string;
  ulid: string;
  firstname: string;
  lastname: string;
  email: string;
  lang: Language;
  timezone: string;
  mail_notification: boolean;
  user_type: UserType;
  role: string;
  color: string | null;
  disabled_at: string | null;
  last_invited_at: string | null;
  have_user_admin_space: boolean;
  have_user_dealer_space: boolean;
  have_user_pco_space: boolean;
  dealer: SpaceSummary | null;
  connected_on_dealer: SpaceSummary | null;
  pco: SpaceSummary | null;
  connected_on_pco: SpaceSummary | null;
}

/** Answer of a successful token request for `Client-Type: webapp`: the tokens travel in cookies only. */
export interface TokenAnswer {
  /** Present only for `Client-Type: mobile`. */
  token?: string;
  refresh_token?: string;
}
