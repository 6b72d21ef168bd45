/**
 * Issue 14 "Translation tool" (SPEC §2.2 /translations, §2.7; docs/decisions/014): `/api/translations…` — overrides
 * set, checked, stale and reverted; languages added and deleted; publication and the published texts; the server's
 * own texts (error messages) showing a published override; the permission matrix of the tool. Import and export of
 * every file format are in translation-files.test.ts.
 */
import type {
  PublishedTexts,
  TranslationKey,
  TranslationKeyCollection,
  TranslationLanguageCollection,
} from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createPcoTeam, createSpace, login } from '../../../test/factories.js';
import { call, violations } from '../../../test/report-factories.js';
import { markOverridesStale } from '../../../test/translation-factories.js';

let t: TestApp;
let admin: string;
let superAdmin: string;
let adminUser: string;
let dealerOwner: string;
let team: Awaited<ReturnType<typeof createPcoTeam>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const adminSpace = await createSpace(t.db, 'admin');
  admin = await login(t.app, (await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN')).email);
  superAdmin = await login(t.app, (await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_SUPER_ADMIN')).email);
  adminUser = await login(t.app, (await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_USER')).email);
  const dealer = await createSpace(t.db, 'dealer');
  dealerOwner = await login(t.app, (await createMember(t.db, dealer, 'ROLE_DEALER_SPACE_OWNER')).email);
  team = await createPcoTeam(t.app, t.db);
}, 60_000);
afterAll(() => t.close());

const asAdmin = (method: Parameters<typeof call>[2], url: string, payload?: unknown) =>
  call(t, admin, method, url, payload);
const keys = async (query: string) => {
  const response = await asAdmin('GET', `/api/translations/keys?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TranslationKeyCollection;
};
const textOf = (key: TranslationKey, language: string) => key.texts.find((text) => text.language === language);

describe('/api/translations: overrides', () => {
  it('lists the keys with every language side by side, searched and by namespace', async () => {
    const page = await keys('language=fr&namespace=common&search=actions.save');
    expect(page['hydra:totalItems']).toBe(1);
    const [save] = page['hydra:member'];
    expect(save).toMatchObject({ namespace: 'common', key: 'actions.save', english: 'Save' });
    expect(save?.texts.map((text) => text.language)).toEqual(['fr', 'en', 'ja', 'it', 'pt']);
    expect(textOf(save as TranslationKey, 'fr')).toMatchObject({
      bundled: 'Enregistrer',
      override: null,
      stale: false,
    });
    // a text of any language matches the search, ignoring case
    const byText = await keys('language=fr&namespace=common&search=ENREGISTRER');
    expect(byText['hydra:member'].map((key) => key.key)).toContain('actions.save');
    // plural groups are the language's own forms: Japanese has `_other` only
    const ja = await keys('language=ja&namespace=home&search=upcoming.count');
    expect(ja['hydra:member'].map((key) => key.key)).toEqual(['upcoming.count_other']);
    const fr = await keys('language=fr&namespace=home&search=upcoming.count');
    expect(fr['hydra:member'].map((key) => key.key)).toEqual([
      'upcoming.count_many',
      'upcoming.count_one',
      'upcoming.count_other',
    ]);
  });

  it('sets an override, a draft until published; publishing shows it to the web app and the server', async () => {
    const before = (await asAdmin('GET', '/api/translations/version')).json() as { version: number };
    const put = await asAdmin('PUT', '/api/translations/overrides/fr/common/actions.save', {
      value: 'Sauvegarder',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(textOf(put.json() as TranslationKey, 'fr')).toMatchObject({
      bundled: 'Enregistrer',
      override: 'Sauvegarder',
      value: 'Sauvegarder',
      stale: false,
    });
    const overridden = await keys('language=fr&status=overridden');
    expect(overridden['hydra:member'].map((key) => `${key.namespace}:${key.key}`)).toContain('common:actions.save');

    // not published yet: the public read still has none
    const draft = await t.app.inject({ method: 'GET', url: '/api/translations/published/fr/common' });
    expect(draft.statusCode).toBe(200);
    expect((draft.json() as PublishedTexts).texts['actions.save']).toBeUndefined();

    const published = await asAdmin('POST', '/api/translations/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: before.version + 1, pending: 0 });

    const read = await t.app.inject({ method: 'GET', url: '/api/translations/published/fr/common' });
    expect(read.json()).toMatchObject({
      version: before.version + 1,
      language: 'fr',
      namespace: 'common',
      texts: { 'actions.save': 'Sauvegarder' },
    });
    const etag = read.headers.etag as string;
    expect(etag).toBe(`"v${before.version + 1}"`);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/translations/published/fr/common',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const version = await t.app.inject({ method: 'GET', url: '/api/translations/version' });
    expect(version.json()).toMatchObject({ version: before.version + 1, overridden: { fr: ['common'] } });
  });

  it('reverts an override to the bundled text', async () => {
    await asAdmin('PUT', '/api/translations/overrides/it/common/actions.cancel', { value: 'Lascia perdere' });
    const reverted = await asAdmin('DELETE', '/api/translations/overrides/it/common/actions.cancel');
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(textOf(reverted.json() as TranslationKey, 'it')).toMatchObject({
      override: null,
      value: 'Annulla',
    });
    const overridden = await keys('language=it&status=overridden');
    expect(overridden['hydra:member'].map((key) => key.key)).not.toContain('actions.cancel');
  });

  it('marks an override stale when the bundled text it replaced has changed since', async () => {
    await asAdmin('PUT', '/api/translations/overrides/pt/common/actions.close', { value: 'Fechar janela' });
    expect((await keys('language=pt&status=stale'))['hydra:member'].map((k) => k.key)).not.toContain('actions.close');
    // the override was written against another bundled text (as after an upgrade that changed the bundle)
    await markOverridesStale(t.db, 'actions.close');
    const stale = await keys('language=pt&status=stale');
    const [close] = stale['hydra:member'];
    expect(stale['hydra:member'].map((k) => k.key)).toEqual(['actions.close']);
    expect(textOf(close as TranslationKey, 'pt')).toMatchObject({ override: 'Fechar janela', stale: true });
    const languages = (await asAdmin('GET', '/api/translations/languages')).json() as TranslationLanguageCollection;
    expect(languages['hydra:member'].find((l) => l.code === 'pt')).toMatchObject({ stale: 1 });
    // saving it again takes the current bundled text as its base
    await asAdmin('PUT', '/api/translations/overrides/pt/common/actions.close', { value: 'Fechar janela' });
    expect((await keys('language=pt&status=stale'))['hydra:member']).toEqual([]);
  });
});

describe('/api/translations: checks on save', () => {
  const save = (language: string, ns: string, key: string, value: string, lang = 'fr') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/translations/overrides/${language}/${ns}/${key}`,
      headers: as(admin, { 'accept-language': lang }),
      payload: { value },
    });

  it('refuses placeholders other than English’s, HTML, changed surrounding spaces, an empty text', async () => {
    const placeholders = await save('fr', 'common', 'actions.removeItem', 'Retirer {{name}}');
    expect(placeholders.statusCode).toBe(422);
    expect(violations(placeholders)).toEqual(['value:translation_placeholders_mismatch']);
    // the message is in the admin's language
    expect(placeholders.json().violations[0].message).toBe(
      'Le texte doit contenir les mêmes variables {{…}} que l’anglais.',
    );
    const missing = await save('ja', 'common', 'actions.removeItem', '削除', 'ja');
    expect(violations(missing)).toEqual(['value:translation_placeholders_mismatch']);
    expect(missing.json().violations[0].message).toBe('訳文には英語と同じ {{…}} 変数を含めてください。');
    expect(violations(await save('fr', 'common', 'actions.save', '<b>Enregistrer</b>'))).toEqual([
      'value:translation_html_forbidden',
    ]);
    expect(violations(await save('fr', 'common', 'actions.save', ' Enregistrer'))).toEqual([
      'value:translation_spaces_mismatch',
    ]);
    expect(violations(await save('fr', 'common', 'actions.save', '   '))).toEqual(['value:translation_value_required']);
    // the one-form of a plural may leave out {{count}} ("un client"), the other-form may not
    expect((await save('fr', 'home', 'upcoming.dayCount_one', 'une intervention')).statusCode).toBe(200);
    expect(violations(await save('fr', 'home', 'upcoming.dayCount_other', 'des interventions'))).toEqual([
      'value:translation_placeholders_mismatch',
    ]);
    // nothing refused was stored
    const page = await keys('language=fr&namespace=common&search=actions.removeItem');
    expect(textOf(page['hydra:member'][0] as TranslationKey, 'fr')?.override).toBeNull();
  });

  it('refuses a plural form the language does not use, an unknown key, an unknown language', async () => {
    const jaOne = await save('ja', 'home', 'upcoming.dayCount_one', '{{count}}件');
    expect(jaOne.statusCode).toBe(422);
    expect(violations(jaOne)).toEqual(['key:translation_plural_form_invalid']);
    const unknown = await save('fr', 'common', 'actions.nothingLikeThis', 'Rien');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'translation_key_not_found' });
    const language = await save('de', 'common', 'actions.save', 'Speichern');
    expect(language.statusCode).toBe(404);
    expect(language.json()).toMatchObject({ error: 'language_not_found' });
  });
});

describe('/api/translations/languages', () => {
  it('counts progress with each language’s plural forms', async () => {
    const list = (await asAdmin('GET', '/api/translations/languages')).json() as TranslationLanguageCollection;
    const byCode = Object.fromEntries(list['hydra:member'].map((l) => [l.code, l]));
    expect(Object.keys(byCode)).toEqual(['fr', 'en', 'ja', 'it', 'pt']);
    expect(list['hydra:member'].every((l) => l.bundled && l.enabled)).toBe(true);
    // Japanese has one plural form, English two, French three (one, many, other): fewer keys, more keys
    expect(byCode.ja?.total).toBeLessThan(byCode.en?.total ?? 0);
    expect(byCode.en?.total).toBeLessThan(byCode.fr?.total ?? 0);
    expect(byCode.en?.translated).toBe(byCode.en?.total);
    expect(byCode.ja?.translated).toBe(byCode.ja?.total);
  });

  it('adds a language that starts from English with every key missing, and deletes it; fr and en stay', async () => {
    const added = await asAdmin('POST', '/api/translations/languages', { code: 'de' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ code: 'de', bundled: false, enabled: true, translated: 0 });
    expect(added.json().total).toBeGreaterThan(100);
    expect((await asAdmin('POST', '/api/translations/languages', { code: 'de' })).json()).toMatchObject({
      error: 'language_exists',
    });
    expect(violations(await asAdmin('POST', '/api/translations/languages', { code: 'Deutsch!' }))).toEqual([
      'code:language_code_invalid',
    ]);
    const missing = await keys('language=de&status=missing&namespace=common');
    const save = missing['hydra:member'].find((k) => k.key === 'actions.save') as TranslationKey;
    expect(save.english).toBe('Save');
    expect(textOf(save, 'de')).toMatchObject({ bundled: null, value: null });
    const put = await asAdmin('PUT', '/api/translations/overrides/de/common/actions.save', { value: 'Speichern' });
    expect(put.statusCode, put.body).toBe(200);
    const list = (await asAdmin('GET', '/api/translations/languages')).json() as TranslationLanguageCollection;
    expect(list['hydra:member'].find((l) => l.code === 'de')).toMatchObject({ translated: 1, overridden: 1 });

    for (const code of ['fr', 'en', 'ja']) {
      const refused = await asAdmin('DELETE', `/api/translations/languages/${code}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'language_bundled' });
    }
    expect((await asAdmin('DELETE', '/api/translations/languages/de')).statusCode).toBe(204);
    expect((await asAdmin('DELETE', '/api/translations/languages/de')).statusCode).toBe(404);
    const after = (await asAdmin('GET', '/api/translations/languages')).json() as TranslationLanguageCollection;
    expect(after['hydra:member'].map((l) => l.code)).toEqual(['fr', 'en', 'ja', 'it', 'pt']);
  });
});

describe('the server’s own texts', () => {
  it('an error message shows a published override, and the bundled text again once reverted and published', async () => {
    const notFound = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/clients/01J00000000000000000000000',
        headers: as(team.owner.cookie, { 'accept-language': 'fr' }),
      });
    expect((await notFound()).json()).toMatchObject({
      error: 'client_not_found',
      detail: 'Ce client est introuvable.',
    });
    const put = await asAdmin('PUT', '/api/translations/overrides/fr/errors/client_not_found', {
      value: 'Aucun client ne correspond.',
    });
    expect(put.statusCode, put.body).toBe(200);
    // a draft: not yet shown
    expect((await notFound()).json()).toMatchObject({ detail: 'Ce client est introuvable.' });
    await asAdmin('POST', '/api/translations/publish');
    expect((await notFound()).json()).toMatchObject({ detail: 'Aucun client ne correspond.' });
    await asAdmin('DELETE', '/api/translations/overrides/fr/errors/client_not_found');
    await asAdmin('POST', '/api/translations/publish');
    expect((await notFound()).json()).toMatchObject({ detail: 'Ce client est introuvable.' });
  });
});

describe('permissions', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/translations/keys'],
    ['GET', '/api/translations/languages'],
    ['POST', '/api/translations/languages', { code: 'es' }],
    ['DELETE', '/api/translations/languages/es'],
    ['PUT', '/api/translations/overrides/fr/common/actions.edit', { value: 'Changer' }],
    ['DELETE', '/api/translations/overrides/fr/common/actions.edit'],
    ['POST', '/api/translations/publish'],
    ['GET', '/api/translations/export?format=json&language=fr&namespace=common'],
  ];

  it('admins (super admin, admin) may; the admin space’s user, a dealer, a PCO owner get 403, anonymous 401', async () => {
    const outcome: string[] = [];
    for (const [who, cookie] of [
      ['adminUser', adminUser],
      ['dealerOwner', dealerOwner],
      ['pcoOwner', team.owner.cookie],
      ['pcoManager', team.manager.cookie],
    ] as const) {
      for (const [method, url, body] of calls) {
        const response = await call(t, cookie, method as 'GET', url, body);
        if (response.statusCode !== 403) outcome.push(`${who} ${method} ${url}: ${response.statusCode}`);
      }
    }
    for (const [method, url, body] of calls) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'client-type': 'webapp' },
        ...(body ? { payload: body as object } : {}),
      });
      if (response.statusCode !== 401) outcome.push(`anonymous ${method} ${url}: ${response.statusCode}`);
    }
    expect(outcome).toEqual([]);
    // nothing the refused calls asked for happened
    const languages = (await asAdmin('GET', '/api/translations/languages')).json() as TranslationLanguageCollection;
    expect(languages['hydra:member'].map((l) => l.code)).not.toContain('es');
    for (const cookie of [admin, superAdmin]) {
      for (const [method, url, body] of calls) {
        const response = await call(t, cookie, method as 'GET', url, body);
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(300);
      }
    }
    // the published texts and their version are for every browser
    expect((await t.app.inject({ method: 'GET', url: '/api/translations/version' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/translations/published/ja/home' })).statusCode).toBe(200);
  });
});
