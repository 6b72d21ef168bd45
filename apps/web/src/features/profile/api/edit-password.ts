/**
 * `POST /api/me/edit-password {current_password, new_password1, new_password2}` → 204 (SPEC §7 "Self"): the
 * account's other sessions are revoked. 422: `invalid_password` on `current_password`, `password_must_be` on
 * `new_password1`, `passwords_do_not_match` on `new_password2`.
 */
import { type EditPasswordBody, meEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Changes the current user's password; rejects with an `ApiError`. */
export function editPassword(body: EditPasswordBody): Promise<void> {
  return callEndpoint(meEndpoints.editPassword, { body, redirectOnError: false });
}

/** The password change mutation. */
export function useEditPassword() {
  return useMutation({ mutationFn: editPassword });
}
