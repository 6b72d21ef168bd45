import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { LANGUAGE_STORAGE_KEY, resolveLanguage, toLanguage } from './languages';
import { type Catalogue, loadCatalogues, namespaces, namespacesOf } from './resources';

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

describe('lazy catalogues (ARCHITECTURE §8)', () => {
  /** A fresh copy of the i18n module, as on a first visit of the given URL (nothing loaded yet). */
  async function freshI18n(url: string) {
    window.history.replaceState(null, '', url);
    vi.resetModules();
    return import('./i18n');
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it('loads only the active language at start, then each language the user switches to', async () => {
    const fresh = await freshI18n('/login?lang=ja');
    expect(fresh.loadedLanguages()).toEqual([]);
    await expect(fresh.startI18n()).resolves.toBe('ja');
    expect(fresh.loadedLanguages()).toEqual(['ja']);
    for (const language of ['fr', 'en', 'it', 'pt']) {
      expect(fresh.i18n.hasResourceBundle(language, 'errors'), language).toBe(false);
    }
    expect(fresh.i18n.t('search:noResult')).toBe('検索条件に一致する結果はありません');
    expect(fresh.i18n.t('errors.404')).toBe(fresh.i18n.t('errors:404'));
    expect(document.documentElement.lang).toBe('ja');

    await fresh.changeLanguage('it');
    expect(fresh.loadedLanguages()).toEqual(['it', 'ja']);
    expect(fresh.currentLanguage()).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });

  it('picks the stored setting when the URL has no lang, and keeps the last of two quick changes', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt');
    const fresh = await freshI18n('/login');
    await expect(fresh.startI18n()).resolves.toBe('pt');
    expect(fresh.loadedLanguages()).toEqual(['pt']);
    await Promise.all([fresh.changeLanguage('fr'), fresh.changeLanguage('ja')]);
    expect(fresh.currentLanguage()).toBe('ja');
  });

  it('loads the fallback language (en) only when a key is missing from the active language', async () => {
    const fresh = await freshI18n('/login?lang=fr');
    await fresh.startI18n();
    fresh.i18n.t('errors:404');
    expect(fresh.loadedLanguages()).toEqual(['fr']);
    fresh.i18n.t('errors:no_such_key');
    await vi.waitFor(() => expect(fresh.i18n.hasResourceBundle('en', 'errors')).toBe(true));
    expect(fresh.loadedLanguages()).toEqual(['en', 'fr']);
  });

  it('fetches the files of the requested language only', async () => {
    const load = (language: string) => vi.fn(async (): Promise<Catalogue> => ({ hello: language }));
    const files = {
      '/x/locales/fr/common.json': load('fr'),
      '/x/locales/fr/auth.json': load('fr'),
      '/x/locales/ja/common.json': load('ja'),
      '/x/locales/ja/auth.json': load('ja'),
    };
    await expect(loadCatalogues('ja', files)).resolves.toEqual({ common: { hello: 'ja' }, auth: { hello: 'ja' } });
    expect(files['/x/locales/ja/common.json']).toHaveBeenCalledOnce();
    expect(files['/x/locales/fr/common.json']).not.toHaveBeenCalled();
    expect(files['/x/locales/fr/auth.json']).not.toHaveBeenCalled();
    expect(namespacesOf(files)).toEqual(['auth', 'common']);
  });
});
