/** `PUT /api/me/edit-name {firstname, lastname}` → 204 (SPEC §7 "Self"). 422: `firstname_*`, `lastname_*` violations. */
import type { EditNameBody } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Renames the current user; rejects with an `ApiError`. */
export function editName(body: EditNameBody): Promise<void> {
  return http.put<void>('/api/me/edit-name', body, { redirectOnError: false });
}

/** The rename mutation (the caller reloads the session afterwards). */
export function useEditName() {
  return useMutation({ mutationFn: editName });
}
