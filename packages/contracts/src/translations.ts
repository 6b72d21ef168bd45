/**
 * The translation tool (issue 14 "Translation tool", SPEC §2.7; docs/decisions/014): the admin's overrides of the
 * bundled texts, the languages beyond the five bundled ones, the import (dry run, then apply) and export of
 * translation files, and the published overrides the web app and the server lay on top of their catalogues.
 */
import { z } from 'zod';
import { pageQuery } from './common.js';
import { hydraCollectionOf, isoDateTime, jsonLdKeys } from './jsonld.js';

/** The languages shipped with catalogues in `packages/i18n`: never deleted. */
export const BUNDLED_TRANSLATION_LANGUAGES = ['fr', 'en', 'ja', 'it', 'pt'] as const;

/** The largest translation file the import reads, in bytes (zip archives: also the most they unzip to). */
export const TRANSLATION_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The most a zip (archive or XLSX) may unzip to, in bytes: beyond, the file is refused (zip bombs). */
export const TRANSLATION_UNZIPPED_MAX_BYTES = 50 * 1024 * 1024;

/** The file formats of the import and the export. */
export const TRANSLATION_FORMATS = ['zip', 'json', 'xliff12', 'xliff20', 'po', 'xlsx'] as const;
export type TranslationFormat = (typeof TRANSLATION_FORMATS)[number];

/** A language code: BCP 47 language with an optional region (`de`, `es-MX`, `zh-Hant`). */
export const languageCode = z
  .string({ error: 'language_required' })
  .trim()
  .min(1, { error: 'language_required' })
  .max(20, { error: 'language_code_invalid' })
  .regex(/^[a-z]{2,3}(?:-(?:[A-Z]{2}|[A-Z][a-z]{3}))?$/, { error: 'language_code_invalid' });

/** A namespace: the name of a catalogue file (`common`, `spaceParameters`). */
export const namespaceName = z
  .string()
  .max(60)
  .regex(/^[A-Za-z][A-Za-z0-9]*$/, { error: 'namespace_invalid' });

/** A dotted key of a catalogue (`fields.email`, `count_one`). */
export const translationKeyName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/, { error: 'key_invalid' });

/** Which keys the list keeps, for the chosen language. */
export const TRANSLATION_KEY_STATUSES = ['all', 'missing', 'overridden', 'stale'] as const;

/** `GET /api/translations/keys`: the keys of one language (default fr), filtered and paged (50 a page). */
export const translationKeysQuery = z.object({
  ...pageQuery,
  language: languageCode.default('fr').describe('The language the filters look at (a bundled or added one)'),
  namespace: namespaceName.optional().describe('Only this namespace'),
  status: z
    .enum(TRANSLATION_KEY_STATUSES, { error: 'value_invalid' })
    .default('all')
    .describe(
      '`missing`: no text in the language; `overridden`: changed by the tool; `stale`: changed, and the ' +
        'bundled text it replaced changed since',
    ),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Part of the key or of a text of any language (ignoring case)'),
});
export type TranslationKeysQuery = z.output<typeof translationKeysQuery>;

/** One language's text of a key. */
export const translationText = z.object({
  language: z.string(),
  bundled: z.string().nullable().describe('The text shipped with the app, or null'),
  override: z.string().nullable().describe('The text the tool set (draft until published), or null'),
  value: z.string().nullable().describe('What shows once published: the override, else the bundled text'),
  stale: z.boolean().describe('An override whose bundled text changed since it was written'),
  updated_at: isoDateTime.nullable(),
});

/** A key of a catalogue with its texts side by side: the five bundled languages, then the added ones. */
export const translationKeyResource = z
  .object({
    ...jsonLdKeys('TranslationKey'),
    namespace: z.string(),
    key: z.string(),
    english: z.string().nullable().describe('The English text it is checked against (`_other` for a plural form)'),
    texts: z.array(translationText),
  })
  .meta({ id: 'TranslationKey' });
export type TranslationKey = z.output<typeof translationKeyResource>;

export const translationKeyCollection = hydraCollectionOf(translationKeyResource).meta({
  id: 'TranslationKeyCollection',
});
export type TranslationKeyCollection = z.output<typeof translationKeyCollection>;

/** A language of the tool and how much of it is translated. */
export const translationLanguageResource = z
  .object({
    ...jsonLdKeys('TranslationLanguage'),
    code: z.string(),
    bundled: z.boolean().describe('Shipped with catalogues: cannot be deleted'),
    enabled: z.boolean(),
    translated: z.number().int().min(0).describe('Keys with a text, counted with the language’s plural forms'),
    total: z.number().int().min(0).describe('Keys the language needs, with its own plural forms (CLDR)'),
    overridden: z.number().int().min(0),
    stale: z.number().int().min(0),
  })
  .meta({ id: 'TranslationLanguage' });
export type TranslationLanguage = z.output<typeof translationLanguageResource>;

export const translationLanguageCollection = hydraCollectionOf(translationLanguageResource).meta({
  id: 'TranslationLanguageCollection',
});
export type TranslationLanguageCollection = z.output<typeof translationLanguageCollection>;

/** `POST /api/translations/languages`: adds a language, starting from English with every key missing. */
export const addLanguageBody = z.object({ code: languageCode });

/** `PUT /api/translations/overrides/{language}/{namespace}/{key}`: the new text. */
export const translationOverrideBody = z.object({
  value: z.string({ error: 'translation_value_required' }).max(5000, { error: 'translation_value_invalid' }),
});

/** The published version: what the web app compares to know its texts are current. */
export const translationVersionResource = z
  .object({
    ...jsonLdKeys('TranslationVersion'),
    version: z.number().int().min(0).describe('0 before the first publication'),
    published_at: isoDateTime.nullable(),
    pending: z.number().int().min(0).optional().describe('Overrides changed since (admins only)'),
    overridden: z
      .record(z.string(), z.array(z.string()))
      .describe('Language → the namespaces the published version overrides: the ones a browser fetches'),
  })
  .meta({ id: 'TranslationVersion' });
export type TranslationVersion = z.output<typeof translationVersionResource>;

/** `GET /api/translations/published/{language}/{namespace}`: the published overrides of one catalogue, flat. */
export const publishedTextsResource = z
  .object({
    version: z.number().int().min(0),
    language: z.string(),
    namespace: z.string(),
    texts: z.record(z.string(), z.string()).describe('Dotted key → text'),
  })
  .meta({ id: 'PublishedTranslations' });
export type PublishedTexts = z.output<typeof publishedTextsResource>;

/** `POST /api/translations/import` (multipart): the file and whether to write. */
export const translationImportQuery = z.object({
  dry_run: z.enum(['true', 'false']).default('true').describe('`true` (default): only report what would change'),
  exclude_conflicts: z
    .enum(['true', 'false'])
    .default('false')
    .describe(
      'Apply the other keys and leave the conflicting ones out; without it an apply with conflicts writes nothing',
    ),
  language: languageCode.optional().describe('The language of a single-language file without one (JSON, PO)'),
  namespace: namespaceName.optional().describe('The namespace of a single JSON file of one catalogue'),
});

/** One key of an import's report. */
export const translationImportEntry = z.object({
  language: z.string(),
  namespace: z.string(),
  key: z.string(),
  value: z.string(),
  current: z.string().nullable().describe('The text in force (override, else bundled), or null'),
  codes: z.array(z.string()).describe('The broken checks of a conflict (violation codes)'),
});

/** What an import found (dry run) or did (apply). */
export const translationImportReport = z
  .object({
    format: z.enum(TRANSLATION_FORMATS),
    applied: z.boolean().describe('`true` when the overrides were written'),
    new: z.array(translationImportEntry).describe('Keys without a text in the language until now'),
    changed: z.array(translationImportEntry).describe('Keys whose text changes'),
    conflicts: z.array(translationImportEntry).describe('Keys whose text fails the checks: never written'),
    unchanged: z.number().int().min(0),
    unknown: z.array(z.string()).describe('`language/namespace:key` of keys the catalogues do not have: ignored'),
  })
  .meta({ id: 'TranslationImportReport' });
export type TranslationImportReport = z.output<typeof translationImportReport>;

/** `GET /api/translations/export`: format, languages and namespace. */
export const translationExportQuery = z.object({
  format: z.enum(TRANSLATION_FORMATS, { error: 'value_invalid' }).default('zip'),
  language: languageCode.optional().describe('One language (json, po, xliff need one; default: every language)'),
  namespace: namespaceName.optional().describe('One namespace (default: all)'),
});
export type TranslationExportQuery = z.output<typeof translationExportQuery>;
