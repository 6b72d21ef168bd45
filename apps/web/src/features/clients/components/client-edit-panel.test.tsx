/**
 * Issue 16 "Concurrent users" (docs/decisions/024): the client edit form sends the `ETag` of the client it loaded as
 * `If-Match`; when someone else changed the client meanwhile (412 `edit_conflict`), it keeps what the user typed,
 * says so, and loads the latest version only after asking whether to discard the typed values; the next save is made
 * from the version it then loaded.
 */
import type { ClientContact, ClientDetail } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { clientQueryOptions } from '../../../shared/api/resources/clients';
import { type RecordedRequest, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { ClientEditPanel } from './client-edit-panel';

const contact: ClientContact = {
  '@id': '/api/contacts/C1',
  '@type': 'Contact',
  is_primary: true,
  ulid: 'C1',
  client_contact_ulid: 'LC1',
  firstname: 'Jean',
  lastname: 'Dupont',
  phone: '+33 6 12 34 56 78',
  email: 'jean@example.fr',
  title: 'Gérant',
  notes: null,
};

/** The client as the server holds it: its name and version (the `ETag` is `"v<version>"`). */
const stored = { name: 'SCI du Port', version: 1 };

const detail = (): ClientDetail => ({
  '@id': '/api/clients/01PORT',
  '@type': 'Client',
  ulid: '01PORT',
  name: stored.name,
  company: true,
  primary_contact: contact,
  other_contacts: [],
  sites: [],
  site_number: 0,
  contract: null,
  updated_at: '2026-03-05T10:00:00+01:00',
  created_at: '2025-01-05T10:00:00+01:00',
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((request: RecordedRequest, response) => {
    const etag = `"v${stored.version}"`;
    // as the API answers them (platform/http/entity-tag.ts)
    const headers = {
      'Content-Type': 'application/ld+json',
      ETag: etag,
      'Cache-Control': 'private, no-cache',
      'Access-Control-Expose-Headers': 'ETag',
    };
    if (request.method === 'GET' && request.url === '/api/clients/01PORT') {
      response.writeHead(200, headers).end(JSON.stringify(detail()));
      return;
    }
    if (request.method === 'PUT' && request.url === '/api/client_contacts/LC1') {
      if (request.headers['if-match'] !== etag) return sendProblem(response, 412, 'edit_conflict');
      const body = JSON.parse(request.body);
      stored.name = body.client.name;
      stored.version += 1;
      response
        .writeHead(200, { ...headers, ETag: `"v${stored.version}"` })
        .end(JSON.stringify({ client: detail(), contact }));
      return;
    }
    sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, navigate: () => {} });
});
afterAll(() => server.close());

/** The client's detail query and its edit panel, open, as the clients screen renders them. */
function Screen() {
  const { data } = useQuery(clientQueryOptions('01PORT'));
  return data ? <ClientEditPanel client={data} isOpen onOpenChange={() => {}} /> : null;
}

const puts = () => server.requests.filter((r) => r.method === 'PUT');

describe('ClientEditPanel under optimistic concurrency', () => {
  it('keeps the typed values on 412, explains, and reloads the latest version only once the user agrees', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Screen />
      </QueryClientProvider>,
    );
    const name = (await screen.findByRole('textbox', { name: 'Client name' })) as HTMLInputElement;
    expect(name.value).toBe('SCI du Port');

    // someone else renames the client after the form loaded it
    stored.name = 'SCI du Port (siège)';
    stored.version = 2;

    fireEvent.change(name, { target: { value: 'SCI du Port Ouest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText('Changed in the meantime');
    expect(puts()[0]?.headers['if-match']).toBe('"v1"');
    expect(
      screen.getByText(/Someone else changed this record since you opened it: your changes were not saved/),
    ).toBeTruthy();
    // what the user typed is still there, and nothing was overwritten
    expect(name.value).toBe('SCI du Port Ouest');
    expect(stored.name).toBe('SCI du Port (siège)');

    // loading the latest version asks first ("Discard your changes?"), then loads it
    const notice = alert.closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(notice).getByRole('button', { name: 'Load the latest version' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Discard your changes?')).toBeTruthy();
    expect(name.value).toBe('SCI du Port Ouest');
    // keeping the typed values leaves the form as it is, conflict notice included
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(name.value).toBe('SCI du Port Ouest');

    // discarding them loads the client as it now is
    fireEvent.click(within(notice).getByRole('button', { name: 'Load the latest version' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(name.value).toBe('SCI du Port (siège)'));
    expect(screen.queryByText('Changed in the meantime')).toBeNull();

    // the next save is made from the version just loaded
    fireEvent.change(name, { target: { value: 'SCI du Port Est' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stored.name).toBe('SCI du Port Est'));
    expect(puts().at(-1)?.headers['if-match']).toBe('"v2"');
  });
});
