/** Node-only loader of the default catalogues `locales/<lang>/<namespace>.json` (server e-mails, errors, PDFs). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Language, SUPPORTED_LANGUAGES } from './languages.js';
import type { Catalogue, CatalogueTree } from './translate.js';

/** Absolute path of the `locales` folder of this package. */
export const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/**
 * Reads every `<localesDir>/<lang>/<namespace>.json` of the supported languages, synchronously (call once at start-up
 * and keep the result). A missing language folder gives an empty catalogue; a file that is not valid JSON throws
 * an Error naming the file.
 */
export function loadCatalogues(localesDir: string = LOCALES_DIR): Record<Language, Catalogue> {
  const catalogues = {} as Record<Language, Catalogue>;
  for (const lang of SUPPORTED_LANGUAGES) {
    catalogues[lang] = loadLanguage(join(localesDir, lang));
  }
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
