/**
 * Client import (SPEC §2.7 "Clients: import", §8 "Import"; issue 13; docs/decisions/012): upload, settings and dry
 * run, start, the job's work in batches, the refused-rows CSV, undo and the template. The file is read again from the
 * database at each step (several instances serve the API; nothing is kept between requests).
 */
import {
  type ClientImport,
  IMPORT_FIELDS,
  IMPORT_PATH_FIELD,
  IMPORT_UNDO_DAYS,
  type ImportCellError,
  type ImportCells,
  type ImportCounts,
  type ImportDuplicatePolicy,
  type ImportField,
  type ImportRowError,
  type ImportRowValues,
  importRowSchema,
  type Language,
  rowFromCells,
} from '@isoptera/contracts';
import { translate } from '@isoptera/i18n';
import { loadCatalogues } from '@isoptera/i18n/load-catalogues';
import type { ImportColumnValue, RefusedRowValue } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { AppError, notFound, validationFailed } from '../../platform/errors/app-error.js';
import { errorMessage } from '../../platform/i18n/messages.js';
import { newUlid } from '../../platform/ids.js';
import type {
  BatchRow,
  ClientImportsRepository,
  DuplicateKeys,
  DuplicateTarget,
  ImportMeta,
} from './client-imports.repository.js';
import { emailKey, nameKey, phoneKey } from './client-imports.repository.js';
import { autoMapping, guessHeaderRow, templateHeading } from './import-columns.js';
import { type ImportFile, ImportFileError, readImportFile } from './import-file.js';

const catalogues = loadCatalogues();
/** Rows written per transaction by the job; progress is saved after each batch. */
export const IMPORT_BATCH_ROWS = 250;
/** Refused rows listed in a dry run (all of them are in the refused-rows CSV). */
const DRY_RUN_ERRORS = 200;
const PREVIEW_ROWS = 10;
const DAY_MS = 86_400_000;

/** A data row of the sheet, checked and decided. */
interface PlannedRow {
  /** 1-based row number in the sheet. */
  row: number;
  cells: string[];
  decision: 'create' | 'update' | 'skip' | 'refuse';
  values?: ImportRowValues;
  target?: DuplicateTarget;
  errors: ImportCellError[];
}

/** The mapped cells of a row. */
function cellsOf(row: string[], columns: ImportColumnValue[]): ImportCells {
  const cells: ImportCells = {};
  columns.forEach((column, index) => {
    if (column.field) cells[column.field as ImportField] = row[index] ?? '';
  });
  return cells;
}

/** The column of each field. */
function columnOf(columns: ImportColumnValue[], field: ImportField): number | null {
  const index = columns.findIndex((c) => c.field === field);
  return index >= 0 ? index : null;
}

/** Checks one row with the forms' rules: its values, or its cell errors (one per field, the first rule broken). */
export function checkRow(
  cells: ImportCells,
  columns: ImportColumnValue[],
): { values: ImportRowValues } | { errors: ImportCellError[] } {
  const parsed = importRowSchema.safeParse(rowFromCells(cells));
  if (parsed.success) return { values: parsed.data };
  const errors: ImportCellError[] = [];
  const seen = new Set<ImportField>();
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    let field: ImportField | undefined;
    for (let n = path.length; n > 0 && !field; n--) field = IMPORT_PATH_FIELD[path.slice(0, n).join('.')];
    field ??= 'client_name';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, column: columnOf(columns, field), code: issue.message });
  }
  return { errors };
}

/** The existing client a row duplicates: same client name, else a contact with the same e-mail, else phone. */
function duplicateOf(values: ImportRowValues, keys: DuplicateKeys): DuplicateTarget | undefined {
  return (
    keys.names.get(nameKey(values.client.name)) ??
    keys.emails.get(emailKey(values.contact.email)) ??
    keys.phones.get(phoneKey(values.contact.phone))
  );
}

/** Adds the keys of a row written (or to be written) for `target`. */
function remember(values: ImportRowValues, target: DuplicateTarget, keys: DuplicateKeys): void {
  if (!keys.names.has(nameKey(values.client.name))) keys.names.set(nameKey(values.client.name), target);
  if (!keys.emails.has(emailKey(values.contact.email))) keys.emails.set(emailKey(values.contact.email), target);
  if (!keys.phones.has(phoneKey(values.contact.phone))) keys.phones.set(phoneKey(values.contact.phone), target);
}

/** The data rows of `rows` below `headerRow`, empty rows left out, checked (not yet decided). */
function checkRows(rows: string[][], headerRow: number, columns: ImportColumnValue[]): PlannedRow[] {
  const planned: PlannedRow[] = [];
  for (let r = headerRow; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    if (cells.every((cell) => cell.trim() === '')) continue;
    const checked = checkRow(cellsOf(cells, columns), columns);
    planned.push(
      'values' in checked
        ? { row: r + 1, cells, decision: 'create', values: checked.values, errors: [] }
        : { row: r + 1, cells, decision: 'refuse', errors: checked.errors },
    );
  }
  return planned;
}

/** Decides each valid row against `keys` (a copy is made): create, or a duplicate to skip or update. */
function decide(planned: PlannedRow[], keys: DuplicateKeys, policy: ImportDuplicatePolicy): ImportCounts {
  const live: DuplicateKeys = {
    names: new Map(keys.names),
    emails: new Map(keys.emails),
    phones: new Map(keys.phones),
  };
  const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, refused: 0 };
  for (const row of planned) {
    if (!row.values) {
      counts.refused++;
      continue;
    }
    const target = duplicateOf(row.values, live);
    if (!target) {
      row.decision = 'create';
      counts.created++;
      remember(row.values, { clientId: `row:${row.row}`, contactId: null }, live);
    } else if (policy === 'skip') {
      row.decision = 'skip';
      counts.skipped++;
    } else {
      row.decision = 'update';
      row.target = target;
      counts.updated++;
    }
  }
  return counts;
}

/** The columns of a sheet for a header row: headings, matched automatically or by `fields`. */
function columnsFor(rows: string[][], headerRow: number, fields?: (ImportField | null)[]): ImportColumnValue[] {
  const width = Math.max(0, ...rows.slice(headerRow - 1, headerRow + 200).map((r) => r.length));
  const headers = Array.from({ length: width }, (_, i) => (rows[headerRow - 1]?.[i] ?? '').trim());
  const mapping = fields ?? autoMapping(headers);
  return headers.map((header, i) => ({ header, field: mapping[i] ?? null }));
}

/** A CSV cell: quoted when needed; a leading `=`, `+`, `@`, tab or `-` not starting a number gets a `'`. */
export function csvCell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || /^-(?![\d.])/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text (`;`, CRLF) of `rows`, with a UTF-8 BOM so that spreadsheets read the accents and kana. */
function csvText(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

export function createClientImportsService(deps: {
  repository: ClientImportsRepository;
  /** Queues the job of an import (pg-boss). */
  enqueue: (importId: string) => Promise<void>;
  now?: () => Date;
}) {
  const { repository, enqueue, now = () => new Date() } = deps;

  /** Reads the import's file again; a file that cannot be read any more answers a 422 on `file`. */
  async function readFileOf(meta: ImportMeta): Promise<ImportFile> {
    try {
      return await readImportFile(await repository.fileOf(meta.id), meta.fileName);
    } catch (error) {
      if (error instanceof ImportFileError) throw validationFailed({ propertyPath: 'file', code: error.code });
      throw error;
    }
  }

  function sheetRows(file: ImportFile, sheet: string): string[][] {
    return file.sheets.find((s) => s.name === sheet)?.rows ?? [];
  }

  async function loadOwn(actor: Actor, ulid: string): Promise<ImportMeta> {
    const meta = await repository.find(actor.spaceId, ulid);
    if (!meta) throw notFound('import_not_found');
    return meta;
  }

  /** The answer for an import; a draft is read and dry-run again. */
  async function resource(meta: ImportMeta): Promise<ClientImport> {
    let file: ImportFile | undefined;
    let dryRun: ClientImport['dry_run'] = null;
    let preview: string[][] = [];
    let suggested = meta.headerRow;
    let rowsTotal = meta.rowsTotal;
    if (meta.status === 'draft') {
      file = await readFileOf(meta);
      const rows = sheetRows(file, meta.sheet);
      preview = rows.slice(0, PREVIEW_ROWS);
      suggested = guessHeaderRow(rows);
      const planned = checkRows(rows, meta.headerRow, meta.mapping);
      rowsTotal = planned.length;
      const summary = decide(
        planned,
        await repository.duplicateKeys(meta.spaceId),
        meta.duplicatePolicy as ImportDuplicatePolicy,
      );
      const errors: ImportRowError[] = planned
        .filter((p) => p.decision === 'refuse')
        .slice(0, DRY_RUN_ERRORS)
        .map((p) => ({ row: p.row, errors: p.errors }));
      dryRun = { summary, errors };
    }
    const finished = meta.finishedAt;
    const undoable = meta.status === 'done' && finished;
    return {
      '@id': `/api/clients/imports/${meta.id}`,
      '@type': 'ClientImport',
      ulid: meta.id,
      status: meta.status as ClientImport['status'],
      file_name: meta.fileName,
      format: meta.format as ClientImport['format'],
      encoding: meta.encoding,
      delimiter: meta.delimiter,
      sheets: file ? file.sheets.map((s) => s.name) : [meta.sheet],
      sheet: meta.sheet,
      header_row: meta.headerRow,
      suggested_header_row: suggested,
      preview,
      columns: meta.mapping.map((c, index) => ({ index, header: c.header, field: c.field as ImportField | null })),
      duplicate_policy: meta.duplicatePolicy as ImportDuplicatePolicy,
      rows_total: rowsTotal,
      rows_done: meta.rowsDone,
      counts: meta.counts,
      dry_run: dryRun,
      created_at: meta.createdAt.toISOString(),
      started_at: meta.startedAt?.toISOString() ?? null,
      finished_at: finished?.toISOString() ?? null,
      undo_until: undoable ? new Date(finished.getTime() + IMPORT_UNDO_DAYS * DAY_MS).toISOString() : null,
      undone_at: meta.undoneAt?.toISOString() ?? null,
      undo_kept: meta.undoKept,
    };
  }

  return {
    resource,

    /** `POST /api/clients/imports`: reads the file (422 on `file` when refused), stores it, answers the draft. */
    async upload(actor: Actor, upload: { bytes: Buffer; fileName: string } | null): Promise<ClientImport> {
      if (!upload || upload.bytes.length === 0) {
        throw validationFailed({ propertyPath: 'file', code: 'type_file_not_found' });
      }
      let file: ImportFile;
      try {
        file = await readImportFile(upload.bytes, upload.fileName);
      } catch (error) {
        if (error instanceof ImportFileError) throw validationFailed({ propertyPath: 'file', code: error.code });
        throw new AppError('validation_failed', {
          status: 422,
          violations: [{ propertyPath: 'file', code: 'type_invalid_file' }],
        });
      }
      const sheet = file.sheets.find((s) => s.rows.length > 0) ?? file.sheets[0];
      const rows = sheet?.rows ?? [];
      const headerRow = guessHeaderRow(rows);
      const id = newUlid();
      await repository.insert({
        id,
        spaceId: actor.spaceId,
        createdBy: actor.membershipId,
        fileName: upload.fileName.slice(0, 255),
        format: file.format,
        file: upload.bytes,
        encoding: file.encoding,
        delimiter: file.delimiter,
        sheet: sheet?.name ?? '',
        headerRow,
        mapping: columnsFor(rows, headerRow),
      });
      return resource((await repository.find(actor.spaceId, id)) as ImportMeta);
    },

    /** `GET /api/clients/imports/{ulid}`. */
    async get(actor: Actor, ulid: string): Promise<ClientImport> {
      return resource(await loadOwn(actor, ulid));
    },

    /** `GET /api/clients/imports`: the 20 latest. */
    async list(actor: Actor) {
      const rows = await repository.latest(actor.spaceId);
      return {
        '@context': '/api/contexts/ClientImport',
        '@id': '/api/clients/imports',
        '@type': 'hydra:Collection' as const,
        'hydra:member': rows.map((meta) => ({
          '@id': `/api/clients/imports/${meta.id}`,
          '@type': 'ClientImport' as const,
          ulid: meta.id,
          status: meta.status as ClientImport['status'],
          file_name: meta.fileName,
          rows_total: meta.rowsTotal,
          rows_done: meta.rowsDone,
          counts: meta.counts,
          created_at: meta.createdAt.toISOString(),
          finished_at: meta.finishedAt?.toISOString() ?? null,
        })),
        'hydra:totalItems': rows.length,
      };
    },

    /** `PATCH /api/clients/imports/{ulid}`: new settings of a draft, answered with its dry run. */
    async update(
      actor: Actor,
      ulid: string,
      body: {
        sheet?: string | undefined;
        header_row?: number | undefined;
        mapping?: (ImportField | null)[] | undefined;
        duplicate_policy?: ImportDuplicatePolicy | undefined;
      },
    ): Promise<ClientImport> {
      const meta = await loadOwn(actor, ulid);
      if (meta.status !== 'draft') throw new AppError('import_not_editable');
      const file = await readFileOf(meta);
      const sheet = body.sheet ?? meta.sheet;
      if (!file.sheets.some((s) => s.name === sheet))
        throw validationFailed({ propertyPath: 'sheet', code: 'sheet_invalid' });
      const rows = sheetRows(file, sheet);
      const sheetChanged = sheet !== meta.sheet;
      const headerRow = body.header_row ?? (sheetChanged ? guessHeaderRow(rows) : meta.headerRow);
      if (headerRow > Math.max(1, rows.length)) {
        throw validationFailed({ propertyPath: 'header_row', code: 'header_row_invalid' });
      }
      let mapping = meta.mapping;
      if (body.mapping) {
        const width = columnsFor(rows, headerRow).length;
        const chosen = body.mapping.filter(Boolean);
        if (body.mapping.length > width || new Set(chosen).size !== chosen.length) {
          throw validationFailed({ propertyPath: 'mapping', code: 'mapping_invalid' });
        }
        mapping = columnsFor(rows, headerRow, body.mapping);
      } else if (sheetChanged || headerRow !== meta.headerRow) {
        mapping = columnsFor(rows, headerRow);
      }
      const values = {
        sheet,
        headerRow,
        mapping,
        duplicatePolicy: body.duplicate_policy ?? meta.duplicatePolicy,
      };
      await repository.update(meta.id, values);
      return resource({ ...meta, ...values });
    },

    /** `POST /api/clients/imports/{ulid}/start`: freezes the draft and queues its job (202). */
    async start(actor: Actor, ulid: string): Promise<ClientImport> {
      const meta = await loadOwn(actor, ulid);
      if (meta.status !== 'draft') throw new AppError('import_not_editable');
      const draft = await resource(meta);
      const summary = draft.dry_run?.summary;
      if (!summary || summary.created + summary.updated === 0) throw new AppError('import_nothing_to_import');
      const moved = await repository.moveFrom(meta.id, 'draft', {
        status: 'queued',
        rowsTotal: draft.rows_total,
        rowsDone: 0,
        startedAt: now(),
      });
      if (!moved) throw new AppError('import_not_editable');
      await enqueue(meta.id);
      return resource((await repository.find(actor.spaceId, meta.id)) as ImportMeta);
    },

    /**
     * The job's work (pg-boss worker): writes the rows in batches of {@link IMPORT_BATCH_ROWS}, each in one
     * transaction with the progress, so a job run again after a crash or a failure goes on from `rows_done`. Ends
     * `done` with the counts; a failure rethrows for pg-boss to retry, and marks the import `failed` on the last try.
     */
    async run(importId: string, options: { lastTry?: boolean } = {}): Promise<void> {
      const meta = await repository.findById(importId);
      if (!meta || (meta.status !== 'queued' && meta.status !== 'running')) return;
      try {
        await repository.update(meta.id, { status: 'running' });
        const file = await readImportFile(await repository.fileOf(meta.id), meta.fileName);
        const planned = checkRows(sheetRows(file, meta.sheet), meta.headerRow, meta.mapping);
        const keys = await repository.duplicateKeys(meta.spaceId);
        const policy = meta.duplicatePolicy as ImportDuplicatePolicy;
        const refused: RefusedRowValue[] = planned
          .filter((p) => !p.values)
          .map((p) => ({
            row: p.row,
            cells: p.cells,
            errors: p.errors.map((e) => ({ field: e.field, code: e.code })),
          }));
        const counts: ImportCounts =
          meta.rowsDone > 0 ? { ...meta.counts } : { created: 0, updated: 0, skipped: 0, refused: 0 };
        const job = { importId: meta.id, spaceId: meta.spaceId, referentId: meta.createdBy };
        let done = meta.rowsDone;
        for (let start = done; start < planned.length; start += IMPORT_BATCH_ROWS) {
          const slice = planned.slice(start, start + IMPORT_BATCH_ROWS);
          let batch: BatchRow[] = [];
          let pending: ImportRowValues[] = [];
          const flush = async (progress: Parameters<ClientImportsRepository['writeBatch']>[2]) => {
            const targets = await repository.writeBatch(job, batch, progress);
            targets.forEach((target, i) => {
              const values = pending[i];
              if (target && values) remember(values, target, keys);
            });
            batch = [];
            pending = [];
          };
          for (const row of slice) {
            if (!row.values) {
              counts.refused++;
              continue;
            }
            let target = duplicateOf(row.values, keys);
            if (!target && batch.length) {
              // a duplicate of a row of this batch not written yet: write them first
              const inBatch = pending.some(
                (v) =>
                  nameKey(v.client.name) === nameKey(row.values?.client.name ?? '') ||
                  emailKey(v.contact.email) === emailKey(row.values?.contact.email ?? '') ||
                  phoneKey(v.contact.phone) === phoneKey(row.values?.contact.phone ?? ''),
              );
              if (inBatch) {
                await flush({});
                target = duplicateOf(row.values, keys);
              }
            }
            if (!target) {
              batch.push({ kind: 'create', values: row.values });
              pending.push(row.values);
              counts.created++;
            } else if (policy === 'skip') {
              counts.skipped++;
            } else {
              batch.push({ kind: 'update', values: row.values, target });
              pending.push(row.values);
              counts.updated++;
            }
          }
          done = Math.min(planned.length, start + IMPORT_BATCH_ROWS);
          await flush({ rowsDone: done, counts: { ...counts }, rowsTotal: planned.length });
        }
        await repository.update(meta.id, {
          status: 'done',
          rowsDone: planned.length,
          rowsTotal: planned.length,
          counts,
          refusedRows: refused,
          finishedAt: now(),
        });
      } catch (error) {
        if (options.lastTry ?? true) await repository.update(meta.id, { status: 'failed', finishedAt: now() });
        throw error;
      }
    },

    /** `GET /api/clients/imports/{ulid}/refused.csv`: the refused rows with an error column in `lang`. */
    async refusedCsv(actor: Actor, ulid: string): Promise<string> {
      const meta = await loadOwn(actor, ulid);
      let header = meta.mapping.map((c) => c.header);
      let refused = meta.refusedRows;
      if (meta.status === 'draft') {
        const file = await readFileOf(meta);
        const rows = sheetRows(file, meta.sheet);
        header = (rows[meta.headerRow - 1] ?? []).map((c) => c.trim());
        refused = checkRows(rows, meta.headerRow, meta.mapping)
          .filter((p) => !p.values)
          .map((p) => ({ row: p.row, cells: p.cells, errors: p.errors }));
      }
      const lang = actor.lang;
      const width = Math.max(header.length, ...refused.map((r) => r.cells.length));
      const pad = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
      const errorText = (r: RefusedRowValue) =>
        r.errors
          .map((e) => `${templateHeading(lang, e.field as ImportField)} : ${errorMessage(lang, e.code)}`)
          .join(' | ');
      return csvText([
        [...pad(header), translate(catalogues, lang, 'clientImport:refusedError')],
        ...refused.map((r) => [...pad(r.cells), errorText(r)]),
      ]);
    },

    /** `POST /api/clients/imports/{ulid}/undo`: within 7 days of the end, once. */
    async undo(actor: Actor, ulid: string): Promise<ClientImport> {
      const meta = await loadOwn(actor, ulid);
      const limit = meta.finishedAt ? meta.finishedAt.getTime() + IMPORT_UNDO_DAYS * DAY_MS : 0;
      if (meta.status !== 'done' || now().getTime() > limit) throw new AppError('import_not_undoable');
      const kept = await repository.undo(meta.id, meta.spaceId);
      await repository.update(meta.id, { status: 'undone', undoneAt: now(), undoKept: kept });
      return resource((await repository.find(actor.spaceId, meta.id)) as ImportMeta);
    },

    /** `GET /api/clients/import-template?lang=`: the heading row in `lang`. */
    template(lang: Language): string {
      return csvText([IMPORT_FIELDS.map((field) => templateHeading(lang, field))]);
    },
  };
}
export type ClientImportsService = ReturnType<typeof createClientImportsService>;
