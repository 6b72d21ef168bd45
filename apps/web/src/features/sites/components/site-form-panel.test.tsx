/**
 * The site form against a real HTTP server (SPEC §5 "Site"): locked client with its primary contact pre-selected,
 * inline contract errors, the body sent, server violations on their fields with nothing typed lost, a new contact.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { SiteFormPanel } from './site-form-panel';

const CLIENT = '01JC0000000000000000000000';
const PRIMARY = '01JP0000000000000000000000';
const OTHER = '01JQ0000000000000000000000';
const MEMBER = '01JM0000000000000000000000';

const contact = (ulid: string, firstname: string, title: string) => ({
  '@id': `/api/contacts/${ulid}`,
  ulid,
  client_contact_ulid: `${ulid.slice(0, 25)}X`,
  firstname,
  lastname: 'Martin',
  phone: '+33 6 00 00 00 00',
  email: `${firstname.toLowerCase()}@example.com`,
  title,
  notes: null,
});

let server: TestServer;
let answer422: unknown[] | null = null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === `/api/clients/${CLIENT}`) {
      sendJson(response, 200, {
        '@id': `/api/clients/${CLIENT}`,
        ulid: CLIENT,
        name: 'Château Margaux',
        company: true,
        primary_contact: contact(PRIMARY, 'Anne', 'Gérante'),
        other_contacts: [contact(OTHER, 'Paul', 'Gardien')],
        sites: [],
        contract: null,
      });
    } else if (url.pathname === '/api/user_pcos/search') {
      sendJson(response, 200, {
        list: [
          { '@id': `/api/user_pcos/${MEMBER}`, ulid: MEMBER, firstname: 'Emma', lastname: 'Petit', color: '#15803d' },
        ],
        total: 1,
      });
    } else if (url.pathname === '/api/clients/search') {
      sendJson(response, 200, { list: [], total: 0 });
    } else if (url.pathname === '/api/site_contacts' && request.method === 'POST') {
      if (answer422) sendProblem(response, 422, 'validation_failed', answer422);
      else sendJson(response, 201, { site: { ulid: '01JS0000000000000000000000', name: 'Chai' }, contact: {} });
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
  answer422 = null;
});

function renderPanel() {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteFormPanel isOpen onOpenChange={() => {}} lockedClientUlid={CLIENT} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { onSaved, dialog: screen.getByRole('dialog') };
}

const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const posted = () => server.requests.filter((r) => r.url === '/api/site_contacts').map((r) => JSON.parse(r.body));

async function fillRequired(dialog: HTMLElement) {
  type(field(dialog, 'Site name'), 'Chai principal');
  type(field(dialog, 'Street'), '8 allée des Lilas');
  type(field(dialog, 'Postal code'), '33700');
  type(field(dialog, 'City'), 'Mérignac');
  type(field(dialog, 'Latitude'), '44,8429600001');
  type(field(dialog, 'Longitude'), '-0.64539');
  const area = field(dialog, 'Area');
  type(area, '250');
  fireEvent.blur(area);
  const referent = within(dialog).getByRole('combobox', { name: /Referent technician/ });
  fireEvent.focus(referent);
  fireEvent.click(await within(dialog).findByRole('option', { name: 'Emma Petit' }));
}

describe('SiteFormPanel', () => {
  it('locks the given client and pre-selects its primary contact', async () => {
    const { dialog } = renderPanel();
    const client = within(dialog).getByRole('combobox', { name: /^Client/ });
    expect(client).toHaveProperty('disabled', true);
    await waitFor(() => expect((client as HTMLInputElement).value).toBe('Château Margaux'));
    await waitFor(() => expect(within(dialog).getAllByText(/Anne Martin — Gérante/).length).toBeGreaterThan(0));
  });

  it('shows the contract errors of the empty required fields without calling the server', async () => {
    const { dialog } = renderPanel();
    await waitFor(() => expect(within(dialog).getAllByText(/Anne Martin/).length).toBeGreaterThan(0));
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    expect(await within(dialog).findByText('The site name is required.')).toBeTruthy();
    expect(within(dialog).getByText('The area is required.')).toBeTruthy();
    expect(within(dialog).getByText('The referent technician is required.')).toBeTruthy();
    expect(within(dialog).getAllByText('The latitude is not valid.')).toHaveLength(1);
    expect(posted()).toEqual([]);
  });

  it('sends the site with IRIs and the composed address, then reports the save', async () => {
    const { dialog, onSaved } = renderPanel();
    await waitFor(() => expect(within(dialog).getAllByText(/Anne Martin/).length).toBeGreaterThan(0));
    await fillRequired(dialog);
    expect((field(dialog, 'Full address') as HTMLInputElement).value).toBe('8 allée des Lilas, 33700 Mérignac');
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted()).toEqual([
      {
        site: expect.objectContaining({
          client: `/api/clients/${CLIENT}`,
          referent: `/api/user_pcos/${MEMBER}`,
          name: 'Chai principal',
          area: 250,
          status: 'STATUS_TO_ESTIMATE',
          address: expect.objectContaining({
            label: '8 allée des Lilas, 33700 Mérignac',
            latitude: '44.8429600001',
            longitude: '-0.64539',
          }),
        }),
        contact: `/api/contacts/${PRIMARY}`,
      },
    ]);
  });

  it('puts the server violations on their fields and keeps what was typed', async () => {
    answer422 = [{ propertyPath: 'site.referent', code: 'referent_invalid', message: '' }];
    const { dialog, onSaved } = renderPanel();
    await waitFor(() => expect(within(dialog).getAllByText(/Anne Martin/).length).toBeGreaterThan(0));
    await fillRequired(dialog);
    await act(async () => {
      fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    });
    expect(await within(dialog).findByText('The referent technician is not valid.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect((field(dialog, 'Site name') as HTMLInputElement).value).toBe('Chai principal');
    expect((field(dialog, 'Latitude') as HTMLInputElement).value).toBe('44.8429600001');
  });
});
