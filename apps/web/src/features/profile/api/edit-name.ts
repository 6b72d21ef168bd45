/** `PUT /api/me/edit-name {firstname, lastname}` → 204 (SPEC §7 "Self"). 422: `firstname_*`, `lastname_*` violations. */
import { type EditNameBody, meEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Renames the current user; rejects with an `ApiError`. */
export function editName(body: EditNameBody): Promise<void> {
  return callEndpoint(meEndpoints.editName, { body, redirectOnError: false });
}

/** The rename mutation (the caller reloads the session afterwards). */
export function useEditName() {
  return useMutation({ mutationFn: editName });
}
