/** `PUT /api/me/edit-timezone {timezone}` → 204 (SPEC §7 "Self"). 422: `timezone_required`, `timezone_not_accepted`. */
import { meEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Saves the IANA time zone of the current user; rejects with an `ApiError`. */
export function editTimezone(timezone: string): Promise<void> {
  return callEndpoint(meEndpoints.editTimezone, { body: { timezone }, redirectOnError: false });
}

/** The time zone change mutation (the caller reloads the page). */
export function useEditTimezone() {
  return useMutation({ mutationFn: editTimezone });
}
