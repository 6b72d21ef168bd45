/** `POST /security/reset-password {token, new_password}` (SPEC §7 "Authentication", §8 renew-password). */
import { authEndpoints, type ResetPasswordBody } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/**
 * Sets a new password from the link of the reset e-mail (204; the account's sessions are revoked). Rejects with 400
 * `error_token_renew` (unknown or used link), 410 `expired_token_renew` (older than one hour), 422 (violations on
 * `new_password`), 429.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await callEndpoint(authEndpoints.resetPassword, { body, redirectOnError: false });
}
