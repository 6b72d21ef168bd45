/**
 * The Reports screen against a real HTTP server (issue 12 "Screens"; SPEC §2.7 "Reports", §4, §8): the tabs and their
 * counts, the URL filters and the search in the list's query, paging, the empty states, the panel's sections, the
 * edit form's merge patch and its 422 errors, and the moves — send (default recipient), resend, discard (reason
 * required), reopen — with a 409's message. Every answer is a fixture checked by the contract (test-kit.tsx).
 */

import type { ServerResponse } from 'node:http';
import type { Report, ReportCollection } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import {
  type RecordedRequest,
  sendJson,
  sendProblem,
  startTestServer,
  type TestServer,
} from '../../../test/test-server';
import {
  CLIENT,
  clientOf,
  fullReport,
  locationText,
  PRODUCT,
  productsPage,
  renderReports,
  reportItem,
  reportPage,
  SITE,
} from '../test-kit';

type Override = (request: RecordedRequest, url: URL, response: ServerResponse) => boolean;

let server: TestServer;
let list: ReportCollection | ((url: URL) => ReportCollection);
let reports: Map<string, Report>;
let override: Override | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (override?.(request, url, response)) return;
    const path = url.pathname;
    const detail = /^\/api\/reports\/([^/]+)(?:\/(send|resend|discard|reopen))?$/.exec(path);
    if (path === '/api/reports') {
      sendJson(response, 200, typeof list === 'function' ? list(url) : list);
    } else if (detail) {
      const report = reports.get(detail[1] ?? '');
      if (!report) return sendProblem(response, 404, 'report_not_found');
      const move = detail[2];
      if (request.method === 'GET') return sendJson(response, 200, report);
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
      const now = '2026-03-11T09:00:00+01:00';
      const next: Report =
        move === 'send'
          ? {
              ...report,
              status: 'sent',
              sent_at: now,
              deliveries: [{ kind: 'send', at: now, by: null, recipients: body.recipients as string[] }],
            }
          : move === 'discard'
            ? { ...report, status: 'discarded', discarded_at: now, discard_reason: String(body.reason) }
            : move === 'reopen'
              ? { ...report, status: 'to_process', discarded_at: null, discard_reason: null }
              : move === 'resend'
                ? {
                    ...report,
                    deliveries: [
                      ...report.deliveries,
                      { kind: 'resend', at: now, by: null, recipients: (body.recipients as string[]) ?? [] },
                    ],
                  }
                : ({ ...report, ...body } as Report);
      reports.set(report.ulid, next);
      sendJson(response, 200, next);
    } else if (path === `/api/clients/${CLIENT}`) {
      sendJson(response, 200, clientOf());
    } else if (path === '/api/clients/search') {
      sendJson(response, 200, { list: [], total: 0 });
    } else if (path === '/api/products') {
      sendJson(response, 200, productsPage([{ ulid: PRODUCT, name: 'Sentri Bait', unit: 'unit' }]));
    } else {
      sendJson(response, 404, {});
    }
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  override = null;
  list = reportPage([reportItem('R1'), reportItem('R2', { site: { ...reportItem('R2').site, name: 'Bureaux' } })], {
    toProcess: 2,
    history: 7,
  });
  reports = new Map([['R1', fullReport('R1')]]);
});

const listCalls = () =>
  server.requests
    .filter((r) => r.method === 'GET' && new URL(r.url, 'http://x').pathname === '/api/reports')
    .map((r) => new URL(r.url, 'http://x').searchParams);
const callsTo = (method: string, suffix: string) =>
  server.requests.filter((r) => r.method === method && r.url.endsWith(suffix));
const panel = () => screen.findByRole('dialog', { name: 'Chai principal' });

describe('ReportsPage: the lists', () => {
  it('shows both tabs with their counts and the to-process list, then the history with its sent and discarded dates', async () => {
    renderReports();
    const toProcess = await screen.findByRole('tab', { name: /To process/ });
    await waitFor(() => expect(toProcess.textContent).toContain('2'));
    expect(screen.getByRole('tab', { name: /History/ }).textContent).toContain('7');
    expect(toProcess.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: /Bureaux/ })).toBeTruthy();
    expect(listCalls()[0]?.get('status')).toBe('to_process');

    list = reportPage(
      [
        reportItem('R3', { status: 'sent', sent_at: '2026-03-12T14:05:00+01:00' }),
        reportItem('R4', {
          status: 'discarded',
          discarded_at: '2026-03-13T08:00:00+01:00',
          discard_reason: 'Visite annulée par le client',
        }),
      ],
      { toProcess: 2, history: 2, total: 2 },
    );
    fireEvent.click(screen.getByRole('tab', { name: /History/ }));
    await waitFor(() => expect(locationText()).toBe('/reports?tab=history'));
    expect((await screen.findAllByText(/Sent on 12\/03\/2026/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Closed without sending on 13\/03\/2026/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Visite annulée par le client').length).toBeGreaterThan(0);
    expect(listCalls().at(-1)?.get('status')).toBe('history');
  });

  it('sends the URL filters to the API, and the search (debounced) from the first page', async () => {
    renderReports(
      `/reports?client=${CLIENT}&site=${SITE}&type=TYPE_CONTROL_VISIT&from=2026-03-01&to=2026-03-31&search=chai&page=2`,
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    const query = listCalls()[0];
    expect(query?.get('client.ulid')).toBe(CLIENT);
    expect(query?.get('site.ulid')).toBe(SITE);
    expect(query?.get('type')).toBe('TYPE_CONTROL_VISIT');
    expect(query?.get('from')).toBe('2026-03-01');
    expect(query?.get('to')).toBe('2026-03-31');
    expect(query?.get('search')).toBe('chai');
    expect(query?.get('page')).toBe('2');
    // the site picker lists the client's sites
    await waitFor(() => expect(screen.getByRole('button', { name: /Site/ }).textContent).toContain('Chai principal'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'margaux' } });
    await waitFor(() => expect(listCalls().at(-1)?.get('search')).toBe('margaux'));
    expect(listCalls().at(-1)?.get('page')).toBe('1');
    expect(locationText()).toContain('search=margaux');
    expect(locationText()).not.toContain('page=');
  });

  it('pages through the list, the page in the URL', async () => {
    const members = Array.from({ length: 30 }, (_, i) => reportItem(`P${i}`));
    list = (url) => reportPage(members, { total: 45, page: Number(url.searchParams.get('page') ?? 1) });
    renderReports();
    expect(await screen.findByText('30 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(locationText()).toBe('/reports?page=2'));
    await waitFor(() => expect(listCalls().at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('45 of 45')).toBeTruthy();
  });

  it('shows the empty state of each tab, and offers to clear the filters when they hide everything', async () => {
    list = reportPage([], { toProcess: 0, history: 0 });
    renderReports();
    expect(await screen.findByText('No report to process: every visit has been reviewed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /History/ }));
    expect(await screen.findByText('No report has been sent or closed yet.')).toBeTruthy();
  });

  it('offers to clear the filters when they hide every report', async () => {
    list = reportPage([], { toProcess: 0, history: 0 });
    renderReports('/reports?type=TYPE_CLOSING_SITE');
    expect(await screen.findByText('No report matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    await waitFor(() => expect(locationText()).toBe('/reports'));
  });

  it('shows an error with retry when the list cannot load', async () => {
    override = (_request, url, response) => {
      if (url.pathname !== '/api/reports') return false;
      sendProblem(response, 500, 'internal_error');
      return true;
    };
    renderReports();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ReportsPage: the report panel', () => {
  it('opens a report from the list, with every section', async () => {
    renderReports();
    fireEvent.click((await screen.findAllByRole('button', { name: /Chai principal/ }))[0] as HTMLElement);
    await waitFor(() => expect(locationText()).toBe('/reports?report=R1'));
    const dialog = await panel();
    const view = within(dialog);
    expect(await view.findByText('Visite de contrôle sans anomalie.')).toBeTruthy();
    expect(view.getByText('Dégager le bois stocké contre le mur nord.')).toBeTruthy();
    expect(view.getByText('Humidité au pied du mur nord.')).toBeTruthy();
    for (const title of [
      'Visit',
      'Visit summary',
      'Recommendations',
      'Conducive conditions',
      'Station checks',
      'Products used',
      'Photos',
      'Signatures',
      'Sending',
    ]) {
      expect(view.getByRole('region', { name: title })).toBeTruthy();
    }
    const stations = view.getByRole('table', { name: 'Station checks' });
    expect(within(stations).getByRole('rowheader', { name: /IGS-01/ })).toBeTruthy();
    expect(within(stations).getAllByText('Activity').length).toBeGreaterThan(0);
    expect(within(stations).getByText('72/100')).toBeTruthy();
    expect(view.getByText('Sentri Bait')).toBeTruthy();
    expect(view.getByText(/FR-2020-0042/)).toBeTruthy();
    expect(view.getByRole('img', { name: 'Damage · Station IGS-01' }).getAttribute('src')).toContain(
      '/api/reports/R1/photos/01JF0000000000000000000001',
    );
    expect(view.getAllByText(/Emma Petit \(Licence no\./).length).toBeGreaterThan(0);
    expect(view.getByText('Jean Dupont')).toBeTruthy();
    expect(view.getByText('Not sent yet.')).toBeTruthy();
    expect(view.getByRole('link', { name: 'Download draft PDF' }).getAttribute('href')).toBe(
      `${server.url}/api/reports/R1/pdf`,
    );
  });

  it('goes to the Error screen 404 for a report that cannot be found, e.g. another space’s (SPEC §8)', async () => {
    const { router } = renderReports('/reports?report=GONE');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/404'));
  });

  it('edits a report to process: the merge patch carries the fields changed only', async () => {
    renderReports('/reports?report=R1');
    const dialog = await panel();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the report' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Recommendations' }), {
      target: { value: 'Traiter le mur nord.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/reports/R1')).toHaveLength(1));
    const request = callsTo('PATCH', '/api/reports/R1')[0];
    expect(request?.headers['content-type']).toContain('application/merge-patch+json');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ recommendations: 'Traiter le mur nord.' });
    expect(await screen.findByText('Report saved')).toBeTruthy();
    // back to reading, with the saved text
    expect(
      await within(await screen.findByRole('dialog', { name: 'Chai principal' })).findByText('Traiter le mur nord.'),
    ).toBeTruthy();
  });

  it('sends every station check and product use when one of them changed', async () => {
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the report' });
    const station = within(form).getByRole('group', { name: 'Station IGS-02' });
    fireEvent.change(within(station).getByRole('textbox', { name: 'Note' }), { target: { value: 'RAS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/reports/R1')).toHaveLength(1));
    const body = JSON.parse(callsTo('PATCH', '/api/reports/R1')[0]?.body ?? '{}');
    expect(Object.keys(body)).toEqual(['station_checks']);
    expect(body.station_checks).toEqual([
      {
        equipment: '/api/equipment/01JE0000000000000000000001',
        result: 'activity',
        action: 'baited',
        bait_consumed: 'third',
        note: 'Galeries fraîches',
      },
      {
        equipment: '/api/equipment/01JE0000000000000000000002',
        result: 'no_activity',
        action: 'inspected',
        bait_consumed: null,
        note: 'RAS',
      },
    ]);
  });

  it('keeps what was typed and shows the 422 errors under their fields', async () => {
    override = (request, url, response) => {
      if (request.method !== 'PATCH' || url.pathname !== '/api/reports/R1') return false;
      sendProblem(response, 422, 'validation_failed', [
        { propertyPath: 'visit_ended_at', code: 'visit_ended_at_invalid', message: 'x' },
        { propertyPath: 'product_uses.0.quantity', code: 'quantity_invalid', message: 'x' },
      ]);
      return true;
    };
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the report' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Visit summary' }), {
      target: { value: 'Texte saisi' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('The end of the visit cannot be before its start, nor in the future.'),
    ).toBeTruthy();
    expect(within(form).getByText('Enter a quantity greater than zero.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Visit summary' }) as HTMLTextAreaElement).value).toBe(
      'Texte saisi',
    );
  });

  it('asks before Escape closes an edit with changes, and keeps the text when the user keeps editing', async () => {
    const { router } = renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the report' });
    const summary = within(form).getByRole('textbox', { name: 'Visit summary' });
    fireEvent.change(summary, { target: { value: 'Galeries sous le plancher' } });
    fireEvent.keyDown(summary, { key: 'Escape', code: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const kept = await screen.findByRole('form', { name: 'Edit the report' });
    expect((within(kept).getByRole('textbox', { name: 'Visit summary' }) as HTMLTextAreaElement).value).toBe(
      'Galeries sous le plancher',
    );
    expect(router.state.location.search).toContain('report=R1');

    // discarding closes the panel without saving
    fireEvent.keyDown(within(kept).getByRole('textbox', { name: 'Visit summary' }), {
      key: 'Escape',
      code: 'Escape',
    });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('report=R1'));
    expect(callsTo('PATCH', '/api/reports/R1')).toHaveLength(0);
  });

  it('asks before Cancel drops an edit with changes, then goes back to reading; without changes at once', async () => {
    renderReports('/reports?report=R1');
    const dialog = await panel();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    let form = await screen.findByRole('form', { name: 'Edit the report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the report' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('form', { name: 'Edit the report' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Recommendations' }), {
      target: { value: 'Traiter le mur nord.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((within(form).getByRole('textbox', { name: 'Recommendations' }) as HTMLTextAreaElement).value).toBe(
      'Traiter le mur nord.',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the report' })).toBeNull());
    // still open, reading the report as saved
    expect(await within(await panel()).findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(callsTo('PATCH', '/api/reports/R1')).toHaveLength(0);
  });

  it('checks the form with the contract before sending: a product use needs its product and quantity', async () => {
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the report' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose the product.')).toBeTruthy();
    expect(callsTo('PATCH', '/api/reports/R1')).toHaveLength(0);
  });

  it('sends to the client’s primary contact and the recipients added', async () => {
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Send to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the report to the customer' });
    expect(await within(dialog).findByText('jean.dupont@margaux.example')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add a recipient' }), {
      target: { value: 'not-an-address' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/not valid/i)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Add a recipient' }), {
      target: { value: 'Compta@Margaux.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('compta@margaux.example')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('POST', '/api/reports/R1/send')).toHaveLength(1));
    expect(JSON.parse(callsTo('POST', '/api/reports/R1/send')[0]?.body ?? '{}')).toEqual({
      recipients: ['jean.dupont@margaux.example', 'compta@margaux.example'],
    });
    expect(await screen.findByText('Report sent to the customer')).toBeTruthy();
    // the panel follows: sent, with its delivery and the resend action
    const after = within(await panel());
    const resend = await after.findByRole('button', { name: 'Send again' });
    expect(after.getByText(/To jean.dupont@margaux.example, compta@margaux.example/)).toBeTruthy();
    // the Send button is gone: the focus stays in the panel, on its action
    await waitFor(() => expect(document.activeElement).toBe(resend));
  });

  it('asks at least one recipient', async () => {
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Send to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the report to the customer' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove jean.dupont@margaux.example' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Add at least one recipient.')).toBeTruthy();
    expect(callsTo('POST', '/api/reports/R1/send')).toHaveLength(0);
  });

  it('shows the 409 of a move refused by the server', async () => {
    override = (request, url, response) => {
      if (request.method !== 'POST' || url.pathname !== '/api/reports/R1/send') return false;
      sendProblem(response, 409, 'report_not_to_process');
      return true;
    };
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Send to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the report to the customer' });
    await within(dialog).findByText('jean.dupont@margaux.example');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This report has already been sent or discarded.')).toBeTruthy();
  });

  it('discards with a reason, which is required', async () => {
    renderReports('/reports?report=R1');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Close without sending' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close without sending?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close without sending' }));
    expect(await within(dialog).findByText('Give the reason why the report is not sent.')).toBeTruthy();
    expect(callsTo('POST', '/api/reports/R1/discard')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Visite en double  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close without sending' }));
    await waitFor(() => expect(callsTo('POST', '/api/reports/R1/discard')).toHaveLength(1));
    expect(JSON.parse(callsTo('POST', '/api/reports/R1/discard')[0]?.body ?? '{}')).toEqual({
      reason: 'Visite en double',
    });
    expect(await screen.findByText('Report closed without sending')).toBeTruthy();
    expect(await within(await panel()).findByText('Reason: Visite en double')).toBeTruthy();
  });

  it('reopens a discarded report after a confirmation', async () => {
    reports.set(
      'R1',
      fullReport('R1', {
        status: 'discarded',
        discarded_at: '2026-03-11T08:00:00+01:00',
        discard_reason: 'Visite en double',
      }),
    );
    renderReports('/reports?report=R1&tab=history');
    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reopen this report?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(callsTo('POST', '/api/reports/R1/reopen')).toHaveLength(1));
    expect(await screen.findByText('Report reopened')).toBeTruthy();
    expect(await within(await panel()).findByRole('button', { name: 'Send to customer' })).toBeTruthy();
  });

  it('resends a sent report to the last recipients', async () => {
    reports.set(
      'R1',
      fullReport('R1', {
        status: 'sent',
        sent_at: '2026-03-11T08:00:00+01:00',
        pdf_sha256: 'ab'.repeat(32),
        deliveries: [
          { kind: 'send', at: '2026-03-11T08:00:00+01:00', by: null, recipients: ['regie@margaux.example'] },
        ],
      }),
    );
    renderReports('/reports?report=R1&tab=history');
    const view = within(await panel());
    expect(await view.findByText(/Sent on 11\/03\/2026/)).toBeTruthy();
    expect(view.getByRole('link', { name: 'Download PDF' })).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the report again' });
    expect(await within(dialog).findByText('regie@margaux.example')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(callsTo('POST', '/api/reports/R1/resend')).toHaveLength(1));
    expect(JSON.parse(callsTo('POST', '/api/reports/R1/resend')[0]?.body ?? '{}')).toEqual({
      recipients: ['regie@margaux.example'],
    });
    expect(await screen.findByText('Report sent again')).toBeTruthy();
  });
});
