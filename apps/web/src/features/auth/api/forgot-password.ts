/**
 * `POST /security/forgot-password {email}` (SPEC §7 "Authentication"; ARCHITECTURE §6: the same answer for any e-mail).
 * Typed by its contract without loading zod: the login route offers it.
 */
import type { authEndpoints, ForgotPasswordBody } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/**
 * Asks for a password-reset link (204 whether the account exists or not). Rejects with 422 (violations on `email`),
 * 429 `too_many_requests`, 400 `admin_and_client_user_already_exists_with_same_email`.
 */
export async function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  await callEndpoint<typeof authEndpoints.forgotPassword>(
    { method: 'POST', path: '/security/forgot-password' },
    { body, redirectOnError: false },
  );
}
