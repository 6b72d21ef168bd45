/**
 * The reports of a site (issue 12 "Screens: Site detail") against a real local HTTP server: both lists filtered on the
 * site, newest first, with status, visit date, sent or closed date, a link to the report and its PDF, 'see all' to
 * `/reports?site=`, and the empty state.
 */
import { DEFAULT_TIMEZONE } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { reportItem, reportPage } from '../../../test/report-list-fixtures';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { SiteReports } from './site-reports';

const SITE = '01JS0000000000000000000001';
let server: TestServer;
let empty = false;

const toProcess = [
  reportItem('01JR0000000000000000000001', { visit_ended_at: '2031-01-10T10:00:00+01:00' }),
  reportItem('01JR0000000000000000000002', { visit_ended_at: '2031-02-20T10:00:00+01:00' }),
];
const history = [
  reportItem('01JR0000000000000000000003', {
    status: 'sent',
    type: 'TYPE_COMMISSIONING',
    visit_ended_at: '2030-12-01T10:00:00+01:00',
    sent_at: '2030-12-02T09:00:00+01:00',
  }),
  reportItem('01JR0000000000000000000004', {
    status: 'discarded',
    visit_ended_at: '2030-11-01T10:00:00+01:00',
    discarded_at: '2030-11-03T09:00:00+01:00',
    discard_reason: 'Visite en double',
  }),
];

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname !== '/api/reports') return sendProblem(response, 404, 'not_found');
    if (empty) return sendJson(response, 200, reportPage([], { toProcess: 0, history: 0 }));
    const list = url.searchParams.get('status') === 'history' ? history : toProcess;
    return sendJson(response, 200, reportPage(list, { toProcess: 2, history: 9, total: list.length }));
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  empty = false;
});

function renderCard() {
  const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <SiteReports siteUlid={SITE} />
        </MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('SiteReports', () => {
  it("lists the site's reports to process and its history with dates, links and PDFs", async () => {
    renderCard();
    const card = (await screen.findByRole('heading', { name: 'Reports' })).closest('section') as HTMLElement;
    await within(card).findByText('To process (2)');
    expect(within(card).getByText('History (9)')).toBeTruthy();
    const reportLinks = within(card)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/reports?report='))
      .map((link) => [link.getAttribute('href'), link.textContent]);
    expect(reportLinks).toEqual([
      // newest visit first
      ['/reports?report=01JR0000000000000000000002', 'To processFollow-up visit on 20/02/2031'],
      ['/reports?report=01JR0000000000000000000001', 'To processFollow-up visit on 10/01/2031'],
      [
        '/reports?report=01JR0000000000000000000003',
        'SentInstallation on 01/12/2030Sent to the customer on 02/12/2030',
      ],
      [
        '/reports?report=01JR0000000000000000000004',
        'Closed without sendingFollow-up visit on 01/11/2030Closed without sending on 03/11/2030',
      ],
    ]);
    const pdf = within(card).getByRole('link', { name: 'Download the PDF of the report: Installation on 01/12/2030' });
    expect(pdf.getAttribute('href')).toBe('/api/reports/01JR0000000000000000000003/pdf');
    expect(within(card).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(`/reports?site=${SITE}`);
    expect(within(card).getByRole('link', { name: 'See 7 more reports' }).getAttribute('href')).toBe(
      `/reports?site=${SITE}`,
    );
    const queries = server.requests.map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(queries).toEqual(
      expect.arrayContaining([
        { 'site.ulid': SITE, itemsPerPage: '5', status: 'to_process' },
        { 'site.ulid': SITE, itemsPerPage: '5', status: 'history' },
      ]),
    );
  });

  it('says so when the site has no report', async () => {
    empty = true;
    renderCard();
    expect(await screen.findByText(/No report yet for this site/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See all' })).toBeNull();
  });
});
