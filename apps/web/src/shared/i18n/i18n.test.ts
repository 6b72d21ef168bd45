import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_GROUPS, catalogueGroupOf, START_NAMESPACES } from './catalogue-groups';
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

  it('leaves the server-side e-mail texts (`mail`) out of the bundle', () => {
    expect(namespaces).not.toContain('mail');
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

describe('catalogue groups (ARCHITECTURE §6 budgets)', () => {
  it('starts with the namespaces of the screens shown without a session, every other one comes with the shell', () => {
    expect(CATALOGUE_GROUPS).toEqual(['start', 'shell']);
    // the login page (auth, errors, common, the language names of enums), the loaders and error screens (layout)
    for (const namespace of ['auth', 'errors', 'common', 'enums', 'layout']) {
      expect(catalogueGroupOf(namespace), namespace).toBe('start');
    }
    for (const namespace of ['clients', 'sites', 'planning', 'search', 'a_new_feature']) {
      expect(catalogueGroupOf(namespace), namespace).toBe('shell');
    }
  });

  it('names only namespaces that exist, and leaves some to the shell', () => {
    for (const namespace of START_NAMESPACES) expect(namespaces, namespace).toContain(namespace);
    expect(namespaces.filter((namespace) => catalogueGroupOf(namespace) === 'shell').length).toBeGreaterThan(0);
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

  it('starts with the start group of the active language only, adds the shell group with the session', async () => {
    const fresh = await freshI18n('/login?lang=ja');
    expect(fresh.loadedLanguages()).toEqual([]);
    await expect(fresh.startI18n()).resolves.toBe('ja');
    expect(fresh.loadedCatalogueGroups()).toEqual(['ja:start']);
    for (const language of ['fr', 'en', 'it', 'pt']) {
      expect(fresh.i18n.hasResourceBundle(language, 'errors'), language).toBe(false);
    }
    expect(fresh.i18n.hasResourceBundle('ja', 'search')).toBe(false);
    expect(fresh.i18n.t('auth:login.title')).toBe('ログイン');
    expect(fresh.i18n.t('errors.404')).toBe(fresh.i18n.t('errors:404'));
    expect(document.documentElement.lang).toBe('ja');

    await fresh.loadShellCatalogues();
    expect(fresh.loadedCatalogueGroups()).toEqual(['ja:shell', 'ja:start']);
    expect(fresh.i18n.t('search:noResult')).toBe('検索条件に一致する結果はありません');
    expect(fresh.i18n.t('search.noResult')).toBe('検索条件に一致する結果はありません');
    expect(fresh.i18n.t('auth:login.title')).toBe('ログイン');
  });

  it('loads both wanted groups of each language the user switches to, and no other language', async () => {
    const fresh = await freshI18n('/login?lang=ja');
    await fresh.startI18n();
    await fresh.changeLanguage('it');
    expect(fresh.loadedCatalogueGroups()).toEqual(['it:start', 'ja:start']);
    expect(fresh.currentLanguage()).toBe('it');
    expect(document.documentElement.lang).toBe('it');
    await fresh.loadShellCatalogues();
    await fresh.changeLanguage('fr');
    expect(fresh.loadedCatalogueGroups()).toEqual(['fr:shell', 'fr:start', 'it:shell', 'it:start', 'ja:start']);
    expect(fresh.loadedLanguages()).toEqual(['fr', 'it', 'ja']);
    expect(fresh.i18n.t('search:noResult')).toBe(fresh.i18n.getResource('fr', 'search', 'noResult'));
  });

  it('loads the shell group of the language being switched to when a session opens meanwhile', async () => {
    const fresh = await freshI18n('/login?lang=fr');
    await fresh.startI18n();
    const switching = fresh.changeLanguage('ja'); // the user's stored language, as the session answers
    await fresh.loadShellCatalogues();
    await switching;
    expect(fresh.currentLanguage()).toBe('ja');
    expect(fresh.i18n.hasResourceBundle('ja', 'search')).toBe(true);
    expect(fresh.i18n.hasResourceBundle('fr', 'search')).toBe(true); // the language shown meanwhile
  });

  it('loads everything for a language when the app did not start with startI18n (tests, tools)', async () => {
    const fresh = await freshI18n('/');
    await fresh.changeLanguage('pt');
    expect(fresh.loadedCatalogueGroups()).toEqual(['pt:shell', 'pt:start']);
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
    expect(fresh.loadedCatalogueGroups()).toEqual(['en:start', 'fr:start']);
  });

  it('fetches the files of the requested language and group only', async () => {
    const load = (language: string) => vi.fn(async (): Promise<Catalogue> => ({ hello: language }));
    const files = {
      './fr/common.json': load('fr'),
      './fr/auth.json': load('fr'),
      './ja/common.json': load('ja'),
      './ja/auth.json': load('ja'),
      './ja/clients.json': load('ja'),
    };
    await expect(loadCatalogues('ja', 'start', files)).resolves.toEqual({
      common: { hello: 'ja' },
      auth: { hello: 'ja' },
    });
    expect(files['./ja/common.json']).toHaveBeenCalledOnce();
    expect(files['./ja/clients.json']).not.toHaveBeenCalled();
    expect(files['./fr/common.json']).not.toHaveBeenCalled();
    expect(files['./fr/auth.json']).not.toHaveBeenCalled();
    await expect(loadCatalogues('ja', 'shell', files)).resolves.toEqual({ clients: { hello: 'ja' } });
    await expect(loadCatalogues('fr', undefined, files)).resolves.toEqual({
      common: { hello: 'fr' },
      auth: { hello: 'fr' },
    });
    expect(namespacesOf(files)).toEqual(['auth', 'clients', 'common']);
  });
});
