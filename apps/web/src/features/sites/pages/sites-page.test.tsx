/**
 * Sites screen against a real HTTP server (SPEC §2.7, §3, §9): the URL filters reach the API, both sections show
 * their counts and 'displayed of total', 'load more' walks the pages (the sites in alert first), alert sites carry
 * their alert badge, empty and error states. Also the 'Schedule a visit' event detail.
 */
import { PAGE_SIZE, type SiteDetail, type SiteListAnswer, type SiteListItem } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
    '@type': 'User',
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

/** The API's paging (SPEC §3): one sequence of 30 a page, the sites in alert first, with both totals and links. */
function pageOf(alerts: SiteListItem[], others: SiteListItem[], page: number): SiteListAnswer {
  const all = [...alerts, ...others].slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const last = Math.max(1, Math.ceil((alerts.length + others.length) / PAGE_SIZE));
  return {
    in_alert_sites: all.filter((s) => s.priority_sum > 0),
    other_sites: all.filter((s) => s.priority_sum === 0),
    in_alert_site_number: alerts.length,
    other_site_number: others.length,
    'hydra:view': {
      '@id': `/api/sites?page=${page}`,
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': '/api/sites?page=1',
      'hydra:last': `/api/sites?page=${last}`,
      ...(page < last ? { 'hydra:next': `/api/sites?page=${page + 1}` } : {}),
    },
  };
}

const many = (count: number, prefix: string, extra: Partial<SiteListItem> = {}) =>
  Array.from({ length: count }, (_, i) => site(`${prefix}${i}`, `${prefix} ${String(i + 1).padStart(2, '0')}`, extra));

let server: TestServer;
let data: { alerts: SiteListItem[]; others: SiteListItem[] } | 'error';

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/sites') {
      if (data === 'error') sendProblem(response, 500, 'internal_error');
      else sendJson(response, 200, pageOf(data.alerts, data.others, Number(url.searchParams.get('page') ?? 1)));
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
  data = {
    alerts: [site('S1', 'Chai principal', { priority_sum: 9, main_alert_type: 'TYPE_TERMITE_ALERT' })],
    others: [site('S2', 'Bureaux', { status: 'STATUS_PLANNED_INSTALL', planned_at: '2026-04-02T09:00:00+02:00' })],
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
const siteCalls = () =>
  server.requests.filter((r) => r.url.startsWith('/api/sites')).map((r) => decodeURIComponent(r.url));

describe('SitesPage', () => {
  it('sends the URL filters to the API and shows both sections with their counts', async () => {
    renderAt('/sites?status=STATUS_TO_CHECK&users=U1&users=U2&order=updated_at_desc&name=chai');
    await waitFor(() =>
      expect(within(section('Sites in alert')).getAllByText('Chai principal').length).toBeGreaterThan(0),
    );
    const calls = siteCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('status=STATUS_TO_CHECK');
    expect(calls[0]).toContain('users[]=U1&users[]=U2');
    expect(calls[0]).toContain('order[updated_at]=desc');
    expect(calls[0]).toContain('name=chai');
    expect(calls[0]).toContain('page=1');
    expect(within(section('Sites in alert')).getAllByText('Termite activity').length).toBeGreaterThan(0);
    expect(within(section('Other sites')).getAllByText('Bureaux').length).toBeGreaterThan(0);
    expect(within(section('Other sites')).getAllByText(/Installation planned/).length).toBeGreaterThan(0);
    expect(within(section('Other sites')).getByText('1 of 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more sites' })).toBeNull();
  });

  it('loads the next 30 sites on demand, showing displayed of total in each section', async () => {
    data = {
      alerts: many(2, 'Alerte', { priority_sum: 3, main_alert_type: 'TYPE_LOW_BATTERY' }),
      others: many(40, 'Site'),
    };
    renderAt('/sites');
    const others = await waitFor(() => section('Other sites'));
    await waitFor(() => expect(within(others).getByText('28 of 40')).toBeTruthy());
    expect(within(section('Sites in alert')).getByText('2 of 2')).toBeTruthy();
    expect(within(section('Sites in alert')).queryByRole('button', { name: 'Load more sites' })).toBeNull();
    fireEvent.click(within(others).getByRole('button', { name: 'Load more sites' }));
    await waitFor(() => expect(within(section('Other sites')).getByText('40 of 40')).toBeTruthy());
    expect(within(section('Other sites')).getAllByText('Site 40').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load more sites' })).toBeNull();
    expect(siteCalls().map((url) => new URL(url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('lists every site in alert before the other sites, which wait with their count', async () => {
    data = {
      alerts: many(35, 'Alerte', { priority_sum: 3, main_alert_type: 'TYPE_LOW_BATTERY' }),
      others: many(5, 'Site'),
    };
    renderAt('/sites');
    await waitFor(() => expect(within(section('Sites in alert')).getByText('30 of 35')).toBeTruthy());
    expect(within(section('Other sites')).getByText('5 sites, listed once every site in alert is shown.')).toBeTruthy();
    expect(within(section('Other sites')).queryByRole('button', { name: 'Load more sites' })).toBeNull();
    fireEvent.click(within(section('Sites in alert')).getByRole('button', { name: 'Load more sites' }));
    await waitFor(() => expect(within(section('Sites in alert')).getByText('35 of 35')).toBeTruthy());
    expect(within(section('Other sites')).getByText('5 of 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more sites' })).toBeNull();
  });

  it('shows an empty state per section, offering to clear the filters when some are set', async () => {
    data = { alerts: [], others: [] };
    renderAt('/sites?name=zzz');
    expect(await screen.findByText('No site matches these filters.')).toBeTruthy();
    expect(screen.getByText('No site in alert matches these filters.')).toBeTruthy();
    expect(within(section('Other sites')).getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows an error state with a retry button when the list cannot be loaded', async () => {
    data = 'error';
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
