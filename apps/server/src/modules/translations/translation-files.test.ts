/**
 * Issue 14 "Translation tool": the import (dry run, then apply) and the export of every format — a zip of i18next
 * JSON, JSON, XLIFF 1.2 and 2.0, PO, XLSX — through `/api/translations/import` and `/api/translations/export`. A
 * dry run and an apply with conflicts change nothing; files are judged by content and capped in size.
 */
import type { TranslationImportReport, TranslationKeyCollection } from '@isoptera/contracts';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { po } from 'gettext-parser';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { as, createMember, createSpace, login } from '../../../test/factories.js';
import { call, multipartForm, violations } from '../../../test/report-factories.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { TWO_FACTOR_SPACES: '' } });
  const adminSpace = await createSpace(t.db, 'admin');
  admin = await login(t.app, (await createMember(t.db, adminSpace, 'ROLE_ADMIN_SPACE_ADMIN')).email);
}, 60_000);
afterAll(() => t.close());

/** `POST /api/translations/import?…` with `content` as the file. */
function upload(content: Buffer, query = '') {
  const form = multipartForm({}, { filename: 'upload.bin', contentType: 'application/octet-stream', content });
  return t.app.inject({
    method: 'POST',
    url: `/api/translations/import${query ? `?${query}` : ''}`,
    headers: as(admin, { 'content-type': form.contentType }),
    payload: form.payload,
  });
}

/** The text in force of `ns:key` in `language` (override, else bundled). */
async function textInForce(language: string, ns: string, key: string): Promise<string | null> {
  const response = await call(
    t,
    admin,
    'GET',
    `/api/translations/keys?language=${language}&namespace=${ns}&search=${key}`,
  );
  const page = response.json() as TranslationKeyCollection;
  const row = page['hydra:member'].find((k) => k.key === key);
  return row?.texts.find((text) => text.language === language)?.value ?? null;
}

const keysOf = (entries: { language: string; namespace: string; key: string }[]) =>
  entries.map((e) => `${e.language}/${e.namespace}:${e.key}`).sort();

/** Dry run (nothing written), then apply; answers both reports. */
async function dryRunThenApply(content: Buffer, query = '') {
  const dry = await upload(content, query);
  expect(dry.statusCode, dry.body).toBe(200);
  const applied = await upload(content, `${query ? `${query}&` : ''}dry_run=false`);
  expect(applied.statusCode, applied.body).toBe(200);
  return { dry: dry.json() as TranslationImportReport, applied: applied.json() as TranslationImportReport };
}

describe('import', () => {
  it('zip of i18next JSON: the dry run lists new, changed and conflicting keys and writes nothing; apply refuses conflicts unless excluded', async () => {
    const archive = Buffer.from(
      zipSync({
        'translations/fr/common.json': strToU8(
          JSON.stringify({ actions: { save: 'Valider', cancel: 'Annuler', removeItem: 'Retirer {{nom}}' } }),
        ),
        'translations/it/home.json': strToU8(JSON.stringify({ upcoming: { title: 'Prossimi servizi' } })),
        'translations/fr/nothing.json': strToU8(JSON.stringify({ a: 'b' })),
      }),
    );
    const dry = await upload(archive);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as TranslationImportReport;
    expect(report).toMatchObject({ format: 'zip', applied: false, unchanged: 1, new: [] });
    expect(keysOf(report.changed)).toEqual(['fr/common:actions.save', 'it/home:upcoming.title']);
    expect(report.changed.find((e) => e.key === 'actions.save')).toMatchObject({
      value: 'Valider',
      current: 'Enregistrer',
    });
    expect(report.conflicts).toEqual([
      {
        language: 'fr',
        namespace: 'common',
        key: 'actions.removeItem',
        value: 'Retirer {{nom}}',
        current: 'Retirer {{label}}',
        codes: ['translation_placeholders_mismatch'],
      },
    ]);
    expect(report.unknown).toEqual(['fr/nothing:a']);
    expect(await textInForce('fr', 'common', 'actions.save')).toBe('Enregistrer');

    const refused = await upload(archive, 'dry_run=false');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'translation_import_conflicts' });
    expect(refused.json().report.conflicts).toHaveLength(1);
    expect(await textInForce('fr', 'common', 'actions.save')).toBe('Enregistrer');
    expect(await textInForce('it', 'home', 'upcoming.title')).not.toBe('Prossimi servizi');

    const applied = await upload(archive, 'dry_run=false&exclude_conflicts=true');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true });
    expect(await textInForce('fr', 'common', 'actions.save')).toBe('Valider');
    expect(await textInForce('it', 'home', 'upcoming.title')).toBe('Prossimi servizi');
    expect(await textInForce('fr', 'common', 'actions.removeItem')).toBe('Retirer {{label}}');
  });

  it('JSON: one language’s namespaces, one catalogue, or every language; a plural group needs its other-form', async () => {
    const byNamespace = Buffer.from(JSON.stringify({ common: { actions: { edit: 'Editar ficha' } } }));
    const { dry, applied } = await dryRunThenApply(byNamespace, 'language=pt');
    expect(dry).toMatchObject({ format: 'json', applied: false });
    expect(keysOf(dry.changed)).toEqual(['pt/common:actions.edit']);
    expect(applied.applied).toBe(true);
    expect(await textInForce('pt', 'common', 'actions.edit')).toBe('Editar ficha');

    const catalogue = Buffer.from(JSON.stringify({ upcoming: { dayCount_one: '{{count}} visita prevista' } }));
    const plural = await upload(catalogue, 'language=pt&namespace=home');
    expect(keysOf((plural.json() as TranslationImportReport).changed)).toEqual(['pt/home:upcoming.dayCount_one']);

    const allLanguages = Buffer.from(JSON.stringify({ ja: { home: { upcoming: { title: '次の訪問' } } } }));
    const ja = await upload(allLanguages);
    expect(keysOf((ja.json() as TranslationImportReport).changed)).toEqual(['ja/home:upcoming.title']);

    // an added language: its plural group given without the other-form is a conflict
    await call(t, admin, 'POST', '/api/translations/languages', { code: 'de' });
    const dePlural = Buffer.from(JSON.stringify({ upcoming: { dayCount_one: '{{count}} Besuch' } }));
    const de = (await upload(dePlural, 'language=de&namespace=home')).json() as TranslationImportReport;
    expect(keysOf(de.new)).toEqual(['de/home:upcoming.dayCount_one']);
    expect(de.conflicts).toMatchObject([
      { key: 'upcoming.dayCount_other', codes: ['translation_plural_forms_missing'] },
    ]);

    const noLanguage = await upload(byNamespace);
    expect(noLanguage.statusCode).toBe(422);
    expect(violations(noLanguage)).toEqual(['language:language_required']);
  });

  it('XLIFF 1.2 and 2.0: the target language of the file', async () => {
    const xliff12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="common" datatype="plaintext" source-language="en" target-language="it">
    <body>
      <trans-unit id="actions.delete"><source>Delete</source><target>Cancella</target></trans-unit>
      <trans-unit id="actions.back"><source>Back</source><target>Indietro &lt;b&gt;</target></trans-unit>
    </body>
  </file>
</xliff>`;
    const v12 = await dryRunThenApply(Buffer.from(xliff12), 'exclude_conflicts=true');
    expect(v12.dry.format).toBe('xliff12');
    expect(keysOf(v12.dry.changed)).toEqual(['it/common:actions.delete']);
    expect(v12.dry.conflicts).toMatchObject([{ key: 'actions.back', codes: ['translation_html_forbidden'] }]);
    expect(await textInForce('it', 'common', 'actions.delete')).toBe('Cancella');

    const xliff20 = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">
  <file id="common">
    <unit id="actions.retry"><segment><source>Try again</source><target>もう一度やり直す</target></segment></unit>
  </file>
</xliff>`;
    const v20 = await dryRunThenApply(Buffer.from(xliff20));
    expect(v20.dry.format).toBe('xliff20');
    expect(keysOf(v20.dry.changed)).toEqual(['ja/common:actions.retry']);
    expect(await textInForce('ja', 'common', 'actions.retry')).toBe('もう一度やり直す');
  });

  it('PO: msgctxt namespace:key, the Language header', async () => {
    const file = po.compile({
      charset: 'utf-8',
      headers: { Language: 'fr', 'Content-Type': 'text/plain; charset=UTF-8' },
      translations: {
        'common:actions.clear': {
          Clear: { msgctxt: 'common:actions.clear', msgid: 'Clear', msgstr: ['Tout effacer'] },
        },
        'common:actions.search': {
          Search: { msgctxt: 'common:actions.search', msgid: 'Search', msgstr: ['Rechercher '] },
        },
      },
    });
    const { dry } = await dryRunThenApply(file, 'exclude_conflicts=true');
    expect(dry.format).toBe('po');
    expect(keysOf(dry.changed)).toEqual(['fr/common:actions.clear']);
    expect(dry.conflicts).toMatchObject([{ key: 'actions.search', codes: ['translation_spaces_mismatch'] }]);
    expect(await textInForce('fr', 'common', 'actions.clear')).toBe('Tout effacer');
  });

  it('XLSX: namespace, key, one column per language', async () => {
    const cell = (value: string) => ({ value, type: String });
    const sheet = (await writeExcelFile([
      [cell('namespace'), cell('key'), cell('fr'), cell('pt')],
      [cell('common'), cell('actions.confirm'), cell('Valider la saisie'), cell('')],
      [cell('common'), cell('actions.close'), cell(''), cell('Fechar painel')],
    ]).toBuffer()) as Buffer;
    const { dry } = await dryRunThenApply(sheet);
    expect(dry.format).toBe('xlsx');
    expect(keysOf(dry.changed)).toEqual(['fr/common:actions.confirm', 'pt/common:actions.close']);
    expect(await textInForce('pt', 'common', 'actions.close')).toBe('Fechar painel');
  });

  it('refuses what is not a translation file, an empty upload, and a zip that unzips beyond the cap', async () => {
    const garbage = await upload(Buffer.from('%PDF-1.7 not a translation'));
    expect(garbage.statusCode).toBe(422);
    expect(violations(garbage)).toEqual(['file:translation_file_invalid']);
    expect(violations(await upload(Buffer.from('{"common": ')))).toEqual(['file:translation_file_invalid']);
    expect(violations(await upload(Buffer.alloc(0)))).toEqual(['file:type_file_not_found']);
    // 60 MB of zeros deflate to ~60 kB: refused while inflating, whatever the headers say
    const bomb = Buffer.from(zipSync({ 'fr/common.json': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(violations(await upload(bomb))).toEqual(['file:translation_file_invalid']);
    const tooLarge = await upload(Buffer.alloc(6 * 1024 * 1024, 0x20));
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('export', () => {
  const download = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/translations/export?${query}`, headers: as(admin) });

  it('writes each format with the texts in force, and reads back as the same texts', async () => {
    await call(t, admin, 'PUT', '/api/translations/overrides/ja/common/actions.edit', { value: '編集する' });

    const zip = await download('format=zip&namespace=common');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(zip.rawPayload);
    expect(Object.keys(files)).toContain('ja/common.json');
    expect(JSON.parse(Buffer.from(files['ja/common.json'] as Uint8Array).toString()).actions.edit).toBe('編集する');

    const json = await download('format=json&language=ja&namespace=common');
    expect(json.json().actions.edit).toBe('編集する');

    const poFile = po.parse(Buffer.from((await download('format=po&language=ja&namespace=common')).rawPayload));
    expect(poFile.headers.Language).toBe('ja');
    expect(poFile.translations['common:actions.edit']?.Edit?.msgstr).toEqual(['編集する']);

    for (const format of ['xliff12', 'xliff20']) {
      const xml = (await download(`format=${format}&language=ja&namespace=common`)).body;
      expect(xml).toContain('編集する');
      // read back by the import: unchanged
      const again = (await upload(Buffer.from(xml))).json() as TranslationImportReport;
      expect(again).toMatchObject({ format, changed: [], new: [], conflicts: [] });
    }

    const xlsx = await download('format=xlsx&namespace=common');
    expect(xlsx.statusCode).toBe(200);
    const rows = (await readXlsxFile(xlsx.rawPayload)) as { data: unknown[][] }[];
    const data = rows[0]?.data ?? [];
    // the language added by an earlier test (de) has its column too
    expect(data[0]).toEqual(['namespace', 'key', 'fr', 'en', 'ja', 'it', 'pt', 'de']);
    expect(data.find((row) => row[1] === 'actions.edit')?.[4]).toBe('編集する');

    const zipBack = (await upload(zip.rawPayload)).json() as TranslationImportReport;
    expect(zipBack).toMatchObject({ changed: [], new: [], conflicts: [] });

    expect((await download('format=po')).json()).toMatchObject({ error: 'language_required' });
  });
});
