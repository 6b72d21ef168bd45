/**
 * French typography of every catalogue in `locales/fr` (issue 14 "Texts"): a colon, semicolon, question or exclamation
 * mark used as punctuation has a non-breaking space before it (U+00A0, or the narrow U+202F), never an ordinary space
 * or none, so that it never starts a line; guillemets hold their text with non-breaking spaces; and there is one kind
 * of apostrophe, the typographic `’` (U+2019), never the typewriter `'`. A mark glued to what follows is not
 * punctuation (`09:00`, `https://`, `?page=`) and is left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from './load-catalogues.js';
import { flattenCatalogue } from './translate.js';

const FRENCH_DIR = join(LOCALES_DIR, 'fr');
const NON_BREAKING = '\u00a0\u202f';

/** The faults of one French text, each with a few characters around it. */
function frenchTypographyFaults(text: string): string[] {
  const faults: string[] = [];
  const around = (index: number) => JSON.stringify(text.slice(Math.max(0, index - 12), index + 3));
  // a punctuation mark: followed by a space, the end, or a closing quote, bracket or guillemet
  for (const match of text.matchAll(/[:;?!](?=\s|$|["»)\]])/g)) {
    const index = match.index ?? 0;
    const before = text[index - 1] ?? '';
    if (!NON_BREAKING.includes(before) && !/[:;?!]/.test(before))
      faults.push(`space before ${match[0]}: ${around(index)}`);
  }
  for (const match of text.matchAll(/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/g)) {
    faults.push(`guillemet without a non-breaking space: ${around(match.index ?? 0)}`);
  }
  for (const match of text.matchAll(/'/g)) faults.push(`typewriter apostrophe: ${around(match.index ?? 0)}`);
  return faults;
}

describe('French typography', () => {
  it('finds the faults it is meant to find, and only those', () => {
    expect(frenchTypographyFaults('Adresse : {{a}}')).toHaveLength(1);
    expect(frenchTypographyFaults('Adresse: {{a}}')).toHaveLength(1);
    expect(frenchTypographyFaults('Supprimer ?')).toHaveLength(1);
    expect(frenchTypographyFaults("l'alerte")).toHaveLength(1);
    expect(frenchTypographyFaults('« {{name}} »')).toHaveLength(2);
    expect(frenchTypographyFaults('Adresse\u00a0: {{a}} ; ok\u202f; l’alerte «\u00a0x\u00a0» ?!')).toHaveLength(1);
    expect(frenchTypographyFaults('De 09:00 à 10:00, https://isoptera.example/?page=2 ; fin\u202f!')).toHaveLength(1);
  });

  it.each(readdirSync(FRENCH_DIR).filter((file) => file.endsWith('.json')))('fr/%s follows it', (file) => {
    const entries = flattenCatalogue(JSON.parse(readFileSync(join(FRENCH_DIR, file), 'utf8')));
    const faults = Object.entries(entries).flatMap(([key, value]) =>
      typeof value === 'string' ? frenchTypographyFaults(value).map((fault) => `${key}: ${fault}`) : [],
    );
    expect(faults).toEqual([]);
  });
});
