import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { resolveLanguage, toLanguage } from './languages';
import { namespaces } from './resources';

describe('language choice (SPEC §9)', () => {
  it('prefers the lang query parameter, then the stored setting, then the browser', () => {
    expect(resolveLanguage({ query: 'ja', stored: 'it', browser: ['pt-BR'] })).toBe('ja');
    expect(resolveLanguage({ query: null, stored: 'it', browser: ['pt-BR'] })).toBe('it');
    expect(resolveLanguage({ query: 'de', stored: null, browser: ['de-DE', 'pt-BR'] })).toBe('pt');
  });

  it('defaults to fr when nothing is supported', () => {
    expect(resolveLanguage({ query: 'xx', stored: 'zz', browser: ['de-DE'] })).toBe('fr');
    expect(resolveLanguage({})).toBe('fr');
  });

  it('narrows regional tags', () => {
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage('JA_jp')).toBe('ja');
    expect(toLanguage('es')).toBeNull();
  });
});

describe('catalogues', () => {
  it('loads every locales/<lang>/<namespace>.json as a namespace', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'layout', 'auth', 'errors', 'enums', 'search']));
  });

  it('resolves `ns:key` and the dotted `ns.key`, and follows the language', async () => {
    await changeLanguage('fr');
    expect(i18n.t('errors:404')).toBe('La ressource est introuvable.');
    expect(i18n.t('errors.404')).toBe('La ressource est introuvable.');
    expect(document.documentElement.lang).toBe('fr');
    await changeLanguage('ja');
    expect(i18n.t('search:noResult')).toBe('検索条件に一致する結果はありません');
    expect(document.documentElement.lang).toBe('ja');
    await changeLanguage('en');
    expect(i18n.t('errors:invalid_credentials')).toBe('This combination of credentials is incorrect.');
  });

  it('interpolates parameters', () => {
    expect(i18n.t('common:pagination.displayedOfTotal', { displayed: 30, total: 124 })).toBe('30 of 124');
  });
});
