/** `POST /security/reset-password {token, new_password}` (SPEC §7 "Authentication", §8 renew-password). */
import type { ResetPasswordBody } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';

/**
 * Sets a new password from the link of the reset e-mail (204; the account's sessions are revoked). Rejects with 400
 * `error_token_renew` (unknown or used link), 410 `expired_token_renew` (older than one hour), 422 (violations on
 * `new_password`), 429.
 */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await http.post<unknown>('/security/reset-password', body, { redirectOnError: false });
}
