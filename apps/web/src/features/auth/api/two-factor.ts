/**
 * The two-factor step of the login (SPEC §7 "Authentication", §8 "Two-factor"): `POST /security/token/2fa
 * {auth_code, trusted}` and `POST /security/token/2fa-resend`. Both are bound to the login attempt by an httpOnly
 * cookie set by the token request. Typed by their contracts without loading zod (the login route's budget).
 */
import type { authEndpoints, TwoFactorBody } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { reloadMe } from './get-me';

export const TWO_FACTOR_PATH = '/security/token/2fa' satisfies (typeof authEndpoints.verifyTwoFactor)['path'];
export const TWO_FACTOR_RESEND_PATH =
  '/security/token/2fa-resend' satisfies (typeof authEndpoints.resendTwoFactor)['path'];

/**
 * Sends the e-mailed code (`trusted`: remember this device for 180 days); on success the session cookies are set
 * and the current user is reloaded. Rejects with 400 `auth_code_invalid`, 401 `two_factor_expired` (the attempt
 * ended: log in again), 422 (violations on `auth_code`), 429 `too_many_requests`.
 */
export async function verifyTwoFactor(body: TwoFactorBody): Promise<void> {
  await callEndpoint<typeof authEndpoints.verifyTwoFactor>(
    { method: 'POST', path: TWO_FACTOR_PATH },
    { body, redirectOnError: false },
  );
  await reloadMe();
}

/** E-mails a new code (the previous one stops working). Rejects with 401 `two_factor_expired`, 429, or any failure. */
export async function resendTwoFactorCode(): Promise<void> {
  await callEndpoint<typeof authEndpoints.resendTwoFactor>(
    { method: 'POST', path: TWO_FACTOR_RESEND_PATH },
    { redirectOnError: false },
  );
}
