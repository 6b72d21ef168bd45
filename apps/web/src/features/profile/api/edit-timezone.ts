/** `PUT /api/me/edit-timezone {timezone}` → 204 (SPEC §7 "Self"). 422: `timezone_required`, `timezone_not_accepted`. */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Saves the IANA time zone of the current user; rejects with an `ApiError`. */
export function editTimezone(timezone: string): Promise<void> {
  return http.put<void>('/api/me/edit-timezone', { timezone }, { redirectOnError: false });
}

/** The time zone change mutation (the caller reloads the page). */
export function useEditTimezone() {
  return useMutation({ mutationFn: editTimezone });
}
