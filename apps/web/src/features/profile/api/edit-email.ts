/**
 * `PUT /api/me/edit-email {new_email, password}` → 204 (SPEC §7 "Self", §4 "Profile"): a validation link is e-mailed
 * to the new address; the address changes only once it is opened. 422: `invalid_password` on `password`,
 * `email_already_exist` / `email_invalid` on `new_email`.
 */
import { type EditEmailBody, meEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Asks for an e-mail change; rejects with an `ApiError`. */
export function editEmail(body: EditEmailBody): Promise<void> {
  return callEndpoint(meEndpoints.editEmail, { body, redirectOnError: false });
}

/** The e-mail change mutation. */
export function useEditEmail() {
  return useMutation({ mutationFn: editEmail });
}
