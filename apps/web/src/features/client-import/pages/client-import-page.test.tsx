/**
 * The client import wizard against a real HTTP server (issue 13): upload, sheet and header row, column matching, the
 * check with its per-cell errors and summary, start, the progress polled until the report, and a reload that finds
 * a running import again. Every answer is parsed by the contract's schema first.
 */
import { type ClientImport, clientImportResource } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translateErrorCode } from '../../../shared/api/error-message';
import { configureHttpClient } from '../../../shared/api/http-client';
import {
  type RecordedRequest,
  sendJson,
  sendProblem,
  startTestServer,
  type TestServer,
} from '../../../test/test-server';
import { ClientImportPage } from './client-import-page';

const DRAFT: ClientImport = clientImportResource.parse({
  '@id': '/api/clients/imports/01IMP',
  '@type': 'ClientImport',
  ulid: '01IMP',
  status: 'draft',
  file_name: 'clients.csv',
  format: 'csv',
  encoding: 'windows-1252',
  delimiter: ';',
  sheets: ['CSV'],
  sheet: 'CSV',
  header_row: 1,
  suggested_header_row: 1,
  preview: [
    ['Nom du client', 'E-mail', 'Divers'],
    ['Résidence Les Pins', 'helene@exemple.fr', 'x'],
    ['SCI du Port', 'pas-une-adresse', 'y'],
  ],
  columns: [
    { index: 0, header: 'Nom du client', field: 'client_name' },
    { index: 1, header: 'E-mail', field: 'email' },
    { index: 2, header: 'Divers', field: null },
  ],
  duplicate_policy: 'skip',
  rows_total: 2,
  rows_done: 0,
  counts: { created: 0, updated: 0, skipped: 0, refused: 0 },
  dry_run: {
    summary: { created: 1, updated: 0, skipped: 0, refused: 1 },
    errors: [{ row: 3, errors: [{ field: 'email', column: 1, code: 'email_invalid' }] }],
  },
  created_at: '2026-11-27T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  undo_until: null,
  undone_at: null,
  undo_kept: 0,
});
const RUNNING = clientImportResource.parse({
  ...DRAFT,
  status: 'running',
  rows_done: 1,
  dry_run: null,
  started_at: '2026-11-27T10:01:00.000Z',
});
const DONE = clientImportResource.parse({
  ...RUNNING,
  status: 'done',
  rows_done: 2,
  counts: { created: 1, updated: 0, skipped: 0, refused: 1 },
  finished_at: '2026-11-27T10:02:00.000Z',
  undo_until: '2026-12-04T10:02:00.000Z',
});

let server: TestServer;
/** The answers of `GET /api/clients/imports/01IMP`, in order (the last one repeats). */
let reads: ClientImport[] = [];
/** When set, `PATCH` answers this problem (a change the server refuses). */
let refusal: { status: number; code: string } | null = null;

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'POST' && url.pathname === '/api/clients/imports') return sendJson(response, 201, DRAFT);
    if (request.method === 'GET' && url.pathname === '/api/clients/imports/01IMP') {
      const next = reads.length > 1 ? reads.shift() : reads[0];
      return sendJson(response, 200, next ?? DRAFT);
    }
    if (request.method === 'PATCH' && url.pathname === '/api/clients/imports/01IMP') {
      if (refusal) return sendProblem(response, refusal.status, refusal.code);
      const body = JSON.parse(request.body) as { duplicate_policy?: 'skip' | 'update' };
      return sendJson(response, 200, { ...DRAFT, duplicate_policy: body.duplicate_policy ?? 'skip' });
    }
    if (request.method === 'POST' && url.pathname === '/api/clients/imports/01IMP/start') {
      reads = [RUNNING, DONE];
      return sendJson(response, 202, { ...RUNNING, status: 'queued', rows_done: 0 });
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  reads = [];
  refusal = null;
});

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/clients/import',
        element: (
          <>
            <ClientImportPage />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ClientImportPage', () => {
  it('walks from the file to the report', async () => {
    renderAt('/clients/import');
    expect(await screen.findByRole('button', { name: 'Download the template' })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['a;b'], 'clients.csv', { type: 'text/csv' })] } });

    // sheet and header row, with the detected encoding and a preview
    expect(await screen.findByText('Encoding windows-1252, separator “;”')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/clients/import?import=01IMP&step=sheet');
    expect(screen.getByRole('table').textContent).toContain('Résidence Les Pins');
    const upload = server.requests.find((r) => r.method === 'POST');
    expect(upload?.headers['content-type']).toContain('multipart/form-data');
    // a create (ADR 027): a double drop or a retry of the same file makes one draft
    expect(upload?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // column matching: one select per column, the unmatched one "Do not import"
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(
      await screen.findByText('Columns were matched from their headings. Correct any that are wrong.'),
    ).toBeTruthy();
    expect(screen.getByText('Divers')).toBeTruthy();
    expect(screen.getAllByText('Do not import').length).toBeGreaterThan(0);

    // the check: summary, errors per cell, duplicates policy
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('1 client will be created')).toBeTruthy();
    expect(screen.getByText('1 row refused')).toBeTruthy();
    const errors = screen.getByTestId('import-errors');
    expect(within(errors).getByText('E-mail')).toBeTruthy();
    expect(within(errors).getByText('3')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Update them' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(JSON.parse(server.requests.find((r) => r.method === 'PATCH')?.body ?? '{}')).toEqual({
      duplicate_policy: 'update',
    });

    // start: the progress, then the report
    fireEvent.click(screen.getByRole('button', { name: /Start the import/ }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    expect(await screen.findByText('Import finished', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('1 client created')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download the refused rows/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Undo the import/ })).toBeTruthy();
  }, 20_000);

  it('says why a change of setting was refused, and shows the setting the server holds', async () => {
    renderAt('/clients/import?import=01IMP&step=check');
    expect(await screen.findByText('1 client will be created')).toBeTruthy();
    refusal = { status: 409, code: 'import_not_editable' };
    fireEvent.click(screen.getByRole('radio', { name: 'Update them' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(translateErrorCode('import_not_editable'));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Skip them' }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('finds a running import again after a reload', async () => {
    reads = [RUNNING];
    renderAt('/clients/import?import=01IMP');
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByText('Importing: 1 of 2 rows')).toBeTruthy();
  });
});
