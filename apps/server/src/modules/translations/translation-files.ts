/**
 * Translation files in and out (issue 14 "Translation tool": upload an archive or a single file, export the same
 * formats; docs/decisions/014). Read by content, never by name:
 * - a zip (`PK\3\4`) holding `[Content_Types].xml` is an XLSX: first sheet, a header row `namespace`, `key`, then
 *   one column per language code (read with `read-excel-file`);
 * - any other zip is an archive of i18next JSON, `<lang>/<namespace>.json` (any leading folders), read with `fflate`;
 *   every zip is inflated chunk by chunk with a cap on the total ({@link TRANSLATION_UNZIPPED_MAX_BYTES}), so a zip
 *   bomb is refused whatever sizes its headers claim;
 * - text starting with `{`: i18next JSON — `{lang: {namespace: tree}}`, or `{namespace: tree}` of the `language`
 *   asked, or one catalogue tree of the `language` and `namespace` asked;
 * - XML with `<xliff version="1.2">` or `"2.0"` (locize `xliff`): `<file>` = namespace, unit id = dotted key,
 *   `<target>` the text, the target language from the file unless `language` is given;
 * - gettext PO (`gettext-parser`): `msgctxt` = `namespace:key`, `msgstr` the text, the language from the `Language`
 *   header unless `language` is given.
 * Refusals throw {@link TranslationFileError} with a violation code (`translation_file_invalid`,
 * `language_required`).
 */
import { TRANSLATION_UNZIPPED_MAX_BYTES, type TranslationFormat } from '@isoptera/contracts';
import { flatTexts } from '@isoptera/i18n';
import { strToU8, Unzip, UnzipInflate, zipSync } from 'fflate';
import { po } from 'gettext-parser';
import readXlsxFile from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import xliff from 'xliff';

/** One text of a file. */
export interface ImportedText {
  language: string;
  namespace: string;
  key: string;
  value: string;
}

/** What a file holds. */
export interface ParsedTranslations {
  format: TranslationFormat;
  texts: ImportedText[];
}

/** A file the import refuses; `code` is a violation code on `file` (or `language`). */
export class TranslationFileError extends Error {
  constructor(
    readonly code: 'translation_file_invalid' | 'language_required',
    readonly field: 'file' | 'language' = 'file',
  ) {
    super(code);
    this.name = 'TranslationFileError';
  }
}

const invalid = () => new TranslationFileError('translation_file_invalid');
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-(?:[A-Z]{2}|[A-Z][a-z]{3}))?$/;
const NAMESPACE = /^[A-Za-z][A-Za-z0-9]*$/;

/** The entries of a zip, inflated with a cap on their total size; throws `translation_file_invalid`. */
export function unzipCapped(bytes: Uint8Array, cap = TRANSLATION_UNZIPPED_MAX_BYTES): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let total = 0;
  let failed = false;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (failed) return;
      if (error) {
        failed = true;
        return;
      }
      total += data.length;
      if (total > cap) {
        failed = true;
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) files.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  };
  try {
    unzip.push(bytes, true);
  } catch {
    throw invalid();
  }
  if (failed) throw invalid();
  return files;
}

const decode = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw invalid();
  }
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid();
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The texts of one catalogue tree; a non-string leaf makes the file invalid. */
function textsOfTree(language: string, namespace: string, tree: unknown): ImportedText[] {
  if (!isObject(tree) || !NAMESPACE.test(namespace)) throw invalid();
  const flat = flatTexts(tree);
  return Object.entries(flat).map(([key, value]) => ({ language, namespace, key, value }));
}

function readJson(
  text: string,
  options: { language?: string | undefined; namespace?: string | undefined; languages: readonly string[] },
): ImportedText[] {
  const doc = parseJson(text);
  if (!isObject(doc)) throw invalid();
  if (!options.language) {
    const keys = Object.keys(doc);
    const multi = keys.length > 0 && keys.every((key) => options.languages.includes(key) && isObject(doc[key]));
    if (!multi) throw new TranslationFileError('language_required', 'language');
    return keys.flatMap((language) =>
      Object.entries(doc[language] as Record<string, unknown>).flatMap(([ns, tree]) => textsOfTree(language, ns, tree)),
    );
  }
  if (options.namespace) return textsOfTree(options.language, options.namespace, doc);
  const language = options.language;
  return Object.entries(doc).flatMap(([ns, tree]) => textsOfTree(language, ns, tree));
}

function readArchive(files: Map<string, Uint8Array>): ImportedText[] {
  const texts: ImportedText[] = [];
  for (const [name, bytes] of files) {
    if (name.endsWith('/') || /(^|\/)(__MACOSX|\.)/.test(name)) continue;
    const match = /(?:^|\/)([^/]+)\/([^/]+)\.json$/.exec(name);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    if (!LANGUAGE_TAG.test(language)) continue;
    texts.push(...textsOfTree(language, namespace, parseJson(decode(bytes))));
  }
  if (texts.length === 0) throw invalid();
  return texts;
}

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

async function readXlsx(bytes: Buffer): Promise<ImportedText[]> {
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(bytes)) as { sheet: string; data: unknown[][] }[];
  } catch {
    throw invalid();
  }
  const rows = sheets[0]?.data ?? [];
  const header = (rows[0] ?? []).map((cell) => cellText(cell).trim());
  if (header[0]?.toLowerCase() !== 'namespace' || header[1]?.toLowerCase() !== 'key') throw invalid();
  const columns = header
    .slice(2)
    .map((code, i) => ({ code, index: i + 2 }))
    .filter((c) => LANGUAGE_TAG.test(c.code));
  if (columns.length === 0) throw invalid();
  const texts: ImportedText[] = [];
  for (const row of rows.slice(1)) {
    const namespace = cellText(row[0]).trim();
    const key = cellText(row[1]).trim();
    if (!namespace || !key) continue;
    for (const { code, index } of columns) {
      const value = cellText(row[index]);
      if (value !== '') texts.push({ language: code, namespace, key, value });
    }
  }
  return texts;
}

async function readXliff(text: string, version: '1.2' | '2.0', language: string | undefined): Promise<ImportedText[]> {
  let js: Awaited<ReturnType<typeof xliff.xliff2js>>;
  try {
    js = version === '2.0' ? await xliff.xliff2js(text) : await xliff.xliff12ToJs(text);
  } catch {
    throw invalid();
  }
  const target = language ?? js.targetLanguage;
  if (!target) throw new TranslationFileError('language_required', 'language');
  const texts: ImportedText[] = [];
  const walk = (namespace: string, units: Record<string, unknown>) => {
    for (const [key, unit] of Object.entries(units)) {
      if (!isObject(unit)) continue;
      if (isObject(unit.groupUnits)) walk(namespace, unit.groupUnits);
      else if (typeof unit.target === 'string' && unit.target !== '') {
        texts.push({ language: target, namespace, key, value: unit.target });
      } else if (unit.target !== undefined && unit.target !== '' && typeof unit.target !== 'string') {
        throw invalid(); // inline markup (<ph>, <g>…): our texts are plain
      }
    }
  };
  for (const [namespace, units] of Object.entries(js.resources ?? {})) walk(namespace, units);
  return texts;
}

function readPo(bytes: Buffer, language: string | undefined): ImportedText[] {
  let file: ReturnType<typeof po.parse>;
  try {
    file = po.parse(bytes);
  } catch {
    throw invalid();
  }
  const target = language ?? file.headers.Language?.trim().replace('_', '-');
  if (!target) throw new TranslationFileError('language_required', 'language');
  const texts: ImportedText[] = [];
  for (const entries of Object.values(file.translations)) {
    for (const entry of Object.values(entries)) {
      const context = entry.msgctxt ?? '';
      const colon = context.indexOf(':');
      const value = entry.msgstr[0] ?? '';
      if (colon <= 0 || value === '') continue;
      texts.push({ language: target, namespace: context.slice(0, colon), key: context.slice(colon + 1), value });
    }
  }
  return texts;
}

/**
 * Reads an uploaded translation file, judged by content (see the file's comment). `languages` are the tool's
 * languages (a JSON object keyed by them holds several languages); `language`/`namespace` say what a file of one
 * catalogue is. Throws {@link TranslationFileError}.
 */
export async function readTranslationFile(
  bytes: Buffer,
  options: { language?: string | undefined; namespace?: string | undefined; languages: readonly string[] },
): Promise<ParsedTranslations> {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    const files = unzipCapped(bytes);
    if (files.has('[Content_Types].xml')) return { format: 'xlsx', texts: await readXlsx(bytes) };
    return { format: 'zip', texts: readArchive(files) };
  }
  const text = decode(bytes);
  const start = text.trimStart();
  if (start.startsWith('{')) return { format: 'json', texts: readJson(text, options) };
  if (start.startsWith('<')) {
    const version = /<xliff\b[^>]*\bversion\s*=\s*["'](1\.2|2\.0)["']/.exec(text)?.[1];
    if (!version) throw invalid();
    return {
      format: version === '2.0' ? 'xliff20' : 'xliff12',
      texts: await readXliff(text, version as '1.2' | '2.0', options.language),
    };
  }
  if (/^\s*(msgctxt|msgid|#)/m.test(text)) return { format: 'po', texts: readPo(bytes, options.language) };
  throw invalid();
}

/** Language → namespace → flat key → text: what an export writes. */
export type ExportTexts = Record<string, Record<string, Record<string, string>>>;

/** A flat `{ 'a.b': text }` as an i18next nested tree. */
export function nest(flat: Record<string, string>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] ?? key] = value;
  }
  return tree;
}

/** An exported file: its bytes, media type and file name. */
export interface ExportedFile {
  body: Buffer;
  type: string;
  fileName: string;
}

/**
 * Writes `texts` (the languages `languages`, in that order) as `format`; `english(namespace, key)` gives the source
 * text of XLIFF and PO. `json`, `po` and the XLIFFs take the first language only; `namespace` narrows the JSON to one
 * catalogue tree.
 */
export async function writeTranslationFile(
  format: TranslationFormat,
  texts: ExportTexts,
  languages: string[],
  english: (namespace: string, key: string) => string,
  namespace?: string,
): Promise<ExportedFile> {
  const first = languages[0] ?? 'en';
  const suffix = namespace ? `-${namespace}` : '';
  switch (format) {
    case 'zip': {
      const entries: Record<string, Uint8Array> = {};
      for (const language of languages) {
        for (const [ns, flat] of Object.entries(texts[language] ?? {})) {
          entries[`${language}/${ns}.json`] = strToU8(`${JSON.stringify(nest(flat), null, 2)}\n`);
        }
      }
      return { body: Buffer.from(zipSync(entries)), type: 'application/zip', fileName: `translations${suffix}.zip` };
    }
    case 'json': {
      const byNamespace = texts[first] ?? {};
      const doc = namespace
        ? nest(byNamespace[namespace] ?? {})
        : Object.fromEntries(Object.entries(byNamespace).map(([ns, flat]) => [ns, nest(flat)]));
      return {
        body: Buffer.from(`${JSON.stringify(doc, null, 2)}\n`),
        type: 'application/json; charset=utf-8',
        fileName: `${first}${suffix}.json`,
      };
    }
    case 'xliff12':
    case 'xliff20': {
      const resources: Record<string, Record<string, { source: string; target: string }>> = {};
      for (const [ns, flat] of Object.entries(texts[first] ?? {})) {
        resources[ns] = Object.fromEntries(
          Object.entries(flat).map(([key, value]) => [key, { source: english(ns, key), target: value }]),
        );
      }
      const js = { resources, sourceLanguage: 'en', targetLanguage: first };
      const xml = format === 'xliff20' ? await xliff.js2xliff(js) : await xliff.jsToXliff12(js);
      return {
        body: Buffer.from(xml),
        type: 'application/xliff+xml; charset=utf-8',
        fileName: `${first}${suffix}.${format === 'xliff20' ? 'xlf' : 'xliff'}`,
      };
    }
    case 'po': {
      const translations: Record<string, Record<string, { msgctxt: string; msgid: string; msgstr: string[] }>> = {};
      for (const [ns, flat] of Object.entries(texts[first] ?? {})) {
        for (const [key, value] of Object.entries(flat)) {
          const msgctxt = `${ns}:${key}`;
          const msgid = english(ns, key);
          translations[msgctxt] = { [msgid]: { msgctxt, msgid, msgstr: [value] } };
        }
      }
      const body = po.compile({
        charset: 'utf-8',
        headers: { Language: first, 'Content-Type': 'text/plain; charset=UTF-8' },
        translations,
      });
      return { body, type: 'text/x-gettext-translation; charset=utf-8', fileName: `${first}${suffix}.po` };
    }
    case 'xlsx': {
      const rows: { value: string; type: StringConstructor }[][] = [
        ['namespace', 'key', ...languages].map((value) => ({ value, type: String })),
      ];
      const namespaces = [...new Set(languages.flatMap((language) => Object.keys(texts[language] ?? {})))].sort();
      for (const ns of namespaces) {
        const keys = [...new Set(languages.flatMap((language) => Object.keys(texts[language]?.[ns] ?? {})))].sort();
        for (const key of keys) {
          rows.push(
            [ns, key, ...languages.map((language) => texts[language]?.[ns]?.[key] ?? '')].map((value) => ({
              value,
              type: String,
            })),
          );
        }
      }
      const body = (await writeExcelFile(rows).toBuffer()) as Buffer;
      return {
        body,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: `translations${suffix}.xlsx`,
      };
    }
  }
}
