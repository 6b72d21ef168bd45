/**
 * Catalogue parity (ARCHITECTURE §6 "Every user-facing string exists in fr, en, ja, it and pt", §8).
 * Covers whatever files exist under packages/i18n/locales: every language has the same files and the same keys as
 * `fr`, no empty or non-string value, the same `{{placeholders}}` per key, and every file is valid JSON.
 * Plural variants (`key_one`, `key_other`, …) differ per language by CLDR rules, so they are compared by base key,
 * and every plural base must have its `_other` form.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages.js';
import { LOCALES_DIR } from './load-catalogues.js';
import { flattenCatalogue, placeholdersOf } from './translate.js';

const REFERENCE = 'fr';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const languageDirs = readdirSync(LOCALES_DIR)
  .filter((entry) => statSync(join(LOCALES_DIR, entry)).isDirectory())
  .sort();
const filesOf = (lang: string) => readdirSync(join(LOCALES_DIR, lang)).sort();
const referenceFiles = filesOf(REFERENCE).filter((file) => file.endsWith('.json'));

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };
const parsed = new Map<string, Parsed>();
const parse = (lang: string, file: string): Parsed => {
  const path = join(lang, file);
  let result = parsed.get(path);
  if (!result) {
    try {
      result = { ok: true, value: JSON.parse(readFileSync(join(LOCALES_DIR, path), 'utf8')) };
    } catch (error) {
      result = { ok: false, error: (error as Error).message };
    }
    parsed.set(path, result);
  }
  return result;
};
const flat = (lang: string, file: string): Record<string, unknown> => {
  const result = parse(lang, file);
  return result.ok ? flattenCatalogue(result.value) : {};
};

/** Base key → union of the placeholders of its variants (the key itself, or its plural forms). */
const byBaseKey = (entries: Record<string, unknown>): Map<string, Set<string>> => {
  const bases = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(entries)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    const names = bases.get(base) ?? new Set<string>();
    if (typeof value === 'string') for (const name of placeholdersOf(value)) names.add(name);
    bases.set(base, names);
  }
  return bases;
};

const allFiles = languageDirs.flatMap((lang) => filesOf(lang).map((file) => [lang, file] as const));

describe('locales', () => {
  it('has exactly one folder per supported language', () => {
    expect(languageDirs).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('has at least one catalogue', () => {
    expect(referenceFiles.length).toBeGreaterThan(0);
  });

  it.each(languageDirs.filter((lang) => lang !== REFERENCE))('%s has the same files as fr', (lang) => {
    expect(filesOf(lang)).toEqual(filesOf(REFERENCE));
  });

  it.each(allFiles)('%s/%s is a JSON object of non-empty strings', (lang, file) => {
    expect(file, 'only .json files belong in locales/<lang>/').toMatch(/\.json$/);
    const result = parse(lang, file);
    expect(result.ok ? '' : result.error, 'must parse as JSON').toBe('');
    if (!result.ok) return;
    expect(result.value !== null && typeof result.value === 'object' && !Array.isArray(result.value)).toBe(true);
    const entries = flattenCatalogue(result.value);
    const notString = Object.entries(entries).filter(([, value]) => typeof value !== 'string');
    expect(notString, 'values must be strings (no arrays, numbers, null)').toEqual([]);
    const empty = Object.entries(entries).filter(([, value]) => typeof value === 'string' && value.trim() === '');
    expect(
      empty.map(([key]) => key),
      'empty values',
    ).toEqual([]);
    const keys = Object.keys(entries);
    const pluralBases = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((k) => k.replace(PLURAL_SUFFIX, '')));
    const withoutOther = [...pluralBases].filter((base) => !keys.includes(`${base}_other`));
    expect(withoutOther, 'plural keys need their _other form').toEqual([]);
  });
});

describe.each(referenceFiles)('%s', (file) => {
  const reference = byBaseKey(flat(REFERENCE, file));

  it.each(languageDirs.filter((lang) => lang !== REFERENCE))('%s has the same keys as fr', (lang) => {
    const other = byBaseKey(flat(lang, file));
    const missing = [...reference.keys()].filter((key) => !other.has(key));
    const extra = [...other.keys()].filter((key) => !reference.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(languageDirs.filter((lang) => lang !== REFERENCE))('%s has the same placeholders as fr', (lang) => {
    const other = byBaseKey(flat(lang, file));
    const mismatches: string[] = [];
    for (const [key, names] of reference) {
      const theirs = other.get(key);
      if (!theirs) continue; // reported by the key test
      const want = [...names].sort().join(', ');
      const got = [...theirs].sort().join(', ');
      if (want !== got) mismatches.push(`${key}: fr {${want}} / ${lang} {${got}}`);
    }
    expect(mismatches).toEqual([]);
  });
});
