/**
 * Translation overrides (issue 14 "Translation tool", SPEC §2.7; docs/decisions/014): texts an admin changed in the
 * translation tool, stored by the server and layered on top of the bundled catalogues by the web app and the server
 * alike. Browser-safe: no Node built-ins. Also the checks a saved text must pass, and the CLDR plural forms each
 * language needs, shared by the server (422 on save, import conflicts) and the web screen.
 */
import type { Catalogue, Catalogues, CatalogueTree } from './translate.js';
import { flattenCatalogue, placeholdersOf } from './translate.js';

/** Flat overrides of one language: namespace → `'a.b.c'` key → text. */
export type LanguageOverrides = Record<string, Record<string, string>>;

/** Flat overrides of every language: language code → namespace → key → text. */
export type Overrides = Record<string, LanguageOverrides>;

/** The suffix i18next gives a plural form: `_zero`, `_one`, `_two`, `_few`, `_many`, `_other`. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `'count_one'` → `{ base: 'count', form: 'one' }`; a key without a plural suffix → `{ base: key, form: null }`. */
export function splitPluralKey(key: string): { base: string; form: Intl.LDMLPluralRule | null } {
  const match = PLURAL_SUFFIX.exec(key);
  if (!match) return { base: key, form: null };
  return { base: key.slice(0, match.index), form: match[1] as Intl.LDMLPluralRule };
}

/**
 * The plural forms `lang` uses for cardinal numbers (CLDR, through `Intl.PluralRules`), in CLDR order: `['other']`
 * for ja, `['one', 'other']` for en, `['one', 'many', 'other']` for fr, it and pt. An unknown tag gets English's.
 */
export function pluralForms(lang: string): Intl.LDMLPluralRule[] {
  const order: Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];
  let categories: Intl.LDMLPluralRule[];
  try {
    categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  } catch {
    categories = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
  }
  return order.filter((form) => categories.includes(form));
}

/**
 * The keys a language must have in one namespace, from the English (reference) flat keys: a plain key as it is, a
 * plural group (`x_one`, `x_other` in English) as the forms of `lang` (`x_other` only in Japanese, `x_one`,
 * `x_many`, `x_other` in French). Sorted.
 */
export function keysForLanguage(referenceKeys: Iterable<string>, lang: string): string[] {
  const keys = new Set<string>();
  const forms = pluralForms(lang);
  for (const key of referenceKeys) {
    const { base, form } = splitPluralKey(key);
    if (form === null) keys.add(key);
    else for (const f of forms) keys.add(`${base}_${f}`);
  }
  return [...keys].sort();
}

/**
 * The English text a key of another language is checked against: the same key, or for a plural form English does
 * not have (`x_many`), English's `x_other`. Undefined when English has neither.
 */
export function referenceText(reference: Record<string, unknown>, key: string): string | undefined {
  const same = reference[key];
  if (typeof same === 'string') return same;
  const { base, form } = splitPluralKey(key);
  if (form === null) return undefined;
  const other = reference[`${base}_other`];
  return typeof other === 'string' ? other : undefined;
}

/** The codes of {@link checkTranslation}: also violation codes of the API (contracts `VIOLATION_CODES`). */
export type TranslationCheckCode =
  | 'translation_value_required'
  | 'translation_placeholders_mismatch'
  | 'translation_html_forbidden'
  | 'translation_spaces_mismatch';

const HTML_TAG = /<\/?[A-Za-z][^>]*>|&[A-Za-z]+;|&#\d+;/;
const LEADING_SPACE = /^[ \t\r\n]*/;
const TRAILING_SPACE = /[ \t\r\n]*$/;

/**
 * The rules a translated text must follow (issue 14 "Checks on save"), against the English text of its key:
 * - not empty (`translation_value_required`);
 * - the same `{{placeholders}}` as English (`translation_placeholders_mismatch`); a plural form other than `_other`
 *   may leave out `{{count}}` ("un client"), as the bundled catalogues do;
 * - no HTML tag or entity (`translation_html_forbidden`): every text is rendered as plain text;
 * - the same leading and trailing spaces as English (`translation_spaces_mismatch`): texts glued to others keep
 *   their separators.
 * Answers the broken rules, in that order (empty when the text is fine). Without an English text, only the first
 * and third apply.
 */
export function checkTranslation(value: string, english: string | undefined, key: string): TranslationCheckCode[] {
  const codes: TranslationCheckCode[] = [];
  if (value.trim() === '') return ['translation_value_required'];
  if (english !== undefined) {
    const { form } = splitPluralKey(key);
    const want = placeholdersOf(english);
    const got = placeholdersOf(value);
    const optional = form !== null && form !== 'other' ? new Set(['count']) : new Set<string>();
    const missing = want.filter((name) => !got.includes(name) && !optional.has(name));
    const extra = got.filter((name) => !want.includes(name));
    if (missing.length > 0 || extra.length > 0) codes.push('translation_placeholders_mismatch');
  }
  if (HTML_TAG.test(value)) codes.push('translation_html_forbidden');
  if (english !== undefined) {
    const lead = (text: string) => LEADING_SPACE.exec(text)?.[0] ?? '';
    const trail = (text: string) => TRAILING_SPACE.exec(text)?.[0] ?? '';
    if (lead(value) !== lead(english) || trail(value) !== trail(english)) codes.push('translation_spaces_mismatch');
  }
  return codes;
}

/** Sets `'a.b.c'` in a catalogue tree to `value`, creating the objects on the way (a string in the way is replaced). */
function setPath(tree: CatalogueTree, path: string, value: string): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === undefined || typeof next === 'string') {
      const created: CatalogueTree = {};
      node[part] = created;
      node = created;
    } else {
      node = next;
    }
  }
  node[parts[parts.length - 1] ?? path] = value;
}

/** A deep copy of a catalogue tree. */
function copyTree(tree: CatalogueTree): CatalogueTree {
  const copy: CatalogueTree = {};
  for (const [key, value] of Object.entries(tree)) copy[key] = typeof value === 'string' ? value : copyTree(value);
  return copy;
}

/**
 * The catalogues of `base` with `overrides` laid on top (a new object; `base` is left as it is). Only the languages
 * of `base` are kept: an override of a language the base does not know is dropped.
 */
export function applyOverrides<C extends Catalogues>(base: C, overrides: Overrides): C {
  const merged = {} as Catalogues;
  for (const [lang, catalogue] of Object.entries(base)) {
    const next: Catalogue = {};
    for (const [namespace, tree] of Object.entries(catalogue)) next[namespace] = tree;
    for (const [namespace, texts] of Object.entries(overrides[lang] ?? {})) {
      const tree = copyTree(next[namespace] ?? {});
      for (const [key, value] of Object.entries(texts)) setPath(tree, key, value);
      next[namespace] = tree;
    }
    merged[lang] = next;
  }
  return merged as C;
}

/** The flat `{ 'a.b': text }` of a namespace tree, strings only. */
export function flatTexts(tree: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(flattenCatalogue(tree ?? {}))) {
    if (typeof value === 'string') texts[key] = value;
  }
  return texts;
}
