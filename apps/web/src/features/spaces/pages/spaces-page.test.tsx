/**
 * DealerList and PCOList against a real HTTP server (SPEC §2.7 "Dealer and PCO management", §5 "PCO or dealer
 * space"): the rows and the query sent, the empty state, the create form (contract validation, logo required and
 * checked, 422 violations under their fields, POST then logo upload), and a dealer actor's PCO form without the
 * dealer picker.
 */
import type { HydraCollection, ManagedSpace } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { dismissNotification } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { currentUserOf, dealerReference, locationText, managedDealer, managedPco, renderScreen } from '../test-kit';
import { DealersPage, PcosPage } from './spaces-page';

const D1 = '01JD0000000000000000000001';
const DEALER = managedDealer(D1, 'Isoptera Sud');
const LYON = managedPco('P1', 'Termites Services Lyon', {
  owner_email: 'boss@tsl.fr',
  owner_invited: true,
  dealer: dealerReference(D1, 'Isoptera Sud'),
});
const NICE = managedPco('P2', 'Nice Xylo', {
  address: null,
  owner_email: 'anne@nicexylo.fr',
  dealer: dealerReference(D1, 'Isoptera Sud'),
  last_login_at: '2026-03-02T08:15:00+01:00',
});

let server: TestServer;
let pcos: ManagedSpace[];
let dealers: ManagedSpace[];
/** Violations answered by the next `POST /api/dealers|pcos` (null: 201). */
let createViolations: Array<{ propertyPath: string; code: string }> | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const collection = (list: ManagedSpace[]) => {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = list.filter((s) => s.name.toLowerCase().includes(search));
      const page: HydraCollection<ManagedSpace> = {
        '@context': `/api/contexts/${url.pathname === '/api/pcos' ? 'Pco' : 'Dealer'}`,
        '@id': url.pathname,
        '@type': 'hydra:Collection',
        'hydra:member': found,
        'hydra:totalItems': found.length,
      };
      sendJson(response, 200, page);
    };
    if (request.method === 'GET' && url.pathname === '/api/pcos') return collection(pcos);
    if (request.method === 'GET' && url.pathname === '/api/dealers') return collection(dealers);
    if (request.method === 'POST' && (url.pathname === '/api/pcos' || url.pathname === '/api/dealers')) {
      if (createViolations) return sendProblem(response, 422, 'validation_failed', createViolations);
      const body = JSON.parse(request.body) as { name: string };
      return sendJson(
        response,
        201,
        url.pathname === '/api/pcos' ? managedPco('NEW', body.name) : managedDealer('NEW', body.name),
      );
    }
    if (request.method === 'PUT' && url.pathname === '/api/pcos/P1') {
      return sendJson(response, 200, { ...LYON, ...JSON.parse(request.body), dealer: LYON.dealer });
    }
    if (request.method === 'POST' && url.pathname.endsWith('/logo')) {
      const [, , collection, ulid = ''] = url.pathname.split('/');
      const space = collection === 'pcos' ? managedPco(ulid, 'With logo') : managedDealer(ulid, 'With logo');
      return sendJson(response, 200, { ...space, logo: '/api/logos/0123456789abcdef0123456789abcdef.webp' });
    }
    if (request.method === 'POST' && url.pathname.includes('/connect-on-')) {
      const body = JSON.parse(request.body) as Record<string, string>;
      const ulid = body.connected_on_pco_ulid ?? body.connected_on_dealer_ulid;
      if (ulid === 'P2') return sendProblem(response, 404, 'connected_on_pco_not_found');
      return sendJson(response, 204, null);
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
  dismissNotification();
  server.requests.length = 0;
  pcos = [LYON, NICE];
  dealers = [DEALER];
  createViolations = null;
});

const listCalls = (path: string) =>
  server.requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === path).map((r) => r.url);
const writes = () => server.requests.filter((r) => r.method !== 'GET');
const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const chooseLogo = (dialog: HTMLElement, file: File) =>
  fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

function fillDealer(dialog: HTMLElement) {
  type(field(dialog, 'Company name'), 'Isoptera Ouest');
  type(field(dialog, 'Full address'), '8 allée des Lilas, 33700 Mérignac');
  type(field(dialog, 'City'), 'Mérignac');
  type(field(dialog, 'Latitude'), '44.84296');
  type(field(dialog, 'Longitude'), '-0.64539');
  type(field(dialog, "Owner's e-mail address"), 'owner@ouest.fr');
}

describe('entering a space (substitution)', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => vi.restoreAllMocks());

  it('an admin enters a PCO or a dealer with the call of its type, then the app restarts on /', async () => {
    renderScreen('/pcos', '/pcos', <PcosPage />, currentUserOf('admin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the space of Termites Services Lyon' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(writes().map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /api/user_admins/connect-on-pco {"connected_on_pco_ulid":"P1"}',
    ]);
  });

  it('an admin enters a dealer', async () => {
    renderScreen('/dealers', '/dealers', <DealersPage />, currentUserOf('admin'));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the space of Isoptera Sud' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/user_admins/connect-on-dealer']);
  });

  it('a dealer enters its PCO with its own call; a refusal is told and nothing restarts', async () => {
    renderScreen('/pcos', '/pcos', <PcosPage />, currentUserOf('dealer'));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter the space of Nice Xylo' }));
    expect(await screen.findByText('This pest-control operator cannot be found.')).toBeTruthy();
    expect(screen.getByText('Could not enter this space')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/user_dealers/connect-on-pco']);
  });
});

describe('PCOList', () => {
  it('lists the PCOs with city, owner, pending invitation, dealer and last login, and sends the URL query', async () => {
    renderScreen('/pcos?search=o&page=2', '/pcos', <PcosPage />, currentUserOf('admin'));
    // page 2 of a 2-item answer: back to the last page
    const table = await screen.findByRole('table', { name: 'Pest-control operators' });
    expect(listCalls('/api/pcos')[0]).toBe('/api/pcos?page=2&search=o');
    const lyon = within(table)
      .getByRole('button', { name: 'Edit Termites Services Lyon' })
      .closest('tr') as HTMLElement;
    expect(lyon.textContent).toContain('Lyon');
    expect(lyon.textContent).toContain('boss@tsl.fr');
    expect(within(lyon).getAllByText('Invitation pending').length).toBeGreaterThan(0);
    expect(lyon.textContent).toContain('Isoptera Sud');
    expect(lyon.textContent).toContain('Never');
    const nice = within(table).getByRole('button', { name: 'Edit Nice Xylo' }).closest('tr') as HTMLElement;
    expect(within(nice).queryByText('Invitation pending')).toBeNull();
    expect(nice.textContent).toMatch(/2026/);
    expect(within(table).getByRole('columnheader', { name: 'Dealer' })).toBeTruthy();
  });

  it('sends the search typed, from page 1, and keeps it in the URL', async () => {
    renderScreen('/pcos?page=1', '/pcos', <PcosPage />, currentUserOf('admin'));
    await screen.findByRole('table', { name: 'Pest-control operators' });
    type(screen.getByRole('searchbox', { name: 'Search' }), 'nice');
    await waitFor(() => expect(locationText()).toBe('/pcos?search=nice'));
    await waitFor(() => expect(listCalls('/api/pcos')).toContain('/api/pcos?page=1&search=nice'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Termites Services Lyon' })).toBeNull());
  });

  it("a dealer's PCO form has no dealer picker and the list no dealer column", async () => {
    renderScreen('/pcos', '/pcos', <PcosPage />, currentUserOf('dealer'));
    const table = await screen.findByRole('table', { name: 'Pest-control operators' });
    expect(within(table).queryByRole('columnheader', { name: 'Dealer' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'New PCO' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: /Dealer/ })).toBeNull();
    fillDealer(dialog);
    type(field(dialog, 'ERP order ID'), 'CMD-42');
    chooseLogo(dialog, png());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the PCO' }));
    expect(await screen.findByText("The owner's invitation was sent to owner@ouest.fr.")).toBeTruthy();
    await waitFor(() => expect(writes().length).toBe(2));
    const post = writes()[0];
    expect(post?.url).toBe('/api/pcos');
    const body = JSON.parse(post?.body ?? '{}');
    expect(body).not.toHaveProperty('dealer');
    expect(body.erp_order_id).toBe('CMD-42');
    expect(writes()[1]?.url).toBe('/api/pcos/NEW/logo');
  });

  it("an admin's PCO form requires the dealer, picked by a search of the dealers", async () => {
    renderScreen('/pcos', '/pcos', <PcosPage />, currentUserOf('admin'));
    await screen.findByRole('table', { name: 'Pest-control operators' });
    fireEvent.click(screen.getAllByRole('button', { name: 'New PCO' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fillDealer(dialog);
    chooseLogo(dialog, png());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the PCO' }));
    expect(await within(dialog).findByText('Choose the distributor.')).toBeTruthy();
    expect(writes()).toEqual([]);
    const picker = within(dialog).getByRole('combobox', { name: /Dealer/ });
    fireEvent.focus(picker);
    fireEvent.click(await within(dialog).findByRole('option', { name: 'Isoptera Sud' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the PCO' }));
    await waitFor(() => expect(writes().length).toBe(2));
    expect(JSON.parse(writes()[0]?.body ?? '{}').dealer).toBe(`/api/dealers/${D1}`);
  });

  it('edits a PCO without its owner e-mail, the logo being optional', async () => {
    renderScreen('/pcos', '/pcos', <PcosPage />, currentUserOf('admin'));
    await screen.findByRole('table', { name: 'Pest-control operators' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Termites Services Lyon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the pest-control operator' });
    expect((field(dialog, 'Company name') as HTMLInputElement).value).toBe('Termites Services Lyon');
    expect((field(dialog, 'City') as HTMLInputElement).value).toBe('Lyon');
    expect(within(dialog).queryByRole('textbox', { name: /Owner's e-mail/ })).toBeNull();
    type(field(dialog, 'Company name'), 'TSL Rhône');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('TSL Rhône saved')).toBeTruthy();
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/pcos/P1']);
    const body = JSON.parse(writes()[0]?.body ?? '{}');
    expect(body).not.toHaveProperty('owner_email');
    expect(body).toMatchObject({ name: 'TSL Rhône', dealer: `/api/dealers/${D1}` });
    await waitFor(() => expect(listCalls('/api/pcos').length).toBe(2));
  });
});

describe('DealerList', () => {
  it('shows the empty state whose action opens the new-dealer form', async () => {
    dealers = [];
    renderScreen('/dealers', '/dealers', <DealersPage />, currentUserOf('admin'));
    expect(await screen.findByText('No dealer yet. Create the first one and invite its owner.')).toBeTruthy();
    expect(listCalls('/api/dealers')).toEqual(['/api/dealers?page=1']);
    const buttons = screen.getAllByRole('button', { name: 'New dealer' });
    expect(buttons.length).toBe(2);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('checks the form with the contract, requires and checks the logo, maps 422 violations, then creates', async () => {
    renderScreen('/dealers', '/dealers', <DealersPage />, currentUserOf('admin'));
    await screen.findByRole('table', { name: 'Dealers' });
    fireEvent.click(screen.getByRole('button', { name: 'New dealer' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /ERP order ID/ })).toBeNull();
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create the dealer' }));

    submit();
    expect(await within(dialog).findByText('The name is required.')).toBeTruthy();
    expect(within(dialog).getByText('The address is required.')).toBeTruthy();
    expect(within(dialog).getByText('The latitude is not valid.')).toBeTruthy();
    expect(within(dialog).getByText('The e-mail address is required.')).toBeTruthy();
    expect(within(dialog).getByText('A logo is required.')).toBeTruthy();

    fillDealer(dialog);
    submit();
    await waitFor(() => expect(within(dialog).queryByText('The name is required.')).toBeNull());
    expect(within(dialog).getByText('A logo is required.')).toBeTruthy();
    expect(writes()).toEqual([]);

    chooseLogo(dialog, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('The logo must not exceed 5 MB.')).toBeTruthy();
    chooseLogo(dialog, new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('The logo must be a JPEG, PNG or WebP image.')).toBeTruthy();
    chooseLogo(dialog, png());
    await waitFor(() => expect(within(dialog).queryByText('The logo must be a JPEG, PNG or WebP image.')).toBeNull());

    createViolations = [
      { propertyPath: 'owner_email', code: 'email_invalid' },
      { propertyPath: 'address.longitude', code: 'longitude_invalid' },
    ];
    submit();
    expect(await within(dialog).findByText('The e-mail address is not valid.')).toBeTruthy();
    expect(within(dialog).getByText('The longitude is not valid.')).toBeTruthy();
    expect(field(dialog, "Owner's e-mail address").getAttribute('aria-invalid')).toBe('true');
    expect(writes().length).toBe(1);

    createViolations = null;
    submit();
    expect(await screen.findByText("The owner's invitation was sent to owner@ouest.fr.")).toBeTruthy();
    await waitFor(() => expect(writes().length).toBe(3));
    const [, post, upload] = writes();
    expect(post?.url).toBe('/api/dealers');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      name: 'Isoptera Ouest',
      owner_email: 'owner@ouest.fr',
      address: { label: '8 allée des Lilas, 33700 Mérignac', city: 'Mérignac' },
    });
    expect(upload?.url).toBe('/api/dealers/NEW/logo');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(upload?.body).toContain('name="file"; filename="logo.png"');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the list is reloaded with the new dealer
    await waitFor(() => expect(listCalls('/api/dealers').length).toBe(2));
  });
});
