/**
 * One write, every view refreshed (issue 11, shared/api/resources/invalidation.ts): the Sites screen and the Planning
 * are open side by side with real TanStack Query against a real HTTP server holding a small PCO; a mutation of
 * another feature — deleting a client, saving a site, acknowledging an alert — must refetch the views that show what
 * it changed, and must not fetch again the record it deleted (that would answer 404).
 */
import type {
  AlertLogEntry,
  ClientDetail,
  ClientListItem,
  CreateSiteContactBody,
  HydraCollection,
  Intervention,
  InterventionCollection,
  SiteContact,
  SiteContactAnswer,
  SiteListAnswer,
  SiteListItem,
} from '@isoptera/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAcknowledgeAlert } from '../features/alerts/api/acknowledge-alert';
import { alertEntry } from '../features/alerts/test-kit';
import { useDeleteClient } from '../features/clients/api/delete-client';
import { clientsQueryOptions } from '../features/clients/api/get-clients';
import { readScreenState } from '../features/clients/lib/client-list-params';
import { PlanningPage } from '../features/planning/pages/planning-page';
import { useSaveSite } from '../features/sites/api/save-site';
import { SitesPage } from '../features/sites/pages/sites-page';
import { configureHttpClient } from '../shared/api/http-client';
import { clientQueryOptions } from '../shared/api/resources/clients';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from '../test/test-server';

interface Client {
  ulid: string;
  name: string;
}
interface Site {
  ulid: string;
  name: string;
  client: string;
  priority: number;
}
interface Visit {
  ulid: string;
  site: string;
}

/** The PCO the fake API holds; deleting a client deletes its sites and their visits, as the server does. */
let state: { clients: Client[]; sites: Site[]; visits: Visit[] };
let server: TestServer;

const clientOf = (ulid: string) => state.clients.find((c) => c.ulid === ulid) as Client;
const siteOf = (ulid: string) => state.sites.find((s) => s.ulid === ulid) as Site;
const clientRef = (c: Client) => ({
  '@id': `/api/clients/${c.ulid}`,
  '@type': 'Client' as const,
  ulid: c.ulid,
  name: c.name,
});

function siteItem(site: Site): SiteListItem {
  return {
    '@id': `/api/sites/${site.ulid}`,
    '@type': 'Site',
    ulid: site.ulid,
    name: site.name,
    status: 'STATUS_IN_OPERATION',
    client: clientRef(clientOf(site.client)),
    address: {
      label: '8 allée des Lilas, 33700 Mérignac',
      street: null,
      postal_code: '33700',
      city: 'Mérignac',
      country: null,
      latitude: '44.1',
      longitude: '-0.6',
    },
    referent: null,
    treatment_type: 'TYPE_PREVENTION',
    priority_sum: site.priority,
    main_alert_type: site.priority > 0 ? 'TYPE_TERMITE_ALERT' : null,
    planned_at: null,
    updated_at: '2026-03-05T10:00:00+01:00',
  };
}

function siteList(): SiteListAnswer {
  const items = state.sites.map(siteItem);
  return {
    in_alert_sites: items.filter((s) => s.priority_sum > 0),
    other_sites: items.filter((s) => s.priority_sum === 0),
    in_alert_site_number: items.filter((s) => s.priority_sum > 0).length,
    other_site_number: items.filter((s) => s.priority_sum === 0).length,
    'hydra:view': { '@id': '/api/sites?page=1', '@type': 'hydra:PartialCollectionView' },
  };
}

function visitItem(visit: Visit): Intervention {
  const site = siteOf(visit.site);
  const client = clientOf(site.client);
  return {
    '@id': `/api/interventions/${visit.ulid}`,
    '@type': 'Intervention',
    ulid: visit.ulid,
    type: 'TYPE_CONTROL_VISIT',
    description: null,
    start_at: '2099-06-10T09:00:00+02:00',
    end_at: '2099-06-10T10:00:00+02:00',
    send_mail: false,
    client_ulid: client.ulid,
    site_ulid: site.ulid,
    interveners_ulids: [],
    site: {
      '@id': `/api/sites/${site.ulid}`,
      '@type': 'Site',
      ulid: site.ulid,
      name: site.name,
      client: clientRef(client),
    },
    interveners: [],
    report: null,
  };
}

function visitList(): InterventionCollection {
  const members = state.visits.map(visitItem);
  return {
    '@context': '/api/contexts/Intervention',
    '@id': '/api/interventions',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
  };
}

function clientList(): HydraCollection<ClientListItem> {
  const members = state.clients.map(
    (c): ClientListItem => ({
      ...clientRef(c),
      company: true,
      primary_contact: null,
      contract: null,
      site_number: state.sites.filter((s) => s.client === c.ulid).length,
      updated_at: '2026-03-05T10:00:00+01:00',
    }),
  );
  return {
    '@context': '/api/contexts/Client',
    '@id': '/api/clients',
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': members.length,
  };
}

function clientDetail(c: Client): ClientDetail {
  const item = clientList()['hydra:member'].find((m) => m.ulid === c.ulid) as ClientListItem;
  return { ...item, other_contacts: [], sites: [], contract: null, created_at: '2026-03-01T10:00:00+01:00' };
}

const contact: SiteContact = {
  '@id': '/api/contacts/K1',
  '@type': 'Contact',
  ulid: 'K1',
  firstname: 'Alice',
  lastname: 'Martin',
  phone: '+33 6 00 00 00 00',
  email: 'alice@example.fr',
  title: 'Gérante',
  notes: null,
  client_contact_ulid: 'CC1',
  is_primary: true,
  site_contact_ulid: 'SC1',
};

function siteSaved(site: Site): SiteContactAnswer {
  return {
    site: {
      ...siteItem(site),
      client_ulid: site.client,
      description: null,
      area: 80,
      contact,
      contact_ulid: contact.ulid,
      referent_ulid: null,
      notes: null,
      work_type: 'TYPE_UNKNOWN',
      building_type: 'TYPE_NONE',
      termite_species: 'undefined',
      estimated_box_number: 0,
      estimated_igs_number: 0,
      estimated_ags_number: 0,
      desired_installation_date: null,
      created_at: '2026-03-05T10:00:00+01:00',
    },
    contact,
  };
}

function api(request: RecordedRequest, response: Parameters<typeof sendJson>[0]) {
  const { pathname } = new URL(request.url, 'http://x');
  const [, , collection, id] = pathname.split('/');
  if (request.method === 'DELETE' && collection === 'clients' && id) {
    const gone = new Set(state.sites.filter((s) => s.client === id).map((s) => s.ulid));
    state = {
      clients: state.clients.filter((c) => c.ulid !== id),
      sites: state.sites.filter((s) => !gone.has(s.ulid)),
      visits: state.visits.filter((v) => !gone.has(v.site)),
    };
    return sendJson(response, 204, null);
  }
  if (request.method === 'POST' && pathname === '/api/site_contacts') {
    const body = JSON.parse(request.body) as CreateSiteContactBody;
    const client = String(body.site.client).split('/').pop() as string;
    const site: Site = { ulid: `S${state.sites.length + 1}`, name: body.site.name, client, priority: 0 };
    state.sites.push(site);
    return sendJson(response, 201, siteSaved(site));
  }
  if (request.method === 'POST' && pathname === '/api/alerts/A1/acknowledge') {
    siteOf('S1').priority = 0;
    const closed: AlertLogEntry = alertEntry('A1', {
      closed_at: '2026-03-12T11:00:00+01:00',
      close_reason: 'acknowledged',
    });
    return sendJson(response, 200, closed);
  }
  if (pathname === '/api/sites') return sendJson(response, 200, siteList());
  if (pathname === '/api/interventions') return sendJson(response, 200, visitList());
  if (pathname === '/api/clients') return sendJson(response, 200, clientList());
  if (collection === 'clients' && id && id !== 'search') {
    const client = state.clients.find((c) => c.ulid === id);
    return client ? sendJson(response, 200, clientDetail(client)) : sendJson(response, 404, {});
  }
  if (pathname.endsWith('/search')) return sendJson(response, 200, { list: [], total: 0 });
  return sendJson(response, 404, {});
}

beforeAll(async () => {
  server = await startTestServer(api);
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  state = {
    clients: [
      { ulid: 'C1', name: 'Château Margaux' },
      { ulid: 'C2', name: 'Boulangerie Dupont' },
    ],
    sites: [
      { ulid: 'S1', name: 'Chai principal', client: 'C1', priority: 9 },
      { ulid: 'S2', name: 'Fournil', client: 'C2', priority: 0 },
    ],
    visits: [
      { ulid: 'I1', site: 'S1' },
      { ulid: 'I2', site: 'S2' },
    ],
  };
});

/** The writes of other features, as their screens call them. */
function Writes() {
  const client = useQuery(clientQueryOptions('C1'));
  const clients = useQuery(clientsQueryOptions(readScreenState(new URLSearchParams())));
  const deleteClient = useDeleteClient();
  const saveSite = useSaveSite();
  const acknowledge = useAcknowledgeAlert();
  const newSite: CreateSiteContactBody = {
    site: {
      client: '/api/clients/C2',
      name: 'Boutique',
      address: { label: '1 rue du Port, 33000 Bordeaux', latitude: '44.8', longitude: '-0.5' },
      area: 80,
      referent: '/api/user_pcos/01JM0000000000000000000001',
    },
    contact: '/api/contacts/01JC0000000000000000000001',
  };
  return (
    <section aria-label="writes">
      <p>{client.data ? `Open client: ${client.data.name}` : 'No open client'}</p>
      <ul aria-label="clients">
        {clients.data?.['hydra:member'].map((c) => (
          <li key={c.ulid}>{`${c.name}: ${c.site_number} sites`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => deleteClient.mutate('C1')}>
        Delete Château Margaux
      </button>
      <button type="button" onClick={() => saveSite.mutate({ body: newSite })}>
        Add a site to Boulangerie Dupont
      </button>
      <button type="button" onClick={() => acknowledge.mutate('A1')}>
        Acknowledge the alert
      </button>
    </section>
  );
}

function renderViews() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <SitesPage />
            <PlanningPage />
            <Writes />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const calls = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && new URL(r.url, 'http://x').pathname === path).length;

async function ready() {
  await waitFor(() =>
    expect(within(section('Sites in alert')).getAllByText('Chai principal').length).toBeGreaterThan(0),
  );
  await screen.findByText('Château Margaux — Chai principal');
  await screen.findByText('Open client: Château Margaux');
  await screen.findByText('Boulangerie Dupont: 1 sites');
}

describe('one write refreshes every view of what it changed', () => {
  it('deleting a client refreshes the open sites list and planning, without fetching the client again', async () => {
    renderViews();
    await ready();
    expect([calls('GET', '/api/sites'), calls('GET', '/api/interventions'), calls('GET', '/api/clients/C1')]).toEqual([
      1, 1, 1,
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Château Margaux' }));

    await waitFor(() => expect(screen.queryByText('Château Margaux — Chai principal')).toBeNull());
    await waitFor(() => expect(within(section('Sites in alert')).queryAllByText('Chai principal')).toEqual([]));
    expect(screen.getByText('Boulangerie Dupont — Fournil')).toBeTruthy();
    expect(calls('GET', '/api/sites')).toBe(2);
    expect(calls('GET', '/api/interventions')).toBe(2);
    // the open client's details stay as they were: fetching them again would meet a 404
    expect(calls('GET', '/api/clients/C1')).toBe(1);
    expect(screen.getByText('Open client: Château Margaux')).toBeTruthy();
  });

  it('saving a site refreshes the clients (site counts) and the planning', async () => {
    renderViews();
    await ready();

    fireEvent.click(screen.getByRole('button', { name: 'Add a site to Boulangerie Dupont' }));

    await screen.findByText('Boulangerie Dupont: 2 sites');
    await waitFor(() => expect(within(section('Other sites')).getAllByText('Boutique').length).toBeGreaterThan(0));
    expect(calls('GET', '/api/interventions')).toBe(2);
  });

  it('acknowledging an alert moves its site out of the alert section of the open list', async () => {
    renderViews();
    await ready();

    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge the alert' }));

    await waitFor(() =>
      expect(within(section('Other sites')).getAllByText('Chai principal').length).toBeGreaterThan(0),
    );
    expect(within(section('Sites in alert')).queryAllByText('Chai principal')).toEqual([]);
    expect(calls('GET', '/api/sites')).toBe(2);
    // an alert changes no client and no visit
    expect(calls('GET', '/api/interventions')).toBe(1);
    expect(calls('GET', '/api/clients')).toBe(1);
  });
});
