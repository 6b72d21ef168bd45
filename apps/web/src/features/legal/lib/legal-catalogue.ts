/**
 * The texts of the legal pages (SPEC §2.1: CGU, Privacy, About, Forum), `packages/i18n/locales/<lang>/legal.json`.
 * They are long and read rarely, so they are in neither group of catalogues (shared/i18n/catalogue-groups.ts): the
 * legal pages load the file of the language shown, on demand, into the i18next namespace `legal`
 * (`t('legal:cgu.title')`). The build puts each language's file in its own chunk `legal-<lang>` (vite.config.ts):
 * neither the login route's nor the shell's budget grows (ARCHITECTURE §6).
 */
import type { Language } from '@isoptera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../../../shared/i18n/i18n';

/** The i18next namespace of the legal texts. */
export const LEGAL_NAMESPACE = 'legal';

type Catalogue = Record<string, unknown>;

/** `./<lang>/legal.json` → loader (nothing is fetched until called). */
const files = import.meta.glob<Catalogue>('./*/legal.json', {
  base: '../../../../../../packages/i18n/locales',
  import: 'default',
});

/** The loads started, by language (a failed load is forgotten so that it can be tried again). */
const loads = new Map<string, Promise<void>>();

/**
 * Loads the legal texts of a language into i18next, once; resolves when `t('legal:…')` can use them. Rejects when
 * the chunk cannot be fetched (network down) or the language has no file.
 */
export function loadLegalCatalogue(language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    const file = files[`./${language}/legal.json`];
    load = file
      ? file().then((catalogue) => {
          // not silent: its 'added' event re-renders the translated components (bindI18nStore: 'added')
          i18n.addResourceBundle(language, LEGAL_NAMESPACE, catalogue, true, true);
        })
      : Promise.reject(new Error(`no legal texts in ${language}`));
    loads.set(language, load);
    load.catch(() => loads.delete(language));
  }
  return load;
}

export type LegalCatalogueState = 'loading' | 'ready' | 'error';

/**
 * The state of the legal texts in the language shown; starts loading them when missing (also after a language
 * change). `retry` tries a failed load again.
 */
export function useLegalCatalogue(): { state: LegalCatalogueState; retry: () => void } {
  useTranslation(); // re-renders on language changes
  const language = currentLanguage();
  const loaded = i18n.hasResourceBundle(language, LEGAL_NAMESPACE);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a new try
  useEffect(() => {
    if (loaded) return;
    let active = true;
    setFailed(null);
    loadLegalCatalogue(language).catch(() => {
      if (active) setFailed(language);
    });
    return () => {
      active = false;
    };
  }, [language, loaded, attempt]);

  const state: LegalCatalogueState = loaded ? 'ready' : failed === language ? 'error' : 'loading';
  return { state, retry: () => setAttempt((n) => n + 1) };
}
