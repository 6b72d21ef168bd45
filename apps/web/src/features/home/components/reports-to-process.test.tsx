/**
 * Home's 'Reports to process' (SPEC §2.7 "Overview/home"; issue 12) against a real local HTTP server: the oldest
 * reports first as the API orders them, the count, each opening its report, 'see all', the empty state, and the card
 * left out for a user without the PCO action.
 */
import { DEFAULT_TIMEZONE } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { reportItem, reportPage } from '../../../test/report-list-fixtures';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { HomePage } from '../pages/home-page';
import { ReportsToProcess } from './reports-to-process';

let server: TestServer;
let answer = reportPage([], { toProcess: 0, history: 0 });

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/reports') return sendJson(response, 200, answer);
    if (url.pathname === '/api/interventions') {
      return sendJson(response, 200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the last requests finish
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function renderWith(node: ReactNode, canAct = true) {
  const session = {
    status: 'authenticated',
    timeZone: DEFAULT_TIMEZONE,
    hasAction: () => canAct,
  } as unknown as Session;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Reports to process on Home', () => {
  it('lists the oldest reports to process with the count, each linking to its report, and see all', async () => {
    answer = reportPage(
      [
        reportItem('01JR0000000000000000000001', { visit_ended_at: '2031-02-01T10:00:00+01:00' }),
        reportItem('01JR0000000000000000000002', {
          type: 'TYPE_COMMISSIONING',
          visit_ended_at: '2031-02-03T10:00:00+01:00',
          site: {
            '@id': '/api/sites/01JS2',
            '@type': 'Site',
            ulid: '01JS2',
            name: 'Orangerie',
            client: { '@id': '/api/clients/01JC2', '@type': 'Client', ulid: '01JC2', name: 'Mairie de Bègles' },
          },
          client: { '@id': '/api/clients/01JC2', '@type': 'Client', ulid: '01JC2', name: 'Mairie de Bègles' },
        }),
      ],
      { toProcess: 9, history: 40, total: 9 },
    );
    renderWith(<ReportsToProcess />);
    const card = (await screen.findByRole('heading', { name: 'Reports to process' })).closest('section') as HTMLElement;
    expect(await within(card).findByText('9 reports are waiting for the office')).toBeTruthy();
    const links = within(card)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['See all', '/reports'],
      ['Château Margaux — Chai principalFollow-up visit on 01/02/2031', '/reports?report=01JR0000000000000000000001'],
      ['Mairie de Bègles — OrangerieInstallation on 03/02/2031', '/reports?report=01JR0000000000000000000002'],
      ['And 7 more reports to process', '/reports'],
    ]);
    const query = new URL(server.requests[0]?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ status: 'to_process', itemsPerPage: '6' });
  });

  it('says so when nothing waits', async () => {
    answer = reportPage([], { toProcess: 0, history: 12 });
    renderWith(<ReportsToProcess />);
    expect(await screen.findByText(/No report is waiting/)).toBeTruthy();
  });

  it('sits beside the upcoming services for the PCO action only', async () => {
    answer = reportPage([], { toProcess: 0, history: 0 });
    renderWith(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Reports to process' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming services' })).toBeTruthy();
  });

  it('is left out without the PCO action', async () => {
    renderWith(<HomePage />, false);
    expect(await screen.findByRole('heading', { name: 'Upcoming services' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reports to process' })).toBeNull();
    expect(server.requests.some((r) => r.url.startsWith('/api/reports'))).toBe(false);
  });
});
