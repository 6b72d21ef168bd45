/**
 * `POST /security/forgot-password {email}` → 204, whether the address is known or not (SPEC §7 "Authentication");
 * 429 when asked too often. Offered by the e-mail and password modals of the profile (SPEC §2.6).
 */
import { authEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Asks for a password reset link for `email`; rejects with an `ApiError`. */
export function forgotPassword(email: string): Promise<void> {
  return callEndpoint(authEndpoints.forgotPassword, { body: { email }, redirectOnError: false });
}

/** The reset link request mutation. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
