/**
 * Client import API (issue 13; docs/decisions/012), on the project's driver: a French `;`/Windows-1252 CSV, a
 * Shift_JIS Japanese CSV and an XLSX, automatic and chosen column matching, per-cell errors with the forms' codes,
 * duplicates skipped or updated, the job's progress, the refused-rows CSV, undo (records touched since are kept),
 * hostile files (wrong type, zip bomb, formulas, 1 MB cell, 50 000 rows, 10 MB) and 404 across spaces.
 */
import { createDeflateRaw } from 'node:zlib';
import { type ClientImport, clientImportResource } from '@isoptera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import {
  contactByEmail,
  clientNamed as findClient,
  importsOf,
  sitesOfClient,
  touchClient,
} from '../../../test/client-import-queries.js';
import { createPcoTeam } from '../../../test/factories.js';
import { errorMessage } from '../../platform/i18n/messages.js';
import { csvCell } from './client-imports.service.js';
import {
  call,
  clientsXlsx,
  FRENCH_HEADER,
  frenchCsv,
  frenchRow,
  japaneseCsv,
  semicolonCsv,
  upload,
  uploaded,
  violations,
  waitForImport,
} from './client-imports.test-support.js';

type Team = Awaited<ReturnType<typeof createPcoTeam>>;
let t: TestApp;
let team: Team;
let other: Team;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createPcoTeam(t.app, t.db);
  other = await createPcoTeam(t.app, t.db);
});
afterAll(() => t.close());

const cookie = () => team.owner.cookie;

/** Starts an import and waits for its end; expects `done`. */
async function runImport(ulid: string): Promise<ClientImport> {
  const started = await call(t, cookie(), 'POST', `/api/clients/imports/${ulid}/start`);
  expect(started.statusCode, started.body).toBe(202);
  const { body } = await waitForImport(t, cookie(), ulid);
  expect(body.status).toBe('done');
  return body;
}

const clientNamed = (name: string) => findClient(t.db, team.spaceId, name);

describe('a French CSV in Windows-1252 with ;', () => {
  let draft: ClientImport;
  beforeAll(async () => {
    draft = await uploaded(
      t,
      cookie(),
      'clients-fr.csv',
      frenchCsv([
        frenchRow(1),
        frenchRow(2, { Entreprise: 'particulier' }),
        frenchRow(3, {
          // a city without an address: no site
          'Nom du site': '',
          Adresse: '',
          Latitude: '',
          Longitude: '',
          'Surface (m²)': '',
        }),
        frenchRow(4, { 'E-mail': 'pas-une-adresse', Latitude: '' }),
        frenchRow(5, { 'Nom du client': '=HYPERLINK("http://evil.example","clic")', Téléphone: '12' }),
      ]),
    );
  });

  it('detects the encoding, the delimiter, the header row and matches every column', () => {
    expect(clientImportResource.parse(draft)).toBeTruthy();
    expect(draft).toMatchObject({ status: 'draft', format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(draft.header_row).toBe(1);
    expect(draft.columns.map((c) => c.header)).toEqual(FRENCH_HEADER);
    expect(draft.columns.map((c) => c.field)).toEqual([
      'client_name',
      'company',
      'lastname',
      'firstname',
      'phone',
      'email',
      'title',
      'site_name',
      'address',
      'postal_code',
      'city',
      'country',
      'latitude',
      'longitude',
      'area',
    ]);
    expect(draft.preview[1]?.[0]).toBe('Résidence Les Pins 1');
  });

  it('answers a dry run with per-cell errors and the summary, before anything is written', async () => {
    expect(draft.dry_run?.summary).toEqual({ created: 3, updated: 0, skipped: 0, refused: 2 });
    expect(draft.dry_run?.errors).toEqual([
      {
        row: 5,
        errors: [
          { field: 'email', column: 5, code: 'email_invalid' },
          { field: 'latitude', column: 12, code: 'latitude_invalid' },
        ],
      },
      { row: 6, errors: [{ field: 'phone', column: 4, code: 'phone_invalid' }] },
    ]);
    expect(await clientNamed('Résidence Les Pins 1')).toBeUndefined();
  });

  it('imports in the background: clients, main contacts and sites with their coordinates', async () => {
    const done = await runImport(draft.ulid);
    expect(done.counts).toEqual({ created: 3, updated: 0, skipped: 0, refused: 2 });
    expect(done.rows_done).toBe(5);
    expect(done.rows_total).toBe(5);
    expect(done.undo_until).not.toBeNull();
    const first = await clientNamed('Résidence Les Pins 1');
    expect(first?.company).toBe(true);
    expect((await clientNamed('Résidence Les Pins 2'))?.company).toBe(false);
    const [site] = await sitesOfClient(t.db, first?.id ?? '');
    expect(site).toMatchObject({
      name: 'Bâtiment 1',
      city: 'Bordeaux',
      latitude: '44.837789000',
      longitude: '-0.579180000',
    });
    expect(site?.addressLabel).toBe('1 rue de l’Église, 33000 Bordeaux, France');
    const third = await clientNamed('Résidence Les Pins 3');
    expect(await sitesOfClient(t.db, third?.id ?? '')).toEqual([]);
    // the started import can no longer change
    const patch = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, {
      duplicate_policy: 'update',
    });
    expect(patch.statusCode).toBe(409);
  });

  it('gives the refused rows as CSV with an error column in the user’s language, formulas neutralised', async () => {
    const response = await call(t, cookie(), 'GET', `/api/clients/imports/${draft.ulid}/refused.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`${FRENCH_HEADER.join(';')};erreur`);
    expect(lines[1]).toContain(`E-mail : ${errorMessage('fr', 'email_invalid')}`);
    expect(lines[1]).toContain(`Latitude : ${errorMessage('fr', 'latitude_invalid')}`);
    expect(lines[2]?.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('a Japanese CSV in Shift_JIS', () => {
  it('is decoded, its header row found below a title line, its columns matched and imported', async () => {
    const draft = await uploaded(t, cookie(), '顧客.csv', japaneseCsv(12));
    expect(draft).toMatchObject({ encoding: 'Shift_JIS', delimiter: ',', header_row: 2, suggested_header_row: 2 });
    expect(draft.columns.map((c) => c.field)).toEqual([
      'client_name',
      'lastname',
      'firstname',
      'phone',
      'email',
      'title',
      'site_name',
      'address',
      'postal_code',
      'city',
      'country',
      'latitude',
      'longitude',
      'area',
    ]);
    expect(draft.dry_run?.summary).toEqual({ created: 12, updated: 0, skipped: 0, refused: 0 });
    await runImport(draft.ulid);
    const client = await clientNamed('株式会社さくら7');
    expect(client).toBeDefined();
    const [site] = await sitesOfClient(t.db, client?.id ?? '');
    expect(site).toMatchObject({
      name: '本社ビル7',
      city: '東京都',
      addressLabel: '千代田区丸の内1-1, 100-0005 東京都, 日本',
    });
  });
});

describe('an XLSX', () => {
  it('lists its sheets, reads the chosen one, keeps a formula-looking text as text', async () => {
    const header = ['Client', 'Last name', 'First name', 'Phone', 'Email', 'Job title', 'Notes'];
    const rows = [
      header,
      [
        'Garden Homes Ltd',
        'Smith',
        'Anna',
        '+44 20 7946 0958',
        'anna@garden.example',
        'Manager',
        '=HYPERLINK("http://evil.example","x")',
      ],
      ['Oak Court', 'Brown', 'Tom', '+44 20 7946 0959', 'tom@oak.example', 'Caretaker', null],
    ];
    const draft = await uploaded(t, cookie(), 'clients.xlsx', await clientsXlsx(rows));
    expect(draft).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, sheets: ['Notes', 'Clients'] });
    const patched = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, { sheet: 'Clients' });
    expect(patched.statusCode, patched.body).toBe(200);
    const chosen = patched.json() as ClientImport;
    expect(chosen.sheet).toBe('Clients');
    expect(chosen.columns.map((c) => c.field)).toEqual([
      'client_name',
      'lastname',
      'firstname',
      'phone',
      'email',
      'title',
      'notes',
    ]);
    expect(chosen.dry_run?.summary).toEqual({ created: 2, updated: 0, skipped: 0, refused: 0 });
    await runImport(draft.ulid);
    const client = await clientNamed('Garden Homes Ltd');
    const contact = await contactByEmail(t.db, 'anna@garden.example');
    expect(client).toBeDefined();
    expect(contact?.notes).toBe('=HYPERLINK("http://evil.example","x")');
  });
});

describe('settings of a draft', () => {
  it('re-validates with a changed mapping and refuses a field taken twice or an unknown sheet', async () => {
    const draft = await uploaded(t, cookie(), 'map.csv', frenchCsv([frenchRow(201), frenchRow(202)]));
    const mapping = draft.columns.map((c) => (c.field === 'email' ? null : c.field));
    const unmapped = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, { mapping });
    expect(unmapped.statusCode, unmapped.body).toBe(200);
    const body = unmapped.json() as ClientImport;
    expect(body.columns[5]).toEqual({ index: 5, header: 'E-mail', field: null });
    expect(body.dry_run?.summary.refused).toBe(2);
    expect(body.dry_run?.errors[0]?.errors).toEqual([{ field: 'email', column: null, code: 'email_required' }]);
    const twice = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, {
      mapping: draft.columns.map(() => 'email'),
    });
    expect(twice.statusCode).toBe(422);
    expect(violations(twice)).toEqual(['mapping:mapping_invalid']);
    const sheet = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, { sheet: 'Nope' });
    expect(violations(sheet)).toEqual(['sheet:sheet_invalid']);
    const nothing = await call(t, cookie(), 'POST', `/api/clients/imports/${draft.ulid}/start`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe('import_nothing_to_import');
  });
});

describe('duplicates', () => {
  beforeAll(async () => {
    const first = await uploaded(t, cookie(), 'base.csv', frenchCsv([frenchRow(301), frenchRow(302)]));
    await runImport(first.ulid);
  });

  it('skips the rows of existing clients (same name, e-mail or phone), and duplicates within the file', async () => {
    const draft = await uploaded(
      t,
      cookie(),
      'again.csv',
      frenchCsv([
        frenchRow(301), // same name
        frenchRow(303, { 'E-mail': 'helene.302@exemple.fr' }), // same e-mail
        frenchRow(304),
        frenchRow(305, { 'Nom du client': 'Résidence Les Pins 304' }), // same name as the row above
      ]),
    );
    expect(draft.dry_run?.summary).toEqual({ created: 1, updated: 0, skipped: 3, refused: 0 });
    const done = await runImport(draft.ulid);
    expect(done.counts).toEqual({ created: 1, updated: 0, skipped: 3, refused: 0 });
    expect(await clientNamed('Résidence Les Pins 303')).toBeUndefined();
  });

  it('updates them when asked', async () => {
    const draft = await uploaded(
      t,
      cookie(),
      'update.csv',
      frenchCsv([frenchRow(306, { 'E-mail': 'helene.302@exemple.fr', Fonction: 'Syndic', Entreprise: 'non' })]),
    );
    const patched = await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, {
      duplicate_policy: 'update',
    });
    expect((patched.json() as ClientImport).dry_run?.summary).toEqual({
      created: 0,
      updated: 1,
      skipped: 0,
      refused: 0,
    });
    const done = await runImport(draft.ulid);
    expect(done.counts.updated).toBe(1);
    expect(await clientNamed('Résidence Les Pins 302')).toBeUndefined();
    expect((await clientNamed('Résidence Les Pins 306'))?.company).toBe(false);
    const contact = await contactByEmail(t.db, 'helene.302@exemple.fr');
    expect(contact?.title).toBe('Syndic');
  });
});

describe('progress and undo', () => {
  it('writes 600 rows in batches, its progress read back as rows done / total', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => frenchRow(1000 + i));
    const draft = await uploaded(t, cookie(), 'big.csv', frenchCsv(rows));
    expect(draft.rows_total).toBe(600);
    const started = await call(t, cookie(), 'POST', `/api/clients/imports/${draft.ulid}/start`);
    expect(started.statusCode).toBe(202);
    expect((started.json() as ClientImport).status).toBe('queued');
    const { body, seen } = await waitForImport(t, cookie(), draft.ulid);
    expect(body).toMatchObject({ status: 'done', rows_done: 600, rows_total: 600 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const row = (await importsOf(t.db, team.spaceId)).find((i) => i.id === draft.ulid);
    expect(row?.done).toBe(600);
    const list = await call(t, cookie(), 'GET', '/api/clients/imports');
    expect(list.json()['hydra:member'].some((i: { ulid: string }) => i.ulid === draft.ulid)).toBe(true);
  });

  it('undoes an import but keeps the records touched since, and restores updated clients', async () => {
    const base = await uploaded(t, cookie(), 'u0.csv', frenchCsv([frenchRow(401)]));
    await runImport(base.ulid);
    const draft = await uploaded(
      t,
      cookie(),
      'u1.csv',
      frenchCsv([frenchRow(402), frenchRow(403), frenchRow(404, { 'E-mail': 'helene.401@exemple.fr' })]),
    );
    await call(t, cookie(), 'PATCH', `/api/clients/imports/${draft.ulid}`, { duplicate_policy: 'update' });
    await runImport(draft.ulid);
    expect(await clientNamed('Résidence Les Pins 401')).toBeUndefined();
    // someone edits client 403 after the import
    await touchClient(t.db, team.spaceId, 'Résidence Les Pins 403');
    const undone = await call(t, cookie(), 'POST', `/api/clients/imports/${draft.ulid}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ status: 'undone', undo_kept: 1 });
    expect(await clientNamed('Résidence Les Pins 402')).toBeUndefined();
    expect(await clientNamed('Résidence Les Pins 403')).toBeDefined();
    expect(await clientNamed('Résidence Les Pins 401')).toBeDefined();
    expect(await clientNamed('Résidence Les Pins 404')).toBeUndefined();
    const again = await call(t, cookie(), 'POST', `/api/clients/imports/${draft.ulid}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('import_not_undoable');
  });
});

/** A zip of one deflated entry of `size` zero bytes whose headers claim 1 000 bytes. */
async function zipBomb(size: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const data = Buffer.concat(chunks);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1000, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('hostile files get a clear error and change nothing', () => {
  const refused = async (fileName: string, bytes: Buffer) => {
    const response = await upload(t, cookie(), fileName, bytes);
    expect(response.statusCode, response.body).toBe(422);
    return violations(response);
  };

  it('refuses a file that is not what its name says, or of another kind', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await refused('clients.csv', Buffer.concat([png, Buffer.alloc(64)]))).toEqual(['file:type_invalid_file']);
    expect(await refused('clients.xlsx', frenchCsv([frenchRow(1)]))).toEqual(['file:type_invalid_file']);
    expect(await refused('clients.csv', await clientsXlsx([['a']]))).toEqual(['file:type_invalid_file']);
    expect(await refused('clients.pdf', Buffer.from('%PDF-1.7\n'))).toEqual(['file:type_invalid_file']);
    expect(await refused('clients.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual([
      'file:type_invalid_file',
    ]);
  });

  it('refuses no file (type_file_not_found) and a body that is not multipart (415)', async () => {
    const { multipartForm } = await import('../../../test/report-factories.js');
    const form = multipartForm({ note: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/clients/imports',
      headers: { cookie: cookie(), 'client-type': 'webapp', 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(none.statusCode).toBe(422);
    expect(violations(none)).toEqual(['file:type_file_not_found']);
    const json = await call(t, cookie(), 'POST', '/api/clients/imports', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a zip bomb whatever its headers claim', async () => {
    expect(await refused('bomb.xlsx', await zipBomb(120 * 1024 * 1024))).toEqual(['file:type_invalid_file']);
  });

  it('refuses a 1 MB cell, 50 000 rows and a file over 10 MB', async () => {
    expect(await refused('big-cell.csv', frenchCsv([frenchRow(1, { Nom: 'x'.repeat(1_000_000) })]))).toEqual([
      'file:import_cell_too_large',
    ]);
    const many = Buffer.from(semicolonCsv([['Nom du client'], ...Array.from({ length: 50_000 }, (_, i) => [`C${i}`])]));
    expect(await refused('many.csv', many)).toEqual(['file:import_too_many_rows']);
    const huge = await upload(t, cookie(), 'huge.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(huge.statusCode).toBe(413);
    const stored = await importsOf(t.db, team.spaceId);
    expect(stored.map((s) => s.name)).not.toContain('many.csv');
    expect(stored.map((s) => s.name)).not.toContain('bomb.xlsx');
  });
});

describe('tenancy and template', () => {
  it('answers 404 for another space’s import, whatever the call', async () => {
    const draft = await uploaded(t, cookie(), 'mine.csv', frenchCsv([frenchRow(501)]));
    const base = `/api/clients/imports/${draft.ulid}`;
    for (const [method, url] of [
      ['GET', base],
      ['PATCH', base],
      ['POST', `${base}/start`],
      ['GET', `${base}/refused.csv`],
      ['POST', `${base}/undo`],
    ] as const) {
      const response = await call(t, other.owner.cookie, method, url, method === 'PATCH' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toBe('import_not_found');
    }
    const list = await call(t, other.owner.cookie, 'GET', '/api/clients/imports');
    expect(list.json()['hydra:totalItems']).toBe(0);
  });

  it('serves a CSV template with headings in the asked language', async () => {
    const ja = await call(t, cookie(), 'GET', '/api/clients/import-template?lang=ja');
    expect(ja.statusCode).toBe(200);
    expect(ja.body.replace(/^\uFEFF/, '').startsWith('顧客名;法人;姓;名;電話番号')).toBe(true);
    const mine = await call(t, cookie(), 'GET', '/api/clients/import-template');
    expect(mine.body.replace(/^\uFEFF/, '').startsWith('Nom du client;Entreprise;Nom;Prénom')).toBe(true);
    // the template's own headings are matched back
    const draft = await uploaded(t, cookie(), 'template.csv', Buffer.from(ja.body));
    expect(draft.columns.every((c) => c.field !== null)).toBe(true);
  });
});
