/** Issue 11 "Hardening": the text check every request goes through (text.ts). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidTextPaths, isValidText, withValidText } from './text.js';

describe('isValidText', () => {
  it('refuses a NUL and lone surrogates, accepts surrogate pairs and other control characters', () => {
    expect(isValidText('Résidence 🐜 \t\n')).toBe(true);
    expect(isValidText('a\u0000b')).toBe(false);
    expect(isValidText('\ud83d')).toBe(false);
    expect(isValidText('x\udc1c')).toBe(false);
    expect(isValidText('\udc1c\ud83d')).toBe(false);
    expect(isValidText('\ud83d\udc1c')).toBe(true);
  });
});

describe('invalidTextPaths', () => {
  it('names every bad string by its path, object keys included, in document order', () => {
    const value = { a: 'ok', b: [{ c: 'x\u0000' }, 'fine', '\ud800'], 'k\u0000': 1, d: { e: null, f: 3 } };
    expect(invalidTextPaths(value)).toEqual([['b', 0, 'c'], ['b', 2], ['k\u0000']]);
    expect(invalidTextPaths('\u0000')).toEqual([[]]);
    expect(invalidTextPaths(undefined)).toEqual([]);
  });

  it('walks any depth without recursion, reports at most 20, and skips bytes', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(invalidTextPaths(deep)[0]).toHaveLength(100_000);
    expect(invalidTextPaths(Array(50).fill('\u0000'))).toHaveLength(20);
    expect(invalidTextPaths({ file: new Uint8Array([0, 0xd8]) })).toEqual([]);
  });
});

describe('withValidText', () => {
  it('fails with text_invalid at the field before the schema runs, and parses as the schema otherwise', () => {
    const schema = withValidText(z.object({ name: z.string().max(3), tags: z.array(z.string()) }));
    const refused = schema.safeParse({ name: 'too long\u0000', tags: ['a', '\ud800'] });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'text_invalid'],
      ['tags.1', 'text_invalid'],
    ]);
    expect(schema.parse({ name: 'abc', tags: [], extra: 1 })).toEqual({ name: 'abc', tags: [] });
  });
});
