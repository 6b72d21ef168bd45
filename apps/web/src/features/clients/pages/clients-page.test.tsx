/**
 * The Clients screen against a real HTTP server (SPEC §2.2 parameters, §2.4 `clientsSearch`, §2.7 Clients): URL
 * parameters, selection and details, 'New visit', and the new-client form (client + main contact + alternative).
 */
import type { ClientContact, ClientDetail, ClientListItem } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type AppEvents, emit, subscribe } from '../../../shared/lib/events';
import {
  type RecordedRequest,
  sendJson,
  sendProblem,
  startTestServer,
  type TestServer,
} from '../../../test/test-server';
import { ClientsPage } from './clients-page';

const contact = (ulid: string, firstname: string, lastname: string, is_primary = true): ClientContact => ({
  '@id': `/api/contacts/${ulid}`,
  '@type': 'Contact',
  is_primary,
  ulid,
  client_contact_ulid: `L${ulid}`,
  firstname,
  lastname,
  phone: '+33 6 12 34 56 78',
  email: `${firstname.toLowerCase()}@example.fr`,
  title: 'Gérant',
  notes: null,
});

const ITEMS: ClientListItem[] = [
  {
    '@id': '/api/clients/01PORT',
    '@type': 'Client',
    ulid: '01PORT',
    name: 'SCI du Port',
    company: true,
    primary_contact: contact('C1', 'Jean', 'Dupont'),
    site_number: 2,
    updated_at: '2026-03-05T10:00:00+01:00',
    contract: {
      '@id': '/api/contracts/01CONTRACTPORT',
      '@type': 'Contract',
      ulid: '01CONTRACTPORT',
      reference: 'CT-PORT',
      end_date: '2026-04-01',
      state: 'to_renew',
    },
  },
  {
    '@id': '/api/clients/01ACAC',
    '@type': 'Client',
    ulid: '01ACAC',
    name: 'Résidence Les Acacias',
    company: true,
    primary_contact: contact('C2', 'Claire', 'Martin'),
    site_number: 0,
    updated_at: '2026-03-01T10:00:00+01:00',
    contract: null,
  },
];

const detailOf = (item: ClientListItem): ClientDetail => ({
  ...item,
  other_contacts: [contact('C9', 'Marc', 'Petit', false)],
  sites: [
    {
      '@id': '/api/sites/01SITE',
      '@type': 'Site',
      ulid: '01SITE',
      name: 'Entrepôt du port',
      status: 'STATUS_IN_OPERATION',
      address_label: '1 quai Richelieu, Bordeaux',
    },
  ],
  contract: null,
  created_at: '2025-01-05T10:00:00+01:00',
});

let server: TestServer;
/** Answers of `POST /api/client_contacts`, in order (`null`: a normal 201). */
let postAnswers: Array<null | { status: number; violations: unknown[] }> = [];

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === '/api/clients') {
      const name = (url.searchParams.get('name') ?? '').toLowerCase();
      const members = ITEMS.filter((c) => c.name.toLowerCase().includes(name));
      return sendJson(response, 200, {
        '@type': 'hydra:Collection',
        'hydra:member': members,
        'hydra:totalItems': members.length,
      });
    }
    const detail = /^\/api\/clients\/(\w+)$/.exec(url.pathname);
    // a client of another space: the API answers 404 as for a missing one
    if (request.method === 'GET' && detail?.[1] === '01OTHERSPACE') return sendProblem(response, 404, 'not_found');
    if (request.method === 'GET' && detail) {
      const item = ITEMS.find((c) => c.ulid === detail[1]) ?? {
        ...(ITEMS[0] as ClientListItem),
        ulid: detail[1] as string,
        name: 'Nouveau',
      };
      return sendJson(response, 200, detailOf(item));
    }
    if (request.method === 'POST' && url.pathname === '/api/client_contacts') {
      const answer = postAnswers.shift() ?? null;
      if (answer) return sendProblem(response, answer.status, 'validation_failed', answer.violations);
      const body = JSON.parse(request.body) as { client: unknown; contact: Record<string, unknown> };
      const client =
        typeof body.client === 'string'
          ? { '@id': body.client, ulid: '01NEW', name: 'X', company: true }
          : { '@id': '/api/clients/01NEW', ulid: '01NEW', ...(body.client as object) };
      return sendJson(response, 201, {
        client,
        contact: { ...body.contact, '@id': '/api/contacts/N', ulid: 'N', client_contact_ulid: 'LN' },
      });
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
  postAnswers = [];
});

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/clients',
        element: (
          <>
            <ClientsPage />
            <Location />
          </>
        ),
      },
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const calls = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && decodeURIComponent(r.url).startsWith(path));
const location = () => screen.getByTestId('location').textContent;
const typeIn = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('ClientsPage', () => {
  it('lists the clients by name with their main contact and number of sites', async () => {
    renderAt('/clients');
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(await within(table).findByRole('button', { name: 'SCI du Port' })).toBeTruthy();
    expect(table.textContent).toContain('Jean Dupont');
    expect(table.textContent).toContain('2 sites');
    expect(decodeURIComponent(calls('GET', '/api/clients')[0]?.url ?? '')).toBe('/api/clients?page=1&order[name]=asc');
    expect(screen.getByText('2 of 2')).toBeTruthy();
  });

  it('turns defaultSearch and defaultSelectedClientUlid into its own parameters and loads them', async () => {
    renderAt('/clients?defaultSearch=acacias&defaultSelectedClientUlid=01ACAC');
    await screen.findByRole('heading', { level: 2, name: 'Résidence Les Acacias' });
    await waitFor(() => expect(location()).toBe('/clients?search=acacias&client=01ACAC'));
    expect(decodeURIComponent(calls('GET', '/api/clients?')[0]?.url ?? '')).toContain('name=acacias');
    expect((screen.getByRole('searchbox', { name: 'Search clients' }) as HTMLInputElement).value).toBe('acacias');
  });

  it('goes to the Error screen 404 for another space’s client opened by URL (SPEC §8)', async () => {
    renderAt('/clients?client=01OTHERSPACE');
    await waitFor(() => expect(location()).toBe('/error/404'));
  });

  it('selects a client from the list and shows its contacts and sites; New visit opens the intervention panel', async () => {
    const opened: AppEvents['openInterventionPanel'][] = [];
    const unsubscribe = subscribe('openInterventionPanel', (detail) => opened.push(detail));
    renderAt('/clients');
    fireEvent.click(await screen.findByRole('button', { name: 'SCI du Port' }));
    const details = await screen.findByRole('region', { name: 'SCI du Port' });
    expect(within(details).getByText('Main')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Make Marc Petit the main contact' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Delete Marc Petit' })).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Delete Jean Dupont' })).toBeNull();
    expect(
      within(details)
        .getByRole('link', { name: /Entrepôt du port/ })
        .getAttribute('href'),
    ).toBe('/sites/01SITE');
    expect(location()).toBe('/clients?client=01PORT');
    fireEvent.click(within(details).getByRole('button', { name: 'New visit' }));
    unsubscribe();
    expect(opened).toEqual([{ clientUlid: '01PORT' }]);
  });

  it('follows the clientsSearch event of the global search without navigating away', async () => {
    renderAt('/clients');
    await screen.findByRole('table');
    act(() => emit('clientsSearch', { clientUlid: '01ACAC' }));
    await screen.findByRole('heading', { level: 2, name: 'Résidence Les Acacias' });
    act(() => emit('clientsSearch', { search: 'port' }));
    await waitFor(() => expect(location()).toBe('/clients?search=port'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Résidence Les Acacias' })).toBeNull());
  });

  it('creates a client with its main contact and an alternative contact, then selects it', async () => {
    renderAt('/clients');
    await screen.findByRole('table');
    fireEvent.click(screen.getAllByRole('button', { name: 'New client' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    typeIn(within(dialog).getByRole('textbox', { name: 'Client name' }), 'Boulangerie Martin');
    const main = within(dialog).getByRole('group', { name: 'Main contact' });
    typeIn(within(main).getByRole('textbox', { name: 'Last name' }), 'Martin');
    typeIn(within(main).getByRole('textbox', { name: 'First name' }), 'Benoît');
    typeIn(within(main).getByRole('textbox', { name: 'Title' }), 'Gérant');
    typeIn(within(main).getByRole('textbox', { name: /^Phone/ }), '+33 6 12 34 56 78');
    typeIn(within(main).getByRole('textbox', { name: 'E-mail' }), 'Benoit@Example.fr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add an alternative contact' }));
    const alternative = within(dialog).getByRole('group', { name: 'Alternative contact 1' });
    typeIn(within(alternative).getByRole('textbox', { name: 'Last name' }), 'Martin');
    typeIn(within(alternative).getByRole('textbox', { name: 'First name' }), 'Lucie');
    typeIn(within(alternative).getByRole('textbox', { name: 'Title' }), 'Vendeuse');
    typeIn(within(alternative).getByRole('textbox', { name: /^Phone/ }), '05 56 12 34 56');
    typeIn(within(alternative).getByRole('textbox', { name: 'E-mail' }), 'lucie@example.fr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the client' }));

    await waitFor(() => expect(location()).toBe('/clients?client=01NEW'));
    const posts = calls('POST', '/api/client_contacts').map((r) => JSON.parse(r.body));
    expect(posts).toEqual([
      {
        client: { name: 'Boulangerie Martin', company: true },
        contact: {
          lastname: 'Martin',
          firstname: 'Benoît',
          title: 'Gérant',
          phone: '+33 6 12 34 56 78',
          email: 'benoit@example.fr',
          notes: null,
        },
        // one call, one transaction: the client is not left created when a contact is refused
        alternatives: [
          {
            lastname: 'Martin',
            firstname: 'Lucie',
            title: 'Vendeuse',
            phone: '05 56 12 34 56',
            email: 'lucie@example.fr',
            notes: null,
          },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New client' })).toBeNull());
  });

  it('checks the fields before sending, and shows the server violations under their fields', async () => {
    renderAt('/clients');
    await screen.findByRole('table');
    fireEvent.click(screen.getAllByRole('button', { name: 'New client' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New client' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the client' }));
    await within(dialog).findByText('The name is required.');
    expect(within(dialog).getByText('The phone number is required.')).toBeTruthy();
    expect(calls('POST', '/api/client_contacts')).toHaveLength(0);

    typeIn(within(dialog).getByRole('textbox', { name: 'Client name' }), 'SCI du Port');
    const main = within(dialog).getByRole('group', { name: 'Main contact' });
    typeIn(within(main).getByRole('textbox', { name: 'Last name' }), 'Dupont');
    typeIn(within(main).getByRole('textbox', { name: 'First name' }), 'Jean');
    typeIn(within(main).getByRole('textbox', { name: 'Title' }), 'Gérant');
    typeIn(within(main).getByRole('textbox', { name: /^Phone/ }), '0556123456');
    typeIn(within(main).getByRole('textbox', { name: 'E-mail' }), 'jean@example.fr');
    postAnswers = [
      { status: 422, violations: [{ propertyPath: 'contact.email', code: 'email_already_exist', message: '' }] },
    ];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the client' }));
    await within(dialog).findByText('This e-mail address is already in use.');
    // nothing typed is lost
    expect((within(dialog).getByRole('textbox', { name: 'Client name' }) as HTMLInputElement).value).toBe(
      'SCI du Port',
    );
    expect((within(main).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('jean@example.fr');
  });
});
