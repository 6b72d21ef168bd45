/** `PUT /api/me/edit-language {language}` → 204 (SPEC §7 "Self"). 422: `language_required`, `language_not_accepted`. */
import type { Language } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Saves the interface language of the current user; rejects with an `ApiError`. */
export function editLanguage(language: Language): Promise<void> {
  return http.put<void>('/api/me/edit-language', { language }, { redirectOnError: false });
}

/** The language change mutation (the caller applies the language and reloads the page). */
export function useEditLanguage() {
  return useMutation({ mutationFn: editLanguage });
}
