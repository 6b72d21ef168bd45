/**
 * Reading an uploaded client file (issue 13; docs/decisions/012), judged by its content, never by its name:
 * - XLSX: a zip (`PK\3\4`). Before `read-excel-file` opens it, every entry is inflated once with a cap
 *   ({@link IMPORT_MAX_UNZIPPED_BYTES} in all) so a zip bomb is refused whatever sizes its headers claim. Formulas are
 *   never evaluated: a formula cell reads as its cached value, a text cell such as `=HYPERLINK(…)` as that text.
 * - CSV: text in UTF-8 (with or without BOM), else Windows-1252 or Shift_JIS as `chardet` guesses, decoded with
 *   `iconv-lite`; the delimiter (`;` or `,`) is the one most found outside quotes in the first lines; `csv-parse`.
 * Every cell is text. Refusals throw {@link ImportFileError} with a violation code of SPEC §8 "Import".
 */
import { inflateRawSync } from 'node:zlib';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS, IMPORT_MAX_UNZIPPED_BYTES } from '@isoptera/contracts';
import chardet from 'chardet';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import readXlsxFile from 'read-excel-file/node';

/** A refused file: `code` is `type_invalid_file`, `import_too_many_rows` or `import_cell_too_large`. */
export class ImportFileError extends Error {
  constructor(readonly code: 'type_invalid_file' | 'import_too_many_rows' | 'import_cell_too_large') {
    super(code);
    this.name = 'ImportFileError';
  }
}

/** A sheet read as text: `rows[r][c]`, trailing empty rows dropped. */
export interface ImportSheet {
  name: string;
  rows: string[][];
}

/** A file read whole. `encoding` and `delimiter` are null for XLSX. */
export interface ImportFile {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  sheets: ImportSheet[];
}

/** The sheet name of a CSV file. */
export const CSV_SHEET = 'CSV';
/** Rows accepted above the data rows (titles, blank lines and the header row). */
const HEADER_ALLOWANCE = 20;

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

/** `true` when `bytes` start like a zip archive (an XLSX). */
function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL;
}

/**
 * Inflates every entry of the zip `bytes` with a cap on the total output; throws `type_invalid_file` for an archive
 * that cannot be read or that unzips beyond {@link IMPORT_MAX_UNZIPPED_BYTES}. Only "stored" and "deflate" entries.
 */
export function assertZipWithinLimits(bytes: Buffer, cap = IMPORT_MAX_UNZIPPED_BYTES): void {
  const invalid = () => new ImportFileError('type_invalid_file');
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw invalid();
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_CENTRAL) throw invalid();
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const declared = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const local = bytes.readUInt32LE(offset + 42);
    offset += 46 + nameLength + extraLength + commentLength;
    if (declared === 0xffffffff || compressed === 0xffffffff) throw invalid(); // ZIP64: no XLSX of 10 MB needs it
    total += declared;
    if (total > cap) throw invalid();
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== ZIP_LOCAL) throw invalid();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    if (method === 0) continue;
    if (method !== 8) throw invalid();
    try {
      // the real size, whatever the header says: inflation stops past the cap
      const out = inflateRawSync(data, { maxOutputLength: Math.max(1, cap - (total - declared)) });
      total += out.length - declared;
    } catch {
      throw invalid();
    }
    if (total > cap) throw invalid();
  }
}

/** A cell of `read-excel-file` as text: dates as `YYYY-MM-DD`, numbers as JavaScript writes them. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value);
}

/** `rows` without their trailing empty rows, each cell checked against {@link IMPORT_MAX_CELL_CHARS}. */
function tidy(rows: string[][]): string[][] {
  let last = rows.length - 1;
  while (last >= 0 && (rows[last] ?? []).every((cell) => cell.trim() === '')) last--;
  const kept = rows.slice(0, last + 1);
  if (kept.length > IMPORT_MAX_ROWS + HEADER_ALLOWANCE) throw new ImportFileError('import_too_many_rows');
  for (const row of kept) {
    for (const cell of row) if (cell.length > IMPORT_MAX_CELL_CHARS) throw new ImportFileError('import_cell_too_large');
  }
  return kept;
}

async function readXlsx(bytes: Buffer): Promise<ImportFile> {
  assertZipWithinLimits(bytes);
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readXlsxFile(bytes)) as { sheet: string; data: unknown[][] }[];
  } catch {
    throw new ImportFileError('type_invalid_file');
  }
  if (!sheets.length) throw new ImportFileError('type_invalid_file');
  return {
    format: 'xlsx',
    encoding: null,
    delimiter: null,
    sheets: sheets.map(({ sheet, data }) => ({ name: sheet, rows: tidy(data.map((row) => row.map(cellText))) })),
  };
}

/** The encoding of CSV bytes: UTF-8 when they decode as such, else Shift_JIS or Windows-1252 as `chardet` ranks them. */
export function detectEncoding(bytes: Buffer): 'UTF-8' | 'windows-1252' | 'Shift_JIS' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'UTF-8';
  } catch {
    // not UTF-8
  }
  for (const guess of chardet.analyse(bytes)) {
    if (/shift_jis|euc-jp|iso-2022-jp/i.test(guess.name)) return 'Shift_JIS';
    if (/windows-125|iso-8859/i.test(guess.name)) return 'windows-1252';
  }
  return 'windows-1252';
}

/** `;` or `,`: the one found most often outside quotes in the first 20 lines (`,` on a tie). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  let lines = 0;
  for (const char of text.slice(0, 64_000)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === '\n' && ++lines >= 20) break;
  }
  return semicolons > commas ? ';' : ',';
}

function readCsv(bytes: Buffer): ImportFile {
  // a text file holds no NUL and few control characters: anything else (a PDF, an image, an old .xls) is refused
  const head = bytes.subarray(0, 8192);
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) throw new ImportFileError('type_invalid_file');
    if (byte < 9 || (byte > 13 && byte < 32)) controls++;
  }
  if (controls > head.length / 100) throw new ImportFileError('type_invalid_file');
  const encoding = detectEncoding(bytes);
  const text = iconv.decode(bytes, encoding).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: IMPORT_MAX_CELL_CHARS * 40,
    }) as string[][];
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new ImportFileError('import_cell_too_large');
    throw new ImportFileError('type_invalid_file');
  }
  return { format: 'csv', encoding, delimiter, sheets: [{ name: CSV_SHEET, rows: tidy(rows) }] };
}

/**
 * Reads `bytes` (at most 10 MB, checked by the upload) named `fileName`. The name must end in `.csv`, `.txt` or
 * `.xlsx` and the content must agree with it (a zip for `.xlsx`, text for the others); else `type_invalid_file`.
 */
export async function readImportFile(bytes: Buffer, fileName: string): Promise<ImportFile> {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xlsx') {
    if (!isZip(bytes)) throw new ImportFileError('type_invalid_file');
    return readXlsx(bytes);
  }
  if (extension === 'csv' || extension === 'txt' || extension === '') {
    if (isZip(bytes) || bytes.length === 0) throw new ImportFileError('type_invalid_file');
    return readCsv(bytes);
  }
  throw new ImportFileError('type_invalid_file');
}
