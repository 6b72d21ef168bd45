/** The interface languages (SPEC §1). */

/** The interface languages, in menu order. `fr` is the reference catalogue of the parity test. */
export const SUPPORTED_LANGUAGES = ['fr', 'en', 'ja', 'it', 'pt'] as const;

/** One of {@link SUPPORTED_LANGUAGES}. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The language a missing key falls back to. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Narrows a language tag (`Accept-Language` entry, stored preference: `pt-BR`, `ja_JP`) to a supported language. */
export function toLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return SUPPORTED_LANGUAGES.find((lang) => lang === base);
}
