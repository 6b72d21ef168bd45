/** `PUT /api/me/edit-language {language}` → 204 (SPEC §7 "Self"). 422: `language_required`, `language_not_accepted`. */
import { type Language, meEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Saves the interface language of the current user; rejects with an `ApiError`. */
export function editLanguage(language: Language): Promise<void> {
  return callEndpoint(meEndpoints.editLanguage, { body: { language }, redirectOnError: false });
}

/** The language change mutation (the caller applies the language and reloads the page). */
export function useEditLanguage() {
  return useMutation({ mutationFn: editLanguage });
}
