/**
 * Translation catalogues shared by the web app and the server (ARCHITECTURE §8).
 * Browser-safe: no Node built-ins here. The server reads the JSON files with `loadCatalogues()` from
 * `@isoptera/i18n/load-catalogues`; the web app bundles them.
 */
export { FALLBACK_LANGUAGE, type Language, SUPPORTED_LANGUAGES, toLanguage } from './languages.js';
export {
  applyOverrides,
  checkTranslation,
  flatTexts,
  keysForLanguage,
  type LanguageOverrides,
  type Overrides,
  PLURAL_SUFFIX,
  pluralForms,
  referenceText,
  splitPluralKey,
  type TranslationCheckCode,
} from './overrides.js';
export {
  type Catalogue,
  type Catalogues,
  type CatalogueTree,
  flattenCatalogue,
  placeholdersOf,
  type TranslateParams,
  translate,
} from './translate.js';
