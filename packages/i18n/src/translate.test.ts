import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toLanguage } from './languages.js';
import { loadCatalogues } from './load-catalogues.js';
import { type Catalogues, placeholdersOf, translate } from './translate.js';

const catalogues: Catalogues = {
  en: {
    common: { save: 'Save' },
    mail: {
      invite: { subject: '{{inviter}} invites you to {{ space }}', only_en: 'Only in English' },
      sites_one: 'One site',
      sites_other: '{{count}} sites',
    },
  },
  fr: {
    common: { save: 'Enregistrer' },
    mail: {
      invite: { subject: '{{inviter}} vous invite dans {{space}}' },
      sites_one: 'Un site',
      sites_other: '{{count}} sites',
    },
  },
  ja: { mail: { sites_other: '{{count}} 件のサイト' } },
};

describe('translate', () => {
  it('looks up ns:key.path and interpolates {{param}}', () => {
    expect(translate(catalogues, 'fr', 'mail:invite.subject', { inviter: 'Alice', space: 'Acme' })).toBe(
      'Alice vous invite dans Acme',
    );
    expect(translate(catalogues, 'en', 'mail:invite.subject', { inviter: 'Alice', space: 'Acme' })).toBe(
      'Alice invites you to Acme',
    );
  });

  it('uses the common namespace when the key has none', () => {
    expect(translate(catalogues, 'fr', 'save')).toBe('Enregistrer');
  });

  it('falls back to English, then to the key', () => {
    expect(translate(catalogues, 'fr', 'mail:invite.only_en')).toBe('Only in English');
    expect(translate(catalogues, 'it', 'common:save')).toBe('Save');
    expect(translate(catalogues, 'fr', 'mail:invite.unknown')).toBe('mail:invite.unknown');
    expect(translate(catalogues, 'fr', 'mail:invite')).toBe('mail:invite');
  });

  it('leaves placeholders without a value as written', () => {
    expect(translate(catalogues, 'en', 'mail:invite.subject', { inviter: 'Bob' })).toBe(
      'Bob invites you to {{ space }}',
    );
  });

  it('selects the plural form from count with the language rules', () => {
    expect(translate(catalogues, 'en', 'mail:sites', { count: 1 })).toBe('One site');
    expect(translate(catalogues, 'en', 'mail:sites', { count: 3 })).toBe('3 sites');
    expect(translate(catalogues, 'fr', 'mail:sites', { count: 0 })).toBe('Un site'); // French: 0 is "one"
    expect(translate(catalogues, 'ja', 'mail:sites', { count: 1 })).toBe('1 件のサイト');
  });
});

describe('placeholdersOf', () => {
  it('lists unique names, ignoring format and unescape markers', () => {
    expect(placeholdersOf('{{b}} {{ a }} {{- html}} {{date, datetime}} {{b}}')).toEqual(['a', 'b', 'date', 'html']);
  });
});

describe('toLanguage', () => {
  it('maps tags to supported languages', () => {
    expect(toLanguage('pt-BR')).toBe('pt');
    expect(toLanguage('ja_JP')).toBe('ja');
    expect(toLanguage('de')).toBeUndefined();
    expect(toLanguage(undefined)).toBeUndefined();
  });
});

describe('loadCatalogues', () => {
  const dir = mkdtempSync(join(tmpdir(), 'isoptera-i18n-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the package locales', () => {
    const loaded = loadCatalogues();
    expect(Object.keys(loaded)).toEqual(['fr', 'en', 'ja', 'it', 'pt']);
    expect(translate(loaded, 'ja', 'app:name')).toBe('Isoptera');
  });

  it('reads <lang>/<namespace>.json, tolerates a missing language and names a broken file', () => {
    mkdirSync(join(dir, 'fr'));
    writeFileSync(join(dir, 'fr', 'errors.json'), '{"not_found": "Introuvable"}');
    expect(loadCatalogues(dir).fr).toEqual({ errors: { not_found: 'Introuvable' } });
    expect(loadCatalogues(dir).en).toEqual({});
    writeFileSync(join(dir, 'fr', 'broken.json'), '{');
    expect(() => loadCatalogues(dir)).toThrow(/broken\.json/);
  });
});
