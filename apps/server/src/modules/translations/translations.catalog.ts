/**
 * The bundled side of the translation tool (issue 14; docs/decisions/014): which keys each language needs (English's
 * keys, plural groups expanded to the language's CLDR forms), the bundled text of each, and the hash an override
 * keeps of the text it replaced (to tell when it went stale).
 */
import { createHash } from 'node:crypto';
import { type Catalogue, flatTexts, keysForLanguage, referenceText } from '@isoptera/i18n';
import { bundledCatalogues } from '@isoptera/i18n/load-catalogues';

/** The five languages shipped with catalogues, in menu order. */
export const BUNDLED = ['fr', 'en', 'ja', 'it', 'pt'] as const;

/** Namespaces the tool leaves out: none are hidden today (mail texts are server texts, and editable too). */
const catalogues = bundledCatalogues() as Record<string, Catalogue>;

/** Namespace → flat English texts: the reference every language is checked and counted against. */
const english = new Map<string, Record<string, string>>();
for (const [namespace, tree] of Object.entries(catalogues.en ?? {})) english.set(namespace, flatTexts(tree));

/** Namespace → flat bundled texts, per bundled language. */
const bundledFlat = new Map<string, Map<string, Record<string, string>>>();
for (const lang of BUNDLED) {
  const byNamespace = new Map<string, Record<string, string>>();
  for (const [namespace, tree] of Object.entries(catalogues[lang] ?? {})) byNamespace.set(namespace, flatTexts(tree));
  bundledFlat.set(lang, byNamespace);
}

const keysCache = new Map<string, Map<string, string[]>>();

/** The namespaces of the catalogues, sorted. */
export function namespaces(): string[] {
  return [...english.keys()].sort();
}

/** The keys `lang` needs in `namespace` (its plural forms), sorted; empty for an unknown namespace. */
export function keysOf(lang: string, namespace: string): string[] {
  let byNamespace = keysCache.get(lang);
  if (!byNamespace) {
    byNamespace = new Map();
    keysCache.set(lang, byNamespace);
  }
  let keys = byNamespace.get(namespace);
  if (!keys) {
    keys = keysForLanguage(Object.keys(english.get(namespace) ?? {}), lang);
    byNamespace.set(namespace, keys);
  }
  return keys;
}

/** `true` when `key` of `namespace` is one `lang` needs. */
export function hasKey(lang: string, namespace: string, key: string): boolean {
  return keysOf(lang, namespace).includes(key);
}

/** `true` when `key` of `namespace` exists for some language (e.g. a plural form French uses but Japanese not). */
export function isKnownKey(namespace: string, key: string): boolean {
  return BUNDLED.some((lang) => hasKey(lang, namespace, key));
}

/** The English text `key` is checked against (`x_other` for a plural form English lacks), or undefined. */
export function englishOf(namespace: string, key: string): string | undefined {
  return referenceText(english.get(namespace) ?? {}, key);
}

/** The bundled text of `key` in `lang` (undefined for an added language or a form the bundle lacks). */
export function bundledText(lang: string, namespace: string, key: string): string | undefined {
  return bundledFlat.get(lang)?.get(namespace)?.[key];
}

/**
 * SHA-256 (hex) of the text an override of `key` in `lang` replaces: the bundled text of that language, else the
 * English text it starts from. An override whose stored hash differs from this is stale.
 */
export function baseHash(lang: string, namespace: string, key: string): string {
  const text = bundledText(lang, namespace, key) ?? englishOf(namespace, key) ?? '';
  return createHash('sha256').update(text).digest('hex');
}
