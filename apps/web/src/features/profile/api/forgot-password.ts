/**
 * `POST /security/forgot-password {email}` → 204, whether the address is known or not (SPEC §7 "Authentication");
 * 429 when asked too often. Offered by the e-mail and password modals of the profile (SPEC §2.6).
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Asks for a password reset link for `email`; rejects with an `ApiError`. */
export function forgotPassword(email: string): Promise<void> {
  return http.post<void>('/security/forgot-password', { email }, { redirectOnError: false });
}

/** The reset link request mutation. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
