/**
 * The endpoints of the client import (SPEC §2.7 "Clients: import", §8 "Import"; issue 13; docs/decisions/012). Every
 * one requires the PCO action (owner, manager). An import of another space answers 404 `import_not_found`.
 */
import { z } from 'zod';
import {
  clientImportListItem,
  clientImportResource,
  clientImportSettingsBody,
  importTemplateQuery,
} from './client-imports.js';
import { defineEndpoint } from './endpoint.js';
import { hydraCollectionOf } from './jsonld.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Client import'] as const;
const importParams = z.object({ ulid: z.string().max(200).describe('ULID of the import') });
const text = (description: string) => z.string().describe(description);

export const clientImportEndpoints = {
  upload: defineEndpoint({
    operationId: 'uploadClientImport',
    method: 'POST',
    path: '/api/clients/imports',
    tags,
    access,
    summary: 'Uploads a CSV or XLSX file of clients: a draft import with its sheets, header row, columns and dry run',
    description:
      'Multipart field `file`: CSV (UTF-8, Windows-1252 or Shift_JIS; `,` or `;`, detected) or XLSX, judged by ' +
      'content, at most 10 MB (413 `payload_too_large`) and 5 000 rows. 422 on `file`: `type_file_not_found` (no ' +
      'file), `type_invalid_file` (not a CSV or XLSX, or an XLSX that unzips beyond 100 MB), `import_too_many_rows`, ' +
      '`import_cell_too_large` (a cell over 32 767 characters). The file is stored in the database.',
    consumes: [MULTIPART_FORM_DATA],
    idempotent: true,
    responses: { 201: clientImportResource },
    errors: [...UPLOAD_ERRORS],
  }),
  list: defineEndpoint({
    operationId: 'listClientImports',
    method: 'GET',
    path: '/api/clients/imports',
    tags,
    access,
    summary: 'The 20 latest imports of the space, newest first',
    responses: { 200: hydraCollectionOf(clientImportListItem).meta({ id: 'ClientImportCollection' }) },
  }),
  get: defineEndpoint({
    operationId: 'getClientImport',
    method: 'GET',
    path: '/api/clients/imports/:ulid',
    tags,
    access,
    summary:
      'An import: status, progress (rows done / total), counts, sheet, header row, columns and, draft, its dry run',
    params: importParams,
    responses: { 200: clientImportResource },
    errors: ['import_not_found'],
  }),
  update: defineEndpoint({
    operationId: 'updateClientImport',
    method: 'PATCH',
    path: '/api/clients/imports/:ulid',
    tags,
    access,
    summary: 'Sets the sheet, header row, column matching or duplicate policy of a draft import; answers its dry run',
    description:
      'A new sheet or header row matches the columns again automatically unless `mapping` is given. 409 ' +
      '`import_not_editable` once started.',
    params: importParams,
    body: clientImportSettingsBody,
    responses: { 200: clientImportResource },
    errors: ['import_not_found', 'import_not_editable', 'validation_failed'],
  }),
  start: defineEndpoint({
    operationId: 'startClientImport',
    method: 'POST',
    path: '/api/clients/imports/:ulid/start',
    tags,
    access,
    summary: 'Queues the import of a draft (202); a background job writes it in batches, progress in rows_done',
    params: importParams,
    responses: { 202: clientImportResource },
    errors: ['import_not_found', 'import_not_editable', 'import_nothing_to_import'],
  }),
  refused: defineEndpoint({
    operationId: 'getClientImportRefusedRows',
    method: 'GET',
    path: '/api/clients/imports/:ulid/refused.csv',
    tags,
    access,
    summary: "The refused rows as CSV (UTF-8 with BOM, `;`), with an `error` column in the user's language",
    description: "Cells starting with `=`, `+`, `-`, `@` are prefixed with `'` so that no spreadsheet evaluates them.",
    params: importParams,
    produces: ['text/csv'],
    responses: { 200: text('The refused rows') },
    errors: ['import_not_found'],
  }),
  undo: defineEndpoint({
    operationId: 'undoClientImport',
    method: 'POST',
    path: '/api/clients/imports/:ulid/undo',
    tags,
    access,
    summary: 'Undoes a finished import within 7 days: removes what it created, restores what it updated',
    description:
      'Records changed since the import (their `updated_at` moved) are left as they are and counted in `undo_kept`. ' +
      '409 `import_not_undoable` when not finished, already undone or older than 7 days.',
    params: importParams,
    responses: { 200: clientImportResource },
    errors: ['import_not_found', 'import_not_undoable'],
  }),
  template: defineEndpoint({
    operationId: 'getClientImportTemplate',
    method: 'GET',
    path: '/api/clients/import-template',
    tags,
    access,
    summary: "A CSV template (UTF-8 with BOM, `;`) whose headers are in `lang` (default: the user's language)",
    query: importTemplateQuery,
    produces: ['text/csv'],
    responses: { 200: text('The template') },
  }),
};
