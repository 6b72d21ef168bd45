/**
 * The i18next instance of the SPA (SPEC §9, ARCHITECTURE §8). One namespace per catalogue file; keys are written
 * `namespace:path.to.key` (`t('errors:403')`), as in the server's `translate()`.
 * The dotted form `namespace.path.to.key` (`t('errors.403')`) resolves too, through the default namespace
 * `translation`, which holds every namespace as a top-level branch.
 */
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@isoptera/contracts';
import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readBrowserLanguageSources, resolveLanguage, toLanguage } from './languages';
import { namespaces, resources } from './resources';

/** The default namespace: every catalogue under its namespace name (`errors.403`). */
export const ALL_NAMESPACES = 'translation';

/** Adds the `translation` namespace (all namespaces as branches) to each language. */
function withDottedAccess(bundles: Resource): Resource {
  const result: Resource = {};
  for (const [language, byNamespace] of Object.entries(bundles)) {
    result[language] = { ...byNamespace, [ALL_NAMESPACES]: { ...byNamespace } } as ResourceLanguage;
  }
  return result;
}

/** The shared i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** Mirrors the language into `<html lang>` so that assistive technologies and `Intl` defaults follow it. */
function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18n.on('languageChanged', applyDocumentLanguage);

void i18n.use(initReactI18next).init({
  resources: withDottedAccess(resources),
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
  react: { useSuspense: false },
});

/** The current interface language, always one of the supported five. */
export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language (no-op when already active). */
export async function changeLanguage(language: Language): Promise<void> {
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}
