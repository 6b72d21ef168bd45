/**
 * Sites screen against a real HTTP server (SPEC §2.7, §3): the URL filters reach the API, both sections show their
 * counts, alert sites carry their alert badge, empty and error states. Also the 'Schedule a visit' event detail.
 */
import type { SiteDetail, SiteListAnswer, SiteListItem } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { scheduleVisitDetail } from './site-detail-page';
import { SitesPage } from './sites-page';

const site = (ulid: string, name: string, extra: Partial<SiteListItem> = {}): SiteListItem => ({
  '@id': `/api/sites/${ulid}`,
  '@type': 'Site',
  ulid,
  name,
  status: 'STATUS_IN_OPERATION',
  client: { '@id': '/api/clients/C1', '@type': 'Client', ulid: 'C1', name: 'Château Margaux' },
  address: {
    label: '8 allée des Lilas, 33700 Mérignac',
    street: '8 allée des Lilas',
    postal_code: '33700',
    city: 'Mérignac',
    country: 'France',
    latitude: '44.1',
    longitude: '-0.6',
  },
  referent: {
    '@id': '/api/user_pcos/U1',
    '@type': 'UserPco',
    ulid: 'U1',
    firstname: 'Emma',
    lastname: 'Petit',
    color: '#15803d',
  },
  treatment_type: 'TYPE_PREVENTION',
  priority_sum: 0,
  main_alert_type: null,
  planned_at: null,
  updated_at: '2026-03-05T10:00:00+01:00',
  ...extra,
});

let server: TestServer;
let answer: SiteListAnswer | 'error';

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/sites') {
      if (answer === 'error') sendProblem(response, 500, 'internal_error');
      else sendJson(response, 200, answer);
    } else if (url.pathname === '/api/user_pcos/search' || url.pathname === '/api/clients/search') {
      sendJson(response, 200, { list: [], total: 0 });
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
  answer = {
    in_alert_sites: [site('S1', 'Chai principal', { priority_sum: 9, main_alert_type: 'TYPE_TERMITE_ALERT' })],
    other_sites: [site('S2', 'Bureaux', { status: 'STATUS_PLANNED_INSTALL', planned_at: '2026-04-02T09:00:00+02:00' })],
    in_alert_site_number: 1,
    other_site_number: 1,
    'hydra:view': { '@id': '/api/sites?page=1', '@type': 'hydra:PartialCollectionView' },
  };
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/sites', element: <SitesPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('SitesPage', () => {
  it('sends the URL filters to the API and shows both sections with their counts', async () => {
    renderAt('/sites?status=STATUS_TO_CHECK&users=U1&users=U2&order=updated_at_desc&name=chai');
    await waitFor(() =>
      expect(within(section('Sites in alert')).getAllByText('Chai principal').length).toBeGreaterThan(0),
    );
    const calls = server.requests.filter((r) => r.url.startsWith('/api/sites')).map((r) => decodeURIComponent(r.url));
    expect(calls[0]).toContain('status=STATUS_TO_CHECK');
    expect(calls[0]).toContain('users[]=U1&users[]=U2');
    expect(calls[0]).toContain('order[updated_at]=desc');
    expect(calls[0]).toContain('name=chai');
    expect(calls[0]).toContain('page=1');
    expect(within(section('Sites in alert')).getAllByText('Termite activity').length).toBeGreaterThan(0);
    expect(within(section('Other sites')).getAllByText('Bureaux').length).toBeGreaterThan(0);
    expect(within(section('Other sites')).getAllByText(/Installation planned/).length).toBeGreaterThan(0);
  });

  it('shows an empty state per section, offering to clear the filters when some are set', async () => {
    answer = {
      in_alert_sites: [],
      other_sites: [],
      in_alert_site_number: 0,
      other_site_number: 0,
      'hydra:view': { '@id': '/api/sites?page=1', '@type': 'hydra:PartialCollectionView' },
    };
    renderAt('/sites?name=zzz');
    expect(await screen.findByText('No site matches these filters.')).toBeTruthy();
    expect(screen.getByText('No site in alert matches these filters.')).toBeTruthy();
    expect(within(section('Other sites')).getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows an error state with a retry button when the list cannot be loaded', async () => {
    answer = 'error';
    renderAt('/sites');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('scheduleVisitDetail', () => {
  const detail = (status: string, desired: string | null) =>
    ({ ulid: 'S1', client_ulid: 'C1', status, desired_installation_date: desired }) as unknown as SiteDetail;

  it('passes the desired date and the commissioning type for a site to install', () => {
    expect(scheduleVisitDetail(detail('STATUS_TO_INSTALL', '2026-05-12'))).toEqual({
      clientUlid: 'C1',
      siteUlid: 'S1',
      type: 'TYPE_COMMISSIONING',
      desiredDate: '2026-05-12',
    });
  });

  it('passes only the client and site otherwise', () => {
    expect(scheduleVisitDetail(detail('STATUS_TO_INSTALL', null))).toEqual({ clientUlid: 'C1', siteUlid: 'S1' });
    expect(scheduleVisitDetail(detail('STATUS_IN_OPERATION', '2026-05-12'))).toEqual({
      clientUlid: 'C1',
      siteUlid: 'S1',
    });
  });
});
