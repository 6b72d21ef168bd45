/**
 * The product catalogue screen (issue 12 "Product catalogue under the space settings") against a real local HTTP
 * server that keeps the catalogue: the list and its search, create with active ingredients, the contract's rules
 * before sending and the server's violations under their fields, edit, delete (204: deleted) and delete of a product a
 * report used (200: archived), the archived ones on demand and their restoring.
 */
import { DEFAULT_TIMEZONE, type Product, type ProductBody } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { NotificationViewport } from '../../../shared/ui/notifications';
import { product, productPage } from '../../../test/report-list-fixtures';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { ProductsPage } from './products-page';

const USED = '01JP0000000000000000000001';
let catalogue: Product[] = [];
let sequence = 0;
let server: TestServer;

/** The stored product of `body` (what the API would answer). */
function stored(ulid: string, body: ProductBody): Product {
  return product(ulid, {
    name: body.name,
    active_ingredients: body.active_ingredients ?? [],
    registration_number: body.registration_number ?? null,
    register: body.register ?? null,
    unit: body.unit,
    is_bait: body.is_bait ?? false,
    archived_at: body.archived ? '2031-02-01T10:00:00+01:00' : null,
  });
}

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const [, , , ulid] = url.pathname.split('/');
    if (url.pathname === '/api/products' && request.method === 'GET') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const archived = url.searchParams.get('include_archived') === 'true';
      const items = catalogue
        .filter((p) => archived || p.archived_at === null)
        .filter((p) => p.name.toLowerCase().includes(search))
        .sort((a, b) => a.name.localeCompare(b.name));
      return sendJson(response, 200, productPage(items));
    }
    if (url.pathname === '/api/products' && request.method === 'POST') {
      const body = JSON.parse(request.body) as ProductBody;
      if (body.name === 'Termidor') {
        return sendProblem(response, 422, 'validation_failed', [
          { propertyPath: 'registration_number', code: 'registration_number_invalid', message: 'x' },
        ]);
      }
      const created = stored(`01JP00000000000000000000N${++sequence}`, body);
      catalogue.push(created);
      return sendJson(response, 201, created);
    }
    const index = catalogue.findIndex((p) => p.ulid === ulid);
    if (index < 0) return sendProblem(response, 404, 'product_not_found');
    if (request.method === 'PUT') {
      catalogue[index] = stored(ulid as string, JSON.parse(request.body) as ProductBody);
      return sendJson(response, 200, catalogue[index]);
    }
    if (request.method === 'DELETE') {
      if (ulid === USED) {
        catalogue[index] = { ...(catalogue[index] as Product), archived_at: '2031-02-01T10:00:00+01:00' };
        return sendJson(response, 200, catalogue[index]);
      }
      catalogue.splice(index, 1);
      return sendJson(response, 204, null);
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  catalogue = [
    product(USED, { name: 'Sentricon Recruit HD' }),
    product('01JP0000000000000000000002', {
      name: 'Xterm',
      active_ingredients: [{ name: 'Bistrifluron', percent: 1 }],
      registration_number: null,
      register: null,
      unit: 'g',
    }),
  ];
});

function renderPage() {
  const session = { status: 'authenticated', timeZone: DEFAULT_TIMEZONE, hasAction: () => true } as unknown as Session;
  render(
    <SessionContext.Provider value={session}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProductsPage />
        </MemoryRouter>
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
}

const list = () => screen.getByRole('list', { name: 'Products' });
const names = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span.font-medium')?.textContent);
const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('ProductsPage', () => {
  it('lists the catalogue with ingredients, registration and unit, and searches it', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Products' });
    expect(names()).toEqual(['Sentricon Recruit HD', 'Xterm']);
    expect(within(list()).getByText('Noviflumuron 0.5 %')).toBeTruthy();
    expect(within(list()).getByText(/US EPA registration no\. 62719-453/)).toBeTruthy();
    expect(within(list()).getByText(/No registration number · Recorded in Grams \(g\)/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalogue' }), { target: { value: 'xte' } });
    await waitFor(() => expect(names()).toEqual(['Xterm']));
    expect(server.requests.at(-1)?.url).toContain('search=xte');
  });

  it('creates a product with its active ingredients, after the contract rules and the server violations', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const panel = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('The name is required.')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Product name' }), { target: { value: 'Termidor' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add an active ingredient' }));
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Active ingredient 1' }), {
      target: { value: 'Fipronil' },
    });
    const percent = within(panel).getByRole('textbox', { name: 'Content' });
    fireEvent.change(percent, { target: { value: '9.1' } });
    fireEvent.blur(percent);
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Registration number' }), {
      target: { value: '7969-210' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    // a unit is required, then a registration number needs its register
    expect(await within(panel).findByText('Choose the unit.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /Choose a unit/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Litres (L)' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Choose the register this registration number belongs to.')).toBeTruthy();
    expect(writes()).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: /No register/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'US EPA registration' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    // the server's violation, translated, under its field
    expect(
      await within(panel).findByText('The registration number is too long (100 characters at most).'),
    ).toBeTruthy();
    expect(JSON.parse(writes()[0]?.body ?? '{}')).toEqual({
      name: 'Termidor',
      active_ingredients: [{ name: 'Fipronil', percent: 9.1 }],
      registration_number: '7969-210',
      register: 'epa',
      unit: 'l',
      is_bait: false,
      archived: false,
    });

    fireEvent.change(within(panel).getByRole('textbox', { name: 'Product name' }), {
      target: { value: 'Termidor SC' },
    });
    fireEvent.click(within(panel).getByRole('checkbox', { name: /bait/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Termidor SC has been added to the catalogue.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Sentricon Recruit HD', 'Termidor SC', 'Xterm']));
    expect(JSON.parse(writes()[1]?.body ?? '{}')).toMatchObject({ name: 'Termidor SC', is_bait: true });
  });

  it('edits a product: every field sent again', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Xterm' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit the product' });
    expect((within(panel).getByRole('textbox', { name: 'Active ingredient 1' }) as HTMLInputElement).value).toBe(
      'Bistrifluron',
    );
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Product name' }), { target: { value: 'Xterm 2' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Xterm 2 has been updated.')).toBeTruthy();
    expect(writes().map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      [
        'PUT',
        '/api/products/01JP0000000000000000000002',
        {
          name: 'Xterm 2',
          active_ingredients: [{ name: 'Bistrifluron', percent: 1 }],
          registration_number: null,
          register: null,
          unit: 'g',
          is_bait: true,
          archived: false,
        },
      ],
    ]);
  });

  it('deletes an unused product, archives a used one and says which happened, then restores it', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Xterm' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Xterm has been deleted.')).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Sentricon Recruit HD']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Sentricon Recruit HD' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sentricon Recruit HD has been archived, not deleted.')).toBeTruthy();
    expect(screen.getByText(/Reports have used it/)).toBeTruthy();
    expect(await screen.findByText('Your catalogue is empty.', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived products' }));
    await waitFor(() => expect(names()).toEqual(['Sentricon Recruit HD']));
    expect(within(list()).getByText('Archived on 01/02/2031')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore Sentricon Recruit HD' }));
    expect(await screen.findByText('Sentricon Recruit HD is back in the catalogue.')).toBeTruthy();
    const restore = writes().at(-1);
    expect([restore?.method, JSON.parse(restore?.body ?? '{}').archived]).toEqual(['PUT', false]);
    await waitFor(() => expect(within(list()).queryByText(/Archived on/)).toBeNull());
  });
});
