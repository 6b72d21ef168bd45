/** Global search (SPEC §2.4, §5): debounce, highlight, see-all, navigation or event — against a real HTTP server. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type AppEvents, subscribe } from '../../../shared/lib/events';
import { sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { GlobalSearch } from './global-search';

const CLIENTS = [
  { '@id': '/api/clients/01A', ulid: '01A', name: 'Résidence Alpha', last_updated_at: '2026-03-05T13:30:00+01:00' },
  { '@id': '/api/clients/01B', ulid: '01B', name: 'Alpine Bois', last_updated_at: '2026-02-01T09:00:00+01:00' },
];

let server: TestServer;
let total = CLIENTS.length;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const name = (url.searchParams.get('name') ?? '').toLowerCase();
    const list = CLIENTS.filter((c) => c.name.toLowerCase().includes(name));
    setTimeout(() => sendJson(response, 200, { list, total: list.length === 0 ? 0 : total }), 30);
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  total = CLIENTS.length;
});
afterEach(() => {
  vi.restoreAllMocks();
});

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(path: string) {
  const element = (
    <>
      <GlobalSearch />
      <Location />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/home', element },
      { path: '/clients', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const input = () => screen.getByRole('combobox', { name: 'Search clients' });
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const searchCalls = () => server.requests.map((r) => decodeURIComponent(r.url));

describe('GlobalSearch', () => {
  it('sends one request 250 ms after the last keystroke, with the search parameters', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('a');
    type('al');
    type('alp');
    expect(screen.getByRole('status').textContent).toBe('Search in progress');
    await wait(150);
    expect(server.requests).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(searchCalls()).toEqual(['/api/clients/search?name=alp&page=1&order[name]=asc']);
    expect(server.requests[0]?.headers['client-type']).toBe('webapp');
  });

  it('highlights the matched text and shows the last-updated date', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('alpha');
    const option = await screen.findByRole('option', { name: /Résidence Alpha/ });
    expect(option.querySelector('mark')?.textContent).toBe('Alpha');
    expect(option.textContent).toContain('Updated on 05/03/2026');
  });

  it('never searches an empty query, and clearing empties the results', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('   ');
    await wait(400);
    expect(server.requests).toHaveLength(0);
    type('alp');
    await screen.findAllByRole('option');
    type('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('zzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No result matches your search'));
  });

  it('opens Clients with the picked client selected', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('alpine');
    fireEvent.click(await screen.findByRole('option', { name: /Alpine Bois/ }));
    expect(screen.getByTestId('location').textContent).toBe('/clients?defaultSelectedClientUlid=01B');
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('offers "See all results (total)" when the list is shorter than the total', async () => {
    total = 42;
    renderAt('/home');
    fireEvent.focus(input());
    type('al');
    const seeAll = await screen.findByRole('option', { name: 'See all results (42)' });
    fireEvent.click(seeAll);
    expect(screen.getByTestId('location').textContent).toBe('/clients?defaultSearch=al');
  });

  it('does not offer "See all" when every result is listed', async () => {
    renderAt('/home');
    fireEvent.focus(input());
    type('al');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.queryByRole('option', { name: /See all results/ })).toBeNull();
  });

  it('on Clients already, broadcasts clientsSearch instead of navigating (keyboard pick)', async () => {
    total = 42;
    const received: AppEvents['clientsSearch'][] = [];
    const unsubscribe = subscribe('clientsSearch', (detail) => received.push(detail));
    renderAt('/clients');
    fireEvent.focus(input());
    type('alpha');
    await screen.findByRole('option', { name: /Résidence Alpha/ });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('al');
    fireEvent.click(await screen.findByRole('option', { name: 'See all results (42)' }));
    unsubscribe();
    expect(received).toEqual([{ clientUlid: '01A' }, { search: 'al' }]);
    expect(screen.getByTestId('location').textContent).toBe('/clients');
  });
});
