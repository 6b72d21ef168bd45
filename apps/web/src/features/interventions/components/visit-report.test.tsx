/**
 * The report of a visit in the intervention panel (issue 12 "Screens"), against a real local HTTP server: a past visit
 * without a report offers "Record the visit" (POST, then the mark), one with a report shows its status and opens it on
 * `/reports?report=<ulid>`, a future visit shows nothing, a refused recording shows the translated error.
 */
import { DEFAULT_TIMEZONE, type Intervention } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { emit } from '../../../shared/lib/events';
import { fullReport, visit } from '../../../test/report-list-fixtures';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { InterventionPanel } from './intervention-panel';

const PAST = '01JJ1111111111111111111111';
const SENT = '01JJ2222222222222222222222';
const FUTURE = '01JJ3333333333333333333333';
const EARLY = '01JJ4444444444444444444444';
const REPORT = '01JR1111111111111111111111';

const visits: Record<string, Intervention> = {
  [PAST]: visit(PAST, { start: '2020-03-04T09:00:00+01:00', end: '2020-03-04T10:00:00+01:00' }),
  [SENT]: visit(SENT, {
    start: '2020-03-05T09:00:00+01:00',
    end: '2020-03-05T10:00:00+01:00',
    report: { '@id': '/api/reports/01JR9', '@type': 'Report', ulid: '01JR9', status: 'sent' },
  }),
  [FUTURE]: visit(FUTURE, { start: '2099-03-04T09:00:00+01:00', end: '2099-03-04T10:00:00+01:00' }),
  [EARLY]: visit(EARLY, { start: '2020-03-06T09:00:00+01:00', end: '2020-03-06T10:00:00+01:00' }),
};
let recorded = false;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    const [, , , id, tail] = path.split('/');
    if (path.startsWith('/api/interventions/') && id && visits[id]) {
      if (request.method === 'POST' && tail === 'report') {
        if (id === EARLY) return sendProblem(response, 422, 'intervention_not_past');
        recorded = true;
        return sendJson(response, 201, fullReport(REPORT, { intervention_ulid: id }));
      }
      const current = visits[id] as Intervention;
      const mark = {
        '@id': `/api/reports/${REPORT}`,
        '@type': 'Report' as const,
        ulid: REPORT,
        status: 'to_process' as const,
      };
      return sendJson(response, 200, id === PAST && recorded ? { ...current, report: mark } : current);
    }
    // the form's pickers and the site's light view
    if (path.endsWith('/search')) return sendJson(response, 200, { list: [], total: 0 });
    if (path.endsWith('/light')) {
      return sendJson(response, 200, { ulid: id, description: null, status: 'STATUS_IN_OPERATION' });
    }
    return sendProblem(response, 404, 'not_found');
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
  recorded = false;
});

function renderPanel(canAct = true) {
  const session = {
    status: 'authenticated',
    timeZone: DEFAULT_TIMEZONE,
    hasAction: () => canAct,
  } as unknown as Session;
  const router = createMemoryRouter(
    [
      { path: '/planning', element: <InterventionPanel /> },
      { path: '/reports', element: <p>reports screen</p> },
    ],
    { initialEntries: ['/planning'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

async function open(interventionUlid: string) {
  act(() => emit('openInterventionPanel', { interventionUlid }));
  await screen.findByRole('dialog');
  // the form is ready once the visit is loaded
  await within(screen.getByRole('dialog')).findByRole('combobox', { name: 'Client' });
}

const dialog = () => screen.getByRole('dialog');

describe('the report of a visit in the panel', () => {
  it('records a past visit without a report, then shows its mark and opens it', async () => {
    const router = renderPanel();
    await open(PAST);
    const section = await within(dialog()).findByRole('region', { name: 'Visit report' });
    expect(within(section).getByText(/No report yet/)).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Record the visit' }));
    await waitFor(() => expect(within(section).getByText('To process')).toBeTruthy());
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/interventions/${PAST}/report`,
    ]);
    expect(within(section).queryByRole('button', { name: 'Record the visit' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Open the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(router.state.location.search).toBe(`?report=${REPORT}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the status of an existing report', async () => {
    renderPanel();
    await open(SENT);
    const section = await within(dialog()).findByRole('region', { name: 'Visit report' });
    expect(within(section).getByText('Sent')).toBeTruthy();
    expect(within(section).getByText('The report has been sent to the customer.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Open the report' })).toBeTruthy();
  });

  it('shows nothing for a future visit', async () => {
    renderPanel();
    await open(FUTURE);
    expect(within(dialog()).queryByRole('region', { name: 'Visit report' })).toBeNull();
  });

  it('shows the reason a recording is refused', async () => {
    renderPanel();
    await open(EARLY);
    const section = await within(dialog()).findByRole('region', { name: 'Visit report' });
    fireEvent.click(within(section).getByRole('button', { name: 'Record the visit' }));
    expect(await within(section).findByText(/has not started yet/)).toBeTruthy();
  });

  it('offers no recording to a user without the PCO action', async () => {
    renderPanel(false);
    await open(PAST);
    const section = await within(dialog()).findByRole('region', { name: 'Visit report' });
    expect(within(section).getByText('No report has been recorded for this visit yet.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Record the visit' })).toBeNull();
  });
});
