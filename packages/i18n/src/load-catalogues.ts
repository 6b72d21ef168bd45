/**
 * Node-only loader of the default catalogues `locales/<lang>/<namespace>.json` (server e-mails, errors, PDFs), and
 * the server's layer of published translation overrides on top of them (issue 14; docs/decisions/014).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, SUPPORTED_LANGUAGES } from './languages.js';
import { applyOverrides, type Overrides } from './overrides.js';
import type { Catalogue, CatalogueTree } from './translate.js';

/** Absolute path of the `locales` folder of this package. */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/** The package's catalogues as read, before the screens' error messages are lent to `errors`. */
let read: Record<Language, Catalogue> | undefined;
/** The catalogues every default `loadCatalogues()` answers: the bundled ones with the overrides in force on top. */
const live = {} as Record<Language, Catalogue>;

/**
 * The catalogues of `<localesDir>/<lang>/<namespace>.json` for the supported languages, read synchronously. Without
 * `localesDir`: the package's own catalogues, read once, as one shared object that {@link setServerOverrides} keeps
 * up to date with the published overrides — keep the result and read it at each use (`catalogues[lang]`), and every
 * text the server writes (mail, PDF, error message) shows the published overrides. A missing language folder gives
 * an empty catalogue; a file that is not valid JSON throws an Error naming the file.
 */
export function loadCatalogues(localesDir: string = LOCALES_DIR): Record<Language, Catalogue> {
  if (localesDir !== LOCALES_DIR) return withScreenErrorsAll(readCatalogues(localesDir));
  if (!read) {
    read = readCatalogues(LOCALES_DIR);
    Object.assign(live, withScreenErrorsAll(read));
  }
  return live;
}

/**
 * The bundled catalogues of the package as their files hold them — without any override, and the screens' error
 * messages only in their own namespace (the base the translation tool compares with and lists).
 */
export function bundledCatalogues(): Record<Language, Catalogue> {
  loadCatalogues();
  return read as Record<Language, Catalogue>;
}

/**
 * Lays `overrides` (language → namespace → flat key → text) on top of the bundled catalogues, in place of the ones
 * in force: every object `loadCatalogues()` answered sees them from now on. Languages other than the five
 * supported ones are ignored (the server writes in those only). `{}` goes back to the bundled texts.
 */
export function setServerOverrides(overrides: Overrides): void {
  loadCatalogues();
  // overrides first, then the loan: an override of `reports:errors.<code>` changes the message of `errors:<code>` too
  const merged = withScreenErrorsAll(applyOverrides(read as Record<Language, Catalogue>, overrides));
  for (const lang of SUPPORTED_LANGUAGES) live[lang] = merged[lang];
}

/**
 * Namespaces of screens loaded on demand whose `errors` branch holds the error messages of their own calls — the
 * translation tool's, the visit reports' (and the technician API's), the client import's, the contracts', the
 * product catalogue's, the equipment's (and the gateways' uplink API's), the spaces' and the space settings': kept
 * out of the `errors` catalogue, which the web app loads with its start-up texts (ARCHITECTURE §6 budgets), and lent
 * to it for the server, whose problem bodies and violations read `errors:<code>` (the web app does the same when it
 * loads the namespace, on-demand-catalogue.ts). A code of `errors` itself wins.
 */
export const SCREEN_ERROR_NAMESPACES = [
  'translations',
  'reports',
  'clientImport',
  'contracts',
  'products',
  'equipment',
  'spaces',
  'spaceParameters',
] as const;

function withScreenErrors(catalogue: Catalogue): Catalogue {
  let errors = catalogue.errors;
  for (const namespace of SCREEN_ERROR_NAMESPACES) {
    const branch = catalogue[namespace]?.errors;
    if (branch && typeof branch !== 'string') errors = { ...branch, ...errors };
  }
  return errors ? { ...catalogue, errors } : catalogue;
}

function withScreenErrorsAll(catalogues: Record<Language, Catalogue>): Record<Language, Catalogue> {
  const lent = {} as Record<Language, Catalogue>;
  for (const lang of SUPPORTED_LANGUAGES) lent[lang] = withScreenErrors(catalogues[lang]);
  return lent;
}

function readCatalogues(localesDir: string): Record<Language, Catalogue> {
  const catalogues = {} as Record<Language, Catalogue>;
  for (const lang of SUPPORTED_LANGUAGES) catalogues[lang] = loadLanguage(join(localesDir, lang));
  return catalogues;
}

function loadLanguage(dir: string): Catalogue {
  const catalogue: Catalogue = {};
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return catalogue;
    throw error;
  }
  for (const file of files.sort()) {
    const path = join(dir, file);
    try {
      catalogue[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(path, 'utf8')) as CatalogueTree;
    } catch (error) {
      throw new Error(`Invalid catalogue ${path}: ${(error as Error).message}`, { cause: error });
    }
  }
  return catalogue;
}
