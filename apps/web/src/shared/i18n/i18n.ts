/**
 * The i18next instance of the SPA (SPEC §9, ARCHITECTURE §8). One namespace per catalogue file; keys are written
 * `namespace:path.to.key` (`t('errors:403')`), as in the server's `translate()`.
 * The dotted form `namespace.path.to.key` (`t('errors.403')`) resolves too, through the default namespace
 * `translation`, which holds every namespace as a top-level branch.
 *
 * Catalogues are loaded lazily, one language at a time (see resources.ts): `startI18n()` loads the language chosen
 * by SPEC §9 before the first render, `changeLanguage()` loads the new language before switching to it, and the
 * fallback language (en) is loaded only when a key is missing from the active language.
 */
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@isoptera/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readBrowserLanguageSources, resolveLanguage, toLanguage } from './languages';
import { loadCatalogues, namespaces } from './resources';

/** The default namespace: every catalogue under its namespace name (`errors.403`). */
export const ALL_NAMESPACES = 'translation';

/** The shared i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** Mirrors the language into `<html lang>` so that assistive technologies and `Intl` defaults follow it. */
function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', applyDocumentLanguage);

/** The loads started, by language (a failed load is forgotten so that it can be tried again). */
const loads = new Map<string, Promise<void>>();

/** The languages whose catalogues are loaded (or loading). */
export function loadedLanguages(): string[] {
  return [...loads.keys()].sort();
}

/** Loads the catalogues of a language into i18next, once; resolves when they are usable. */
export function loadLanguage(language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    load = loadCatalogues(language).then((catalogues) => {
      for (const [namespace, catalogue] of Object.entries(catalogues)) {
        i18n.addResourceBundle(language, namespace, catalogue, true, true, { silent: true });
      }
      // the last one is not silent: its 'added' event re-renders the translated components once
      i18n.addResourceBundle(language, ALL_NAMESPACES, catalogues, true, true);
    });
    loads.set(language, load);
    load.catch(() => loads.delete(language));
  }
  return load;
}

void i18n.use(initReactI18next).init({
  ns: [ALL_NAMESPACES, ...namespaces],
  defaultNS: ALL_NAMESPACES,
  fallbackNS: false,
  lng: resolveLanguage(readBrowserLanguageSources()),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  load: 'languageOnly',
  nsSeparator: ':',
  keySeparator: '.',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // a key missing from the active language: load the fallback language (en) in the background; the 'added' event
  // then re-renders with its text. Ignored while the active language itself is still loading.
  saveMissing: true,
  missingKeyHandler: () => {
    if (i18n.hasResourceBundle(i18n.language, ALL_NAMESPACES)) void loadLanguage(FALLBACK_LANGUAGE).catch(() => {});
  },
  react: { useSuspense: false, bindI18nStore: 'added' },
});

/** The current interface language, always one of the supported five. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Counts the language changes, so that only the latest one applies when loads finish out of order. */
let latestChange = 0;

/**
 * Loads a language if needed, then switches the interface to it (no-op when already active). Never rejects: when the
 * catalogue cannot be fetched (network down), the interface stays in its current language.
 */
export async function changeLanguage(language: Language): Promise<void> {
  const change = ++latestChange;
  try {
    await loadLanguage(language);
  } catch {
    return;
  }
  if (change !== latestChange) return;
  if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/**
 * Loads the language of SPEC §9 (lang query parameter, stored setting, browser; default fr) before the first render.
 * When its catalogue cannot be fetched, the app renders anyway (showing keys) rather than a blank page.
 */
export async function startI18n(): Promise<Language> {
  const language = resolveLanguage(readBrowserLanguageSources());
  await changeLanguage(language);
  return language;
}
