/** Interface language choice (SPEC §9): `lang` query parameter, then the stored setting, then the browser. */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@isoptera/contracts';

/** localStorage key of the language chosen before login (SPEC §9 "stored setting"). */
export const LANGUAGE_STORAGE_KEY = 'isoptera.lang';

/** Narrows a tag such as `pt-BR` or `JA` to a supported language, or null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

export interface LanguageSources {
  /** The `lang` query parameter of the current URL. */
  query?: string | null;
  /** The stored setting: `me.lang` once known, before login the value kept in localStorage. */
  stored?: string | null;
  /** The browser's preferred languages, best first (`navigator.languages`). */
  browser?: readonly string[];
}

/** Picks the interface language from its sources in the order of SPEC §9; default fr. */
export function resolveLanguage({ query, stored, browser = [] }: LanguageSources): Language {
  return toLanguage(query) ?? toLanguage(stored) ?? browser.map(toLanguage).find((l) => l !== null) ?? DEFAULT_LANGUAGE;
}

/** Reads the language sources of the running page (URL, localStorage, navigator). */
export function readBrowserLanguageSources(): LanguageSources {
  if (typeof window === 'undefined') return {};
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  return {
    query: new URLSearchParams(window.location.search).get('lang'),
    stored,
    browser: window.navigator.languages ?? [window.navigator.language],
  };
}

/** Remembers the language for the next visit before login. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled (private mode): the browser language applies next time
  }
}

/** The BCP 47 locale used for `Intl` and the date pickers: day/month/year order for fr, en, it, pt (SPEC §5). */
export const INTL_LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  ja: 'ja-JP',
  it: 'it-IT',
  pt: 'pt-PT',
};

/** The `Intl` locale of a language (unknown → fr-FR). */
export function intlLocale(language: string): string {
  return INTL_LOCALES[toLanguage(language) ?? DEFAULT_LANGUAGE];
}
