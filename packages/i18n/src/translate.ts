/** Catalogue lookup and `{{param}}` interpolation, the same key syntax as i18next (`ns:key.path`, `key_one`/`key_other`). */
import { FALLBACK_LANGUAGE } from './languages.js';

/** The nested object of one catalogue file: leaves are strings. */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** Namespace (file name without `.json`) → its tree, for one language. */
export type Catalogue = Record<string, CatalogueTree>;

/** Language → namespaces. */
export type Catalogues = Record<string, Catalogue>;

/** Values for `{{name}}` placeholders. A numeric `count` also selects the plural form (`key_one`, `key_other`…). */
export type TranslateParams = Record<string, string | number | boolean | Date | null | undefined>;

const DEFAULT_NAMESPACE = 'common';
const PLACEHOLDER = /\{\{\s*-?\s*([^\s,}]+)\s*(?:,[^}]*)?\}\}/g;

/**
 * Translates `'ns:key.path'` (no `ns:` → `common`) into `lang`, falling back to English, then to the key itself.
 * With a numeric `params.count`, looks for the CLDR plural form first (`key_one`, `key_other`…), as i18next does.
 * `{{name}}` is replaced by `String(params.name)`; unknown placeholders stay as written. The result is plain text:
 * escape it before putting it into HTML.
 */
export function translate(catalogues: Catalogues, lang: string, key: string, params?: TranslateParams): string {
  const colon = key.indexOf(':');
  const namespace = colon > 0 ? key.slice(0, colon) : DEFAULT_NAMESPACE;
  const path = colon > 0 ? key.slice(colon + 1) : key;

  const template =
    lookup(catalogues, lang, namespace, path, params?.count) ??
    (lang === FALLBACK_LANGUAGE ? undefined : lookup(catalogues, FALLBACK_LANGUAGE, namespace, path, params?.count));
  if (template === undefined) return key;
  return interpolate(template, params);
}

function lookup(
  catalogues: Catalogues,
  lang: string,
  namespace: string,
  path: string,
  count: TranslateParams[string],
): string | undefined {
  const tree = catalogues[lang]?.[namespace];
  if (!tree) return undefined;
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(lang).select(count);
    const plural = resolve(tree, `${path}_${form}`) ?? resolve(tree, `${path}_other`);
    if (plural !== undefined) return plural;
  }
  return resolve(tree, path);
}

function resolve(tree: CatalogueTree, path: string): string | undefined {
  let node: string | CatalogueTree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(template: string, params: TranslateParams | undefined): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    return value instanceof Date ? value.toISOString() : String(value);
  });
}

/** Flattens a catalogue tree to `{ 'a.b.c': 'text' }`. Non-string, non-object leaves are kept as they are. */
export function flattenCatalogue(tree: unknown, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    flat[prefix] = tree;
    return flat;
  }
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(flat, flattenCatalogue(value, path));
    } else {
      flat[path] = value;
    }
  }
  return flat;
}

/** The placeholder names of a template: `'Hello {{ name }}, {{date, datetime}}'` → `['date', 'name']` (sorted, unique). */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] ?? ''))].sort();
}
