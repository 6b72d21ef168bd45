/**
 * Catalogues loaded on demand (ARCHITECTURE §6 budgets, §8): namespaces read by a few screens only — the legal pages'
 * long texts (`legal`), the site detail's equipment section (`equipment`), the alert and synchronisation logs, the
 * readings chart and the alert thresholds (`alerts`), the visit reports' labels (`reports`, also the PDF's), the product
 * catalogue of the space settings (`products`), the screens of the users, the spaces (dealers, PCOs) and the space
 * settings (`users`, `spaces`, `spaceParameters`), of the clients, the sites and the planning (`clients`, `sites`,
 * `planning`: each read by its own screens only), the client import wizard (`clientImport`), the
 * contracts of the client and site details and Home (`contracts`), the one-time sign-in page (`easyConnect`), the component
 * test page (`componentTest`), the admin's translation tool (`translations`) and the overview per space — Home's sites
 * map, the fleet health of dealers and admins (`overview`) and the intervention panel (`interventions`, loaded with the
 * panel's code by the layout's host) — are in
 * neither group of catalogues (catalogue-groups.ts, resources.ts): the screen that shows them loads the file of the language shown into its
 * i18next namespace. The build puts each one in its own chunk `<namespace>-<lang>` (vite.config.ts reads
 * on-demand-namespaces.json), so neither the login route's nor the shell's budget grows.
 * To add one: list it in on-demand-namespaces.json, add its file pattern below and its exclusion in resources.ts.
 */
import type { Language } from '@isoptera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES, currentLanguage, i18n } from './i18n';
import { startPublishedTexts } from './published-overrides';

/** A namespace loaded on demand (the list of on-demand-namespaces.json, which vite.config.ts reads). */
export type OnDemandNamespace =
  | 'legal'
  | 'equipment'
  | 'alerts'
  | 'reports'
  | 'products'
  | 'spaces'
  | 'spaceParameters'
  | 'users'
  | 'clients'
  | 'sites'
  | 'planning'
  | 'clientImport'
  | 'contracts'
  | 'easyConnect'
  | 'componentTest'
  | 'translations'
  | 'overview'
  | 'interventions';

type Catalogue = Record<string, unknown>;

/** `./<lang>/<namespace>.json` → loader (nothing is fetched until called). */
const files = import.meta.glob<Catalogue>(
  [
    './*/legal.json',
    './*/equipment.json',
    './*/alerts.json',
    './*/reports.json',
    './*/products.json',
    './*/spaces.json',
    './*/spaceParameters.json',
    './*/users.json',
    './*/clients.json',
    './*/sites.json',
    './*/planning.json',
    './*/clientImport.json',
    './*/contracts.json',
    './*/easyConnect.json',
    './*/componentTest.json',
    './*/translations.json',
    './*/overview.json',
    './*/interventions.json',
  ],
  { base: '../../../../../packages/i18n/locales', import: 'default' },
);

// The published overrides of the translation tool (issue 14) start with the first screen that loads texts on demand
// (Home's contracts, every list screen, the tool itself): this module is outside the start-up bundles, so they cost
// the login route and the shell nothing (ARCHITECTURE §6).
startPublishedTexts(i18n);

/**
 * Lends the namespace's `errors` branch — the messages of its screens' own error codes, kept out of the start-up
 * `errors` catalogue (ARCHITECTURE §6 budgets; packages/i18n `SCREEN_ERROR_NAMESPACES`, which the server lends the
 * same way) — to `errors`, so that `errorMessage()` and the forms' field errors read them as any other code. A code of
 * `errors` itself wins.
 */
function lendErrorMessages(language: Language, catalogue: Catalogue): void {
  const messages = catalogue.errors;
  if (!messages || typeof messages !== 'object') return;
  i18n.addResourceBundle(language, 'errors', messages, true, false, { silent: true });
  i18n.addResourceBundle(language, ALL_NAMESPACES, { errors: messages }, true, false, { silent: true });
}

/** The loads started, by `namespace/language` (a failed load is forgotten so that it can be tried again). */
const loads = new Map<string, Promise<void>>();

/**
 * Loads the texts of `namespace` in `language` into i18next, once; resolves when `t('<namespace>:…')` can use them.
 * Rejects when the chunk cannot be fetched (network down) or the language has no file.
 */
export function loadOnDemandCatalogue(namespace: OnDemandNamespace, language: Language): Promise<void> {
  const key = `${namespace}/${language}`;
  let load = loads.get(key);
  if (!load) {
    const file = files[`./${language}/${namespace}.json`];
    load = file
      ? file().then((catalogue) => {
          lendErrorMessages(language, catalogue);
          // not silent: its 'added' event re-renders the translated components (bindI18nStore: 'added')
          i18n.addResourceBundle(language, namespace, catalogue, true, true);
        })
      : Promise.reject(new Error(`no ${namespace} texts in ${language}`));
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

export type OnDemandCatalogueState = 'loading' | 'ready' | 'error';

/**
 * The state of `namespace`'s texts in the language shown; starts loading them when missing (also after a language
 * change). `retry` tries a failed load again.
 */
export function useOnDemandCatalogue(namespace: OnDemandNamespace): {
  state: OnDemandCatalogueState;
  retry: () => void;
} {
  useTranslation(); // re-renders on language changes
  const language = currentLanguage();
  const loaded = i18n.hasResourceBundle(language, namespace);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a new try
  useEffect(() => {
    if (loaded) return;
    let active = true;
    setFailed(null);
    loadOnDemandCatalogue(namespace, language).catch(() => {
      if (active) setFailed(language);
    });
    return () => {
      active = false;
    };
  }, [namespace, language, loaded, attempt]);

  const state: OnDemandCatalogueState = loaded ? 'ready' : failed === language ? 'error' : 'loading';
  return { state, retry: () => setAttempt((n) => n + 1) };
}
