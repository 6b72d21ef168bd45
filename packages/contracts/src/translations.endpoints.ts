/**
 * The endpoints of the translation tool (issue 14 "Translation tool", SPEC §2.7; docs/decisions/014). Everything is
 * the admin action's (super admin, admin; others 403), except the published texts and their version, which every
 * browser reads (public, cacheable by version).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';
import {
  addLanguageBody,
  languageCode,
  namespaceName,
  publishedTextsResource,
  translationExportQuery,
  translationImportQuery,
  translationImportReport,
  translationKeyCollection,
  translationKeyName,
  translationKeyResource,
  translationKeysQuery,
  translationLanguageCollection,
  translationLanguageResource,
  translationOverrideBody,
  translationVersionResource,
} from './translations.js';

const access = { anyOf: [ACTIONS.ADMIN_ACTION] } as const;
const tags = ['Translations'] as const;
const overrideParams = z.object({ language: languageCode, namespace: namespaceName, key: translationKeyName });

export const translationEndpoints = {
  keys: defineEndpoint({
    operationId: 'listTranslationKeys',
    method: 'GET',
    path: '/api/translations/keys',
    tags,
    access,
    summary: 'The keys of the catalogues with their texts in every language, filtered for one language (50 a page)',
    query: translationKeysQuery,
    responses: { 200: translationKeyCollection },
    errors: ['language_not_found'],
  }),
  languages: defineEndpoint({
    operationId: 'listTranslationLanguages',
    method: 'GET',
    path: '/api/translations/languages',
    tags,
    access,
    summary: 'The languages (bundled, then added) with their progress counted with each one’s plural forms',
    responses: { 200: translationLanguageCollection },
  }),
  addLanguage: defineEndpoint({
    operationId: 'addTranslationLanguage',
    method: 'POST',
    path: '/api/translations/languages',
    tags,
    access,
    summary: 'Adds a language: it starts from English, every key missing (201)',
    description: '422 `language_code_invalid` on `code`; 409 `language_exists`.',
    body: addLanguageBody,
    idempotent: true,
    responses: { 201: translationLanguageResource },
    errors: ['language_exists'],
  }),
  removeLanguage: defineEndpoint({
    operationId: 'deleteTranslationLanguage',
    method: 'DELETE',
    path: '/api/translations/languages/:language',
    tags,
    access,
    summary: 'Deletes an added language and its overrides (204); a bundled one answers 409 `language_bundled`',
    params: z.object({ language: languageCode }),
    responses: { 204: null },
    errors: ['language_not_found', 'language_bundled'],
  }),
  setOverride: defineEndpoint({
    operationId: 'setTranslationOverride',
    method: 'PUT',
    path: '/api/translations/overrides/:language/:namespace/:key',
    tags,
    access,
    summary: 'Sets the text of a key in a language (a draft until published)',
    description:
      '422 on `value`: `translation_value_required`, `translation_placeholders_mismatch` (not the `{{…}}` of ' +
      'English), `translation_html_forbidden`, `translation_spaces_mismatch` (leading/trailing spaces not as in ' +
      'English); on `key`: `translation_plural_form_invalid` (a plural form the language does not use).',
    params: overrideParams,
    body: translationOverrideBody,
    responses: { 200: translationKeyResource },
    errors: ['language_not_found', 'translation_key_not_found'],
  }),
  removeOverride: defineEndpoint({
    operationId: 'deleteTranslationOverride',
    method: 'DELETE',
    path: '/api/translations/overrides/:language/:namespace/:key',
    tags,
    access,
    summary: 'Reverts a key to its bundled text (a draft until published); answers the key',
    params: overrideParams,
    responses: { 200: translationKeyResource },
    errors: ['language_not_found', 'translation_key_not_found'],
  }),
  publish: defineEndpoint({
    operationId: 'publishTranslations',
    method: 'POST',
    path: '/api/translations/publish',
    tags,
    access,
    summary: '“Send to the server”: publishes the overrides as a new version; open browsers fetch their texts again',
    responses: { 200: translationVersionResource },
  }),
  version: defineEndpoint({
    operationId: 'getTranslationVersion',
    method: 'GET',
    path: '/api/translations/version',
    tags,
    access: 'public',
    summary: 'The published version of the overrides (0 before the first publication)',
    responses: { 200: translationVersionResource },
  }),
  published: defineEndpoint({
    operationId: 'getPublishedTranslations',
    method: 'GET',
    path: '/api/translations/published/:language/:namespace',
    tags,
    access: 'public',
    summary: 'The published overrides of one catalogue, flat; `ETag` is the version (304 on `If-None-Match`)',
    params: z.object({ language: languageCode, namespace: namespaceName }),
    produces: ['application/json'],
    responses: { 200: publishedTextsResource },
  }),
  importFile: defineEndpoint({
    operationId: 'importTranslations',
    method: 'POST',
    path: '/api/translations/import',
    tags,
    access,
    summary: 'Reads a translation file: a dry run by default (new, changed and conflicting keys), or applies it',
    description:
      'Multipart field `file`, judged by content, at most 5 MB (a zip unzipping to at most 50 MB): a zip of i18next JSON ' +
      '`<lang>/<namespace>.json`, an i18next JSON file (`{lang: {ns: …}}`, `{ns: …}` with `language`, or one ' +
      'catalogue with `language` and `namespace`), XLIFF 1.2 or 2.0, PO (gettext, `msgctxt` = `namespace:key`), or ' +
      'XLSX (columns `namespace`, `key`, then one per language). 422 on `file`: `type_file_not_found`, ' +
      '`translation_file_invalid`. An apply with conflicts writes nothing (409 `translation_import_conflicts`, ' +
      'with the report in `report`) unless `exclude_conflicts=true`.',
    query: translationImportQuery,
    consumes: [MULTIPART_FORM_DATA],
    responses: { 200: translationImportReport },
    errors: [...UPLOAD_ERRORS, 'translation_import_conflicts', 'language_not_found'],
  }),
  exportFile: defineEndpoint({
    operationId: 'exportTranslations',
    method: 'GET',
    path: '/api/translations/export',
    tags,
    access,
    summary: 'The texts in force (bundled with the overrides on top) as a file of the format asked',
    description: '`json`, `po`, `xliff12`, `xliff20` need `language`; `zip` and `xlsx` hold every language by default.',
    query: translationExportQuery,
    produces: [
      'application/zip',
      'application/json',
      'application/xliff+xml',
      'text/x-gettext-translation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    responses: { 200: z.string().describe('The file') },
    errors: ['language_not_found', 'language_required'],
  }),
};
