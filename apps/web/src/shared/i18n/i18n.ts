/**
 * The i18next instance of the SPA (SPEC §9, ARCHITECTURE §8). One namespace per catalogue file; keys are written
 * `namespace:path.to.key` (`t('errors:403')`), as in the server's `translate()`.
 * The dotted form `namespace.path.to.key` (`t('errors.403')`) resolves too, through the default namespace
 * `translation`, which holds every loaded namespace as a top-level branch.
 *
 * Catalogues are loaded lazily, one language and one group of namespaces at a time (see resources.ts and
 * catalogue-groups.ts). The groups wanted are all of them, unless the app starts with `startI18n()`: then only the
 * start group (screens without a session) before the first render, and the shell group once a session opens
 * (`loadShellCatalogues()`). `changeLanguage()` loads the wanted groups of the new language before switching to it,
 * and the fallback language (en) is loaded only when a key is missing from the active language.
 */
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@isoptera/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGUE_GROUPS, type CatalogueGroup } from './catalogue-groups';
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

/** The groups of catalogues loaded for each language (see the header). */
const wantedGroups = new Set<CatalogueGroup>(CATALOGUE_GROUPS);

/** The loads started, by `language:group` (a failed load is forgotten so that it can be tried again). */
const loads = new Map<string, Promise<void>>();

/** The languages with catalogues loaded (or loading). */
export function loadedLanguages(): string[] {
  return [...new Set([...loads.keys()].map((key) => key.split(':')[0] as string))].sort();
}

/** The groups loaded (or loading), as sorted `language:group` keys (`fr:start`). */
export function loadedCatalogueGroups(): string[] {
  return [...loads.keys()].sort();
}

/** Loads the catalogues of one group of a language into i18next, once; resolves when they are usable. */
function loadGroup(language: Language, group: CatalogueGroup): Promise<void> {
  const key = `${language}:${group}`;
  let load = loads.get(key);
  if (!load) {
    load = loadCatalogues(language, group).then((catalogues) => {
      for (const [namespace, catalogue] of Object.entries(catalogues)) {
        i18n.addResourceBundle(language, namespace, catalogue, true, true, { silent: true });
      }
      // the last one is not silent: its 'added' event re-renders the translated components once
      i18n.addResourceBundle(language, ALL_NAMESPACES, catalogues, true, true);
    });
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

/** Loads the wanted groups of a language (see the header); resolves when they are usable. */
export async function loadLanguage(language: Language): Promise<void> {
  let groups: CatalogueGroup[];
  do {
    groups = [...wantedGroups];
    await Promise.all(groups.map((group) => loadGroup(language, group)));
  } while (groups.length < wantedGroups.size); // a group wanted meanwhile (a session opened)
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
/** The language of the latest change asked for. */
let requestedLanguage: Language | null = null;

/**
 * Loads a language if needed, then switches the interface to it (no-op when already active). Never rejects: when the
 * catalogue cannot be fetched (network down), the interface stays in its current language.
 */
export async function changeLanguage(language: Language): Promise<void> {
  const change = ++latestChange;
  requestedLanguage = language;
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
 * Loads the language of SPEC §9 (lang query parameter, stored setting, browser; default fr) before the first render,
 * with the start group only: the shell group comes with the session (`loadShellCatalogues`).
 * When its catalogue cannot be fetched, the app renders anyway (showing keys) rather than a blank page.
 */
export async function startI18n(): Promise<Language> {
  wantedGroups.clear();
  wantedGroups.add('start');
  const language = resolveLanguage(readBrowserLanguageSources());
  await changeLanguage(language);
  return language;
}

/**
 * Adds the shell group to the catalogues of the interface (once a session opens): resolves when it is loaded for the
 * language shown (or asked for), so that the authenticated screens never show a key. Never rejects (see
 * `changeLanguage`); later language changes load it too.
 */
export async function loadShellCatalogues(): Promise<void> {
  wantedGroups.add('shell');
  const shown = currentLanguage();
  await Promise.all([
    changeLanguage(requestedLanguage ?? shown),
    // the language shown too, should the one asked for fail to load
    loadLanguage(shown).catch(() => {}),
  ]);
}
