/**
 * Client import from a spreadsheet (SPEC §2.7 "Clients: import", §8 "Import"; issue 13; docs/decisions/012).
 *
 * A file (CSV in UTF-8, Windows-1252 or Shift_JIS with `,` or `;`, or XLSX) is uploaded, stored in the database, and
 * read again at each step: sheet and header row chosen, columns matched to {@link IMPORT_FIELDS}, every row checked by
 * {@link importRowSchema} (the forms' own zod rules: `clientInput`, `contactInput`, `siteInput`, `addressInput`), a dry
 * run, then a background job writes it. Each row gives one client with its primary contact and, optionally, one site.
 */
import { z } from 'zod';
import { clientInput, contactInput } from './clients.js';
import { addressInput } from './common.js';
import { isoDateTime, jsonLdKeys } from './jsonld.js';
import { siteInput } from './sites.js';

/** Largest file accepted, in bytes (10 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows an import may hold (below its header row). */
export const IMPORT_MAX_ROWS = 5000;
/** Longest cell accepted, in characters (Excel's own limit). A file with a longer cell is refused whole. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** Largest uncompressed size of an XLSX (all its zip entries together), in bytes: beyond, a zip bomb is assumed. */
export const IMPORT_MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
/** How long an import can be undone, in days. */
export const IMPORT_UNDO_DAYS = 7;

/** The fields a column can be matched to. A row's site is imported when any of {@link IMPORT_SITE_FIELDS} has a value. */
export const IMPORT_FIELDS = [
  'client_name',
  'company',
  'lastname',
  'firstname',
  'phone',
  'email',
  'title',
  'notes',
  'site_name',
  'address',
  'postal_code',
  'city',
  'country',
  'latitude',
  'longitude',
  'area',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/**
 * The fields that give a row a site: when all are empty, the row has no site (a city or country alone, as customer
 * files often carry, describes the client and is not imported).
 */
export const IMPORT_SITE_FIELDS: readonly ImportField[] = ['site_name', 'address', 'latitude', 'longitude', 'area'];

export const IMPORT_STATUSES = ['draft', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** What to do with a row whose client already exists (same name, or a contact with the same e-mail or phone). */
export const IMPORT_DUPLICATE_POLICIES = ['skip', 'update'] as const;
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number];

/** The words read as "private individual" in the `company` column (any of the five languages, case-insensitive). */
const INDIVIDUAL_WORDS = new Set([
  'non',
  'no',
  'não',
  'nao',
  'いいえ',
  'false',
  '0',
  'particulier',
  'individual',
  'private',
  'privato',
  'particular',
  '個人',
]);
/** The words read as "company". */
const COMPANY_WORDS = new Set([
  'oui',
  'yes',
  'sì',
  'si',
  'sim',
  'はい',
  'true',
  '1',
  'société',
  'societe',
  'entreprise',
  'company',
  'azienda',
  'società',
  'empresa',
  '法人',
  '会社',
]);

/** A `company` cell: empty → company (the form's default); a yes/no word in any language; else `company_invalid`. */
const companyCell = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const word = (value ?? '').trim().toLowerCase();
    if (word === '' || COMPANY_WORDS.has(word)) return true;
    if (INDIVIDUAL_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'company_invalid' });
    return z.NEVER;
  })
  .pipe(clientInput.shape.company.unwrap());

/** The site of a row: the site form's name and area rules, the address form's rules (coordinates required). */
export const importSiteSchema = z.object({
  name: siteInput.shape.name,
  address: addressInput,
  area: siteInput.shape.area,
});

/**
 * One row as the import checks it, built from the cells by {@link rowFromCells}: the client form (`clientInput`), the
 * contact form (`contactInput`), and the site when any site cell has a value. Violation codes are the forms'.
 */
export const importRowSchema = z.object({
  client: clientInput.extend({ company: companyCell }),
  contact: contactInput,
  site: importSiteSchema.nullable(),
});
export type ImportRowValues = z.output<typeof importRowSchema>;

/** The text of each mapped field of a row (absent when unmapped; cells are trimmed text). */
export type ImportCells = Partial<Record<ImportField, string>>;

/**
 * The input of {@link importRowSchema} for the cells of one row: empty cells read as absent, so that a required field
 * reports its `_required` code; the address label is the address, postal code, city and country joined; a site without a name takes the client's.
 */
export function rowFromCells(cells: ImportCells) {
  const value = (field: ImportField) => {
    const text = cells[field]?.trim();
    return text ? text : undefined;
  };
  const hasSite = IMPORT_SITE_FIELDS.some((field) => value(field) !== undefined);
  const place = [value('postal_code'), value('city')].filter(Boolean).join(' ');
  const label = [value('address'), place, value('country')].filter(Boolean).join(', ');
  return {
    client: { name: value('client_name'), company: value('company') },
    contact: {
      lastname: value('lastname'),
      firstname: value('firstname'),
      phone: value('phone'),
      email: value('email'),
      title: value('title'),
      notes: value('notes') ?? null,
    },
    site: hasSite
      ? {
          // no site name: the site takes the client's name, as a one-site customer's usually is
          name: value('site_name') ?? value('client_name'),
          address: {
            label: value('address') ? label : '',
            street: value('address') ?? null,
            postal_code: value('postal_code') ?? null,
            city: value('city') ?? null,
            country: value('country') ?? null,
            latitude: value('latitude') ?? '',
            longitude: value('longitude') ?? '',
          },
          area: value('area'),
        }
      : null,
  };
}

/** The column of each path of {@link importRowSchema}'s violations. */
export const IMPORT_PATH_FIELD: Record<string, ImportField> = {
  'client.name': 'client_name',
  'client.company': 'company',
  'contact.lastname': 'lastname',
  'contact.firstname': 'firstname',
  'contact.phone': 'phone',
  'contact.email': 'email',
  'contact.title': 'title',
  'contact.notes': 'notes',
  site: 'site_name',
  'site.name': 'site_name',
  'site.area': 'area',
  'site.address': 'address',
  'site.address.label': 'address',
  'site.address.street': 'address',
  'site.address.postal_code': 'postal_code',
  'site.address.city': 'city',
  'site.address.country': 'country',
  'site.address.latitude': 'latitude',
  'site.address.longitude': 'longitude',
};

/** One broken rule of a row: the field (and so the column) and the violation code of the form's rule. */
export const importCellError = z.object({
  field: z.enum(IMPORT_FIELDS),
  column: z.number().int().nullable().describe('0-based index of the column matched to the field, null if none'),
  code: z.string().describe('Violation code (SPEC §8), translated from errors.<code>'),
});
export type ImportCellError = z.output<typeof importCellError>;

/** A refused row: its number in the sheet (1-based, as a spreadsheet shows it) and its errors. */
export const importRowError = z.object({
  row: z.number().int().min(1),
  errors: z.array(importCellError),
});
export type ImportRowError = z.output<typeof importRowError>;

/** A column of the chosen sheet: its 0-based index, its header text and the field it is matched to. */
export const importColumn = z.object({
  index: z.number().int().min(0),
  header: z.string(),
  field: z.enum(IMPORT_FIELDS).nullable(),
});
export type ImportColumn = z.output<typeof importColumn>;

/** How many rows were (or, in a dry run, will be) created, updated, skipped (duplicates) and refused (errors). */
export const importCounts = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  refused: z.number().int().min(0),
});
export type ImportCounts = z.output<typeof importCounts>;

/** The dry run of a draft import: what starting it would do, and the first refused rows with their cell errors. */
export const importDryRun = z.object({
  summary: importCounts,
  errors: z.array(importRowError).describe('The first 200 refused rows'),
});
export type ImportDryRun = z.output<typeof importDryRun>;

/** `GET /api/clients/imports/{ulid}` (and the answer of every call on an import). */
export const clientImportResource = z
  .object({
    ...jsonLdKeys('ClientImport'),
    ulid: z.string(),
    status: z.enum(IMPORT_STATUSES),
    file_name: z.string(),
    format: z.enum(['csv', 'xlsx']),
    encoding: z.string().nullable().describe('CSV only: UTF-8, windows-1252 or Shift_JIS, as detected'),
    delimiter: z.string().nullable().describe('CSV only: `,` or `;`, as detected'),
    sheets: z.array(z.string()).describe('Sheet names (one, "CSV", for a CSV file)'),
    sheet: z.string(),
    header_row: z.number().int().min(1).describe('1-based row holding the column headers'),
    suggested_header_row: z.number().int().min(1),
    preview: z.array(z.array(z.string())).describe('The first 10 rows of the sheet, as text'),
    columns: z.array(importColumn),
    duplicate_policy: z.enum(IMPORT_DUPLICATE_POLICIES),
    rows_total: z.number().int().min(0).describe('Data rows below the header row'),
    rows_done: z.number().int().min(0),
    counts: importCounts,
    dry_run: importDryRun.nullable().describe('Draft imports only'),
    created_at: isoDateTime,
    started_at: isoDateTime.nullable(),
    finished_at: isoDateTime.nullable(),
    undo_until: isoDateTime.nullable().describe('Until when `undo` is possible (7 days after the end)'),
    undone_at: isoDateTime.nullable(),
    undo_kept: z.number().int().min(0).describe('Records changed since the import, left as they were by undo'),
  })
  .meta({ id: 'ClientImport' });
export type ClientImport = z.output<typeof clientImportResource>;

/** An item of `GET /api/clients/imports` (the space's recent imports). */
export const clientImportListItem = clientImportResource
  .pick({
    '@id': true,
    '@type': true,
    ulid: true,
    status: true,
    file_name: true,
    rows_total: true,
    rows_done: true,
    counts: true,
    created_at: true,
    finished_at: true,
  })
  .meta({ id: 'ClientImportListItem' });

/** `PATCH /api/clients/imports/{ulid}`: any of sheet, header row, the field of each column, duplicate policy. */
export const clientImportSettingsBody = z.object({
  sheet: z.string({ error: 'sheet_invalid' }).max(255, { error: 'sheet_invalid' }).optional(),
  header_row: z.coerce
    .number({ error: 'header_row_invalid' })
    .int({ error: 'header_row_invalid' })
    .min(1, { error: 'header_row_invalid' })
    .max(100, { error: 'header_row_invalid' })
    .optional(),
  mapping: z
    .array(z.enum(IMPORT_FIELDS, { error: 'mapping_invalid' }).nullable(), { error: 'mapping_invalid' })
    .max(500, { error: 'mapping_invalid' })
    .optional()
    .describe('The field of each column, by index (null: not imported); omitted: matched automatically'),
  duplicate_policy: z.enum(IMPORT_DUPLICATE_POLICIES, { error: 'duplicate_policy_invalid' }).optional(),
});
export type ClientImportSettingsBody = z.input<typeof clientImportSettingsBody>;

/** `GET /api/clients/import-template?lang=`: the header row in that language (default: the user's). */
export const importTemplateQuery = z.object({ lang: z.enum(['fr', 'en', 'ja', 'it', 'pt']).optional() });
