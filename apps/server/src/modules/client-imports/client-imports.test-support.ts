/**
 * Fixtures of the client import tests, built in code: a French `;` CSV in Windows-1252, a Japanese CSV in Shift_JIS,
 * an XLSX (write-excel-file), hostile files, and request helpers (multipart upload, wait for the job).
 */
import type { ClientImport } from '@isoptera/contracts';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import type { TestApp } from '../../../test/build-test-app.js';
import { as } from '../../../test/factories.js';
import { multipartForm } from '../../../test/report-factories.js';

export const FRENCH_HEADER = [
  'Nom du client',
  'Entreprise',
  'Nom',
  'Prénom',
  'Téléphone',
  'E-mail',
  'Fonction',
  'Nom du site',
  'Adresse',
  'Code postal',
  'Ville',
  'Pays',
  'Latitude',
  'Longitude',
  'Surface (m²)',
];

/** A valid French row number `n` (unique name, e-mail and phone). */
export function frenchRow(n: number, overrides: Partial<Record<string, string>> = {}): string[] {
  const values: Record<string, string> = {
    'Nom du client': `Résidence Les Pins ${n}`,
    Entreprise: 'oui',
    Nom: 'Lefèvre',
    Prénom: 'Hélène',
    Téléphone: `+33 6 12 ${String(10 + (n % 90)).padStart(2, '0')} ${String(Math.floor(n / 90) % 100).padStart(2, '0')} ${String(n % 100).padStart(2, '0')}`,
    'E-mail': `helene.${n}@exemple.fr`,
    Fonction: 'Gérante',
    'Nom du site': `Bâtiment ${n}`,
    Adresse: `${n} rue de l’Église`,
    'Code postal': '33000',
    Ville: 'Bordeaux',
    Pays: 'France',
    Latitude: '44.837789',
    Longitude: '-0.57918',
    'Surface (m²)': '120',
    ...overrides,
  };
  return FRENCH_HEADER.map((h) => values[h] ?? '');
}

/** `;`-separated lines (cells quoted when they hold `;` or `"`). */
export function semicolonCsv(rows: string[][]): string {
  const cell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
}

/** The French CSV in Windows-1252. */
export function frenchCsv(rows: string[][]): Buffer {
  return iconv.encode(semicolonCsv([FRENCH_HEADER, ...rows]), 'windows-1252');
}

/** A Japanese CSV in Shift_JIS, `,`-separated, with a title line above the headings. */
export function japaneseCsv(count: number): Buffer {
  const header = [
    '顧客名',
    '姓',
    '名',
    '電話番号',
    'メールアドレス',
    '役職',
    '現場名',
    '住所',
    '郵便番号',
    '市区町村',
    '国',
    '緯度',
    '経度',
    '面積（㎡）',
  ];
  const rows = Array.from({ length: count }, (_, i) => [
    `株式会社さくら${i + 1}`,
    '山田',
    '花子',
    `03 1234 ${String(5600 + i).padStart(4, '0')}`,
    `hanako.${i + 1}@example.jp`,
    '総務部長',
    `本社ビル${i + 1}`,
    '千代田区丸の内1-1',
    '100-0005',
    '東京都',
    '日本',
    '35.681236',
    '139.767125',
    '250',
  ]);
  const text = [['顧客一覧（2026年）'], header, ...rows].map((r) => r.join(',')).join('\r\n');
  return iconv.encode(text, 'Shift_JIS');
}

/** An XLSX with a notes sheet first and the clients on a second sheet. */
export async function clientsXlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  return (await writeExcelFile([
    { data: [['Read me'], ['Clients on the next sheet']], sheet: 'Notes' },
    { data: rows, sheet: 'Clients' },
  ]).toBuffer()) as Buffer;
}

/** `POST /api/clients/imports` with `bytes` named `fileName`. */
export function upload(t: TestApp, cookie: string, fileName: string, bytes: Buffer) {
  const form = multipartForm({}, { filename: fileName, contentType: 'application/octet-stream', content: bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/clients/imports',
    headers: as(cookie, { 'content-type': form.contentType }),
    payload: form.payload,
  });
}

/** Uploads and expects 201. */
export async function uploaded(t: TestApp, cookie: string, fileName: string, bytes: Buffer): Promise<ClientImport> {
  const response = await upload(t, cookie, fileName, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** An authenticated JSON request. */
export function call(t: TestApp, cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: as(cookie), ...(payload ? { payload } : {}) });
}

/** Polls the import until it leaves `queued`/`running` (at most `ms`); answers it and the progress values seen. */
export async function waitForImport(t: TestApp, cookie: string, ulid: string, ms = 30_000) {
  const seen: number[] = [];
  const end = Date.now() + ms;
  for (;;) {
    const response = await call(t, cookie, 'GET', `/api/clients/imports/${ulid}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as ClientImport;
    seen.push(body.rows_done);
    if (body.status !== 'queued' && body.status !== 'running') return { body, seen };
    if (Date.now() > end) throw new Error(`import still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 422 violations as `propertyPath:code`. */
export const violations = (response: { json(): unknown }) =>
  ((response.json() as { violations?: { propertyPath: string; code: string }[] }).violations ?? []).map(
    (v) => `${v.propertyPath}:${v.code}`,
  );
