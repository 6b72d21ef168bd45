/**
 * Fleet health (issue 15 "The overview per space") against a real HTTP server answering the contract's schema: the
 * figures of each PCO, sorting from the column headers (the query sent, `aria-sort`, the URL), the search, the empty
 * state, and the drill-down into a PCO by substitution (the dealer's call or the admin's, then the app restarts on /).
 */
import {
  type CurrentUser,
  type FleetHealth,
  type FleetHealthCollection,
  fleetHealthCollection,
} from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { actorOf } from '../../../shared/auth/actor';
import { SessionContext } from '../../../shared/auth/session';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { dismissNotification, NotificationViewport } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { FleetHealthPage } from './fleet-health-page';

const DEALER = { '@id': '/api/dealers/D1', '@type': 'Dealer' as const, ulid: 'D1', name: 'Distribution Ouest' };

/** A PCO's health with quiet figures, `extra` overriding them. */
function health(ulid: string, name: string, extra: Partial<FleetHealth> = {}): FleetHealth {
  return {
    '@id': `/api/fleet_health/${ulid}`,
    '@type': 'FleetHealth',
    ulid,
    name,
    pco: `/api/pcos/${ulid}`,
    dealer: DEALER,
    sites: 1,
    sites_in_alert: 0,
    gateways: 1,
    silent_gateways: 0,
    stations: 2,
    low_battery_stations: 0,
    firmware_versions: [],
    median_response_seconds: null,
    responses: 0,
    last_login_at: null,
    ...extra,
  };
}

const ALPHA = health('P1', 'Alpha Termites', {
  sites: 3,
  sites_in_alert: 2,
  gateways: 3,
  silent_gateways: 2,
  stations: 4,
  low_battery_stations: 2,
  firmware_versions: [
    { version: '1.4.2', count: 3 },
    { version: '2.1.0', count: 3 },
  ],
  median_response_seconds: 7200,
  responses: 3,
  last_login_at: '2026-11-25T09:30:00+01:00',
});
const BETA = health('P2', 'Bêta Nuisibles', { median_response_seconds: 5400, responses: 2 });

let server: TestServer;

beforeAll(async () => {
  // the screen's texts load on demand (the router's wrapper): loaded here, as the wrapper would
  await loadOnDemandCatalogue('overview', 'en');
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === '/api/fleet_health') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const members = [ALPHA, BETA].filter((pco) => pco.name.toLowerCase().includes(search));
      const answer: FleetHealthCollection = fleetHealthCollection.parse({
        '@context': '/api/contexts/FleetHealth',
        '@id': '/api/fleet_health',
        '@type': 'hydra:Collection',
        'hydra:member': members,
        'hydra:totalItems': members.length,
      });
      return sendJson(response, 200, answer);
    }
    if (request.method === 'POST' && url.pathname.endsWith('/connect-on-pco')) return sendJson(response, 204, null);
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  dismissNotification();
  server.requests.length = 0;
});

/** The current user of a dealer member or an admin. */
function me(type: 'admin' | 'dealer'): CurrentUser {
  return {
    ...{ '@id': '/api/me', '@type': 'CurrentUser', ulid: 'ME', firstname: 'Camille', lastname: 'Martin' },
    ...{ email: 'camille@example.fr', lang: 'en', timezone: 'Europe/Paris', mail_notification: true },
    user_type: type,
    role: type === 'admin' ? 'ROLE_ADMIN_SPACE_ADMIN' : 'ROLE_DEALER_SPACE_USER',
    ...{ color: null, disabled_at: null, last_invited_at: null },
    have_user_admin_space: type === 'admin',
    have_user_dealer_space: type === 'dealer',
    have_user_pco_space: false,
    space_names: { admin: null, dealer: null, pco: null },
    dealer: type === 'dealer' ? { ...DEALER, logo: null } : null,
    connected_on_dealer: null,
    pco: null,
    connected_on_pco: null,
  } as CurrentUser;
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the screen at `path` for `user`. */
function renderFleet(user: CurrentUser, path = '/fleet') {
  const router = createMemoryRouter(
    [
      {
        path: '/fleet',
        element: (
          <>
            <FleetHealthPage />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext.Provider
      value={{
        status: 'authenticated',
        me: user,
        actor: actorOf(user),
        hasAction: () => true,
        timeZone: user.timezone,
        isLoggingOut: false,
        setLoggingOut: () => {},
        reloadMe: async () => {},
      }}
    >
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

const listCalls = () =>
  server.requests
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/fleet_health'))
    .map((r) => decodeURIComponent(r.url));
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the figures', () => {
  it("shows each PCO's figures, by sites in alert (most first) unless asked otherwise", async () => {
    renderFleet(me('dealer'));
    await screen.findByText('Alpha Termites');
    expect(listCalls()).toEqual(['/api/fleet_health?page=1&order[sites_in_alert]=desc']);
    expect(header('Sites in alert').getAttribute('aria-sort')).toBe('descending');
    const alpha = within(row('Alpha Termites'));
    expect(alpha.getAllByText('2')).toHaveLength(3); // in alert, silent gateways, low batteries
    expect(alpha.getByText('/ 4')).toBeTruthy();
    expect(alpha.getByText('1.4.2 × 3')).toBeTruthy();
    expect(alpha.getByText('2 h 00 min')).toBeTruthy();
    expect(alpha.getByText('over 3 alerts')).toBeTruthy();
    const beta = within(row('Bêta Nuisibles'));
    expect(beta.getByText('1 h 30 min')).toBeTruthy();
    expect(beta.getByText('None reported')).toBeTruthy();
    expect(beta.getByText('Never')).toBeTruthy();
    // a dealer sees its own PCOs: no dealer name under them
    expect(screen.queryByText('Distribution Ouest')).toBeNull();
  });
});

describe('sorting', () => {
  it('sorts by a column from its header, largest first, then the other way; the URL keeps it', async () => {
    renderFleet(me('dealer'));
    await screen.findByText('Alpha Termites');
    fireEvent.click(within(header('Median response')).getByRole('button'));
    await waitFor(() => expect(header('Median response').getAttribute('aria-sort')).toBe('descending'));
    expect(header('Sites in alert').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header('Median response')).getByRole('button'));
    await waitFor(() => expect(header('Median response').getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(header('Operator')).getByRole('button'));
    await waitFor(() => expect(header('Operator').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() =>
      expect(listCalls()).toEqual([
        '/api/fleet_health?page=1&order[sites_in_alert]=desc',
        '/api/fleet_health?page=1&order[median_response_seconds]=desc',
        '/api/fleet_health?page=1&order[median_response_seconds]=asc',
        '/api/fleet_health?page=1&order[name]=asc',
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/fleet?sort=name&dir=asc');
  });

  it('reads the sort from the URL', async () => {
    renderFleet(me('dealer'), '/fleet?sort=last_login_at&dir=asc&search=alpha');
    await screen.findByRole('button', { name: 'Enter the space of Alpha Termites' });
    expect(listCalls()).toEqual(['/api/fleet_health?page=1&order[last_login_at]=asc&search=alpha']);
    expect(header('Last login').getAttribute('aria-sort')).toBe('ascending');
  });

  it('says when no PCO matches the search, and clears it', async () => {
    renderFleet(me('dealer'), '/fleet?search=zzz');
    const empty = (await screen.findByText('No operator matches this search.')).parentElement as HTMLElement;
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('Alpha Termites')).toBeTruthy();
  });
});

describe('drill-down by substitution', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => vi.restoreAllMocks());

  it("a dealer enters one of its PCOs with the dealer's call, then the app restarts on /", async () => {
    renderFleet(me('dealer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the space of Alpha Termites' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const writes = server.requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => `${r.url} ${r.body}`)).toEqual([
      '/api/user_dealers/connect-on-pco {"connected_on_pco_ulid":"P1"}',
    ]);
  });

  it("an admin sees each PCO's dealer and enters with the admin's call", async () => {
    renderFleet(me('admin'));
    expect(await screen.findAllByText('Distribution Ouest')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Enter the space of Bêta Nuisibles' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const writes = server.requests.filter((r) => r.method === 'POST');
    expect(writes.map((r) => r.url)).toEqual(['/api/user_admins/connect-on-pco']);
  });
});
