/** Issue 13 "Home lists visits that are due, unplanned or overdue": the card of contract visits to watch. */
import { DEFAULT_TIMEZONE, dueVisitList } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { DueVisitsCard } from './due-visits-card';

const visit = (ulid: string, reason: 'unassigned' | 'overdue', due: string, client: string) => ({
  '@id': `/api/interventions/${ulid}`,
  '@type': 'DueVisit',
  ulid,
  due_date: due,
  start_at: `${due}T09:00:00+01:00`,
  reason,
  contract: { ulid: '01JK0000000000000000000001', reference: 'CT-2031-01' },
  site: { ulid: '01JS0000000000000000000001', name: 'Chai principal' },
  client: { ulid: '01JC0000000000000000000001', name: client },
});
let server: TestServer;
let members: unknown[] = [];

beforeAll(async () => {
  await loadOnDemandCatalogue('contracts', 'en');
  server = await startTestServer((_request, response) =>
    sendJson(
      response,
      200,
      dueVisitList.parse({
        '@context': '/api/contexts/DueVisit',
        '@id': '/api/contract_due_visits',
        '@type': 'hydra:Collection',
        'hydra:member': members,
        'hydra:totalItems': members.length,
      }),
    ),
  );
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});

function renderCard() {
  const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;
  return render(
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DueVisitsCard />
        </MemoryRouter>
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

describe('DueVisitsCard', () => {
  it('lists the overdue and unassigned contract visits, each opening the planning on its day', async () => {
    members = [
      visit('01JV0000000000000000000001', 'overdue', '2031-02-03', 'Château Margaux'),
      visit('01JV0000000000000000000002', 'unassigned', '2031-03-03', 'SCI du Port'),
    ];
    renderCard();
    expect(await screen.findByText('Contract visits to watch')).toBeTruthy();
    expect(screen.getByText('2 visits')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('Unassigned')).toBeTruthy();
    expect(screen.getByText('Due 03/02/2031')).toBeTruthy();
    const link = screen.getByRole('link', { name: /SCI du Port/ });
    expect(link.getAttribute('href')).toBe('/planning?start_date=2031-03-03&end_date=2031-03-03');
  });

  it('shows nothing when no contract visit needs attention', async () => {
    members = [];
    const { container } = renderCard();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).toBe('');
  });
});
