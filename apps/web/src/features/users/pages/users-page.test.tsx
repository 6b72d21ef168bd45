/**
 * The Users screen against a real HTTP server (SPEC §2.2 `/users`, §2.7 Users, §4 "User lifecycle"): rows and
 * segments, the URL filters reaching `GET {users}`, the empty and error states, disabling and re-enabling with
 * confirmation, and an owner e-mailing a member a one-time sign-in link (issue 14).
 */
import type { SpaceUser } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { currentUser, locationText, member, renderUsers } from '../test-kit';
import { UsersPage } from './users-page';

const EMMA = member('U1', 'Emma', 'Petit');
const LEO = member('U2', 'Léo', 'Bernard', {
  status: 'invited',
  role: 'ROLE_PCO_SPACE_MANAGER',
  last_invited_at: '2026-03-04T09:00:00+01:00',
  last_login_at: null,
});
const ME = member('ME', 'Camille', 'Martin', { role: 'ROLE_PCO_SPACE_OWNER' });
const HUGO = member('U4', 'Hugo', 'Roux');
const NINA = member('U3', 'Nina', 'Garcia', { status: 'disabled', disabled_at: '2026-03-01T09:00:00+01:00' });

let server: TestServer;
let members: SpaceUser[] | 'error';
/** The answer of `PUT …/disable` (null: 204). */
let disableAnswer: null | { status: number; error: string; extra?: Record<string, unknown> };

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'GET' && url.pathname === '/api/user_pcos') {
      if (members === 'error') return sendProblem(response, 503, 'service_unavailable');
      const status = url.searchParams.get('status');
      const list = members.filter((m) => !status || m.status === status);
      return sendJson(response, 200, {
        '@type': 'hydra:Collection',
        'hydra:member': list,
        'hydra:totalItems': list.length,
      });
    }
    if (request.method === 'PUT' && url.pathname === '/api/user_pcos/U1/disable') {
      if (disableAnswer) return sendProblem(response, disableAnswer.status, disableAnswer.error);
      return sendJson(response, 204, null);
    }
    if (request.method === 'PUT' && url.pathname === '/api/user_pcos/U3/enable') return sendJson(response, 204, null);
    if (request.method === 'POST' && url.pathname === '/api/user_pcos/U1/easy-connect') {
      return sendJson(response, 204, null);
    }
    if (request.method === 'POST' && url.pathname === '/api/user_pcos/U4/easy-connect') {
      return sendProblem(response, 429, 'too_many_requests');
    }
    if (request.method === 'DELETE' && url.pathname === '/api/user_pcos/U1') {
      return sendProblem(response, 409, 'user_has_interventions');
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
  members = [ME, EMMA, LEO];
  disableAnswer = null;
});

const listCalls = () =>
  server.requests
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/user_pcos'))
    .map((r) => decodeURIComponent(r.url));
/** The query parameters of a list call, as an object. */
const paramsOf = (url: string | undefined) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

describe('UsersPage', () => {
  it('lists the members with their role, status and last login, and the segments', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    const table = await screen.findByRole('table', { name: 'Users of the space' });
    const emma = await within(table).findByRole('link', { name: 'Emma Petit' });
    expect(emma.getAttribute('href')).toBe('/users/U1/edit');
    const emmaRow = emma.closest('tr') as HTMLElement;
    expect(emmaRow.textContent).toContain('emma.petit@example.fr');
    expect(emmaRow.textContent).toContain('Technician');
    expect(emmaRow.textContent).toContain('Active');
    expect(emmaRow.textContent).toContain('02/03/2026, 08:15');
    const leoRow = within(table).getByRole('link', { name: 'Léo Bernard' }).closest('tr') as HTMLElement;
    expect(leoRow.textContent).toContain('Invited on 04/03/2026');
    expect(within(table).getByText('You')).toBeTruthy();
    const segments = screen.getByRole('radiogroup', { name: 'Status' });
    expect(
      within(segments)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['All', 'Active', 'Invited', 'Disabled']);
    expect(within(segments).getByRole('radio', { name: 'All' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(listCalls()[0]).toBe('/api/user_pcos?page=1');
  });

  it('sends the segment, role, search and page of the URL, and keeps the filters in the URL', async () => {
    renderUsers('/users?status=invited&role=ROLE_PCO_SPACE_MANAGER&search=l%C3%A9o&page=2', {
      '/users': <UsersPage />,
    });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(0));
    expect(paramsOf(listCalls()[0])).toEqual({
      page: '2',
      search: 'léo',
      role: 'ROLE_PCO_SPACE_MANAGER',
      status: 'invited',
    });
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('léo');

    fireEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    await waitFor(() =>
      expect(locationText()).toBe('/users?status=disabled&role=ROLE_PCO_SPACE_MANAGER&search=l%C3%A9o'),
    );
    await waitFor(() =>
      expect(paramsOf(listCalls().at(-1))).toEqual({
        page: '1',
        search: 'léo',
        role: 'ROLE_PCO_SPACE_MANAGER',
        status: 'disabled',
      }),
    );
  });

  it('searches 250 ms after the last keystroke', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'emma' } });
    expect(listCalls().some((url) => url.includes('search='))).toBe(false);
    await waitFor(() => expect(locationText()).toBe('/users?search=emma'));
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/user_pcos?page=1&search=emma'));
  });

  it('shows an empty state that clears the filters, and an error state with retry', async () => {
    members = [];
    renderUsers('/users?status=disabled', { '/users': <UsersPage /> });
    expect(await screen.findByText('No user matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(locationText()).toBe('/users'));
    expect(await screen.findByText('Nobody in this space yet. Invite the people you work with.')).toBeTruthy();

    members = 'error';
    renderUsers('/users', { '/users': <UsersPage /> });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    members = [EMMA];
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Emma Petit' })).toBeTruthy();
  });

  it('disables a member after confirmation and says so', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Emma Petit' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Emma Petit?' });
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    members = [ME, { ...EMMA, status: 'disabled', disabled_at: '2026-03-06T10:00:00+01:00' }, LEO];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Emma Petit has been disabled.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/api/user_pcos/U1/disable']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // the list is reloaded
    expect((await screen.findAllByText('Disabled on 06/03/2026')).length).toBeGreaterThan(0);
  });

  it('re-enables a disabled member only once confirmed, and a cancel sends nothing', async () => {
    members = [ME, NINA];
    renderUsers('/users', { '/users': <UsersPage /> });
    const openConfirm = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Nina Garcia' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Re-enable' }));
      return screen.findByRole('alertdialog', { name: 'Re-enable Nina Garcia?' });
    };

    let dialog = await openConfirm();
    expect(dialog.textContent).toContain('Nina Garcia will be able to access this space again.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

    dialog = await openConfirm();
    members = [ME, { ...NINA, status: 'active', disabled_at: null }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-enable' }));
    expect(await screen.findByText('Nina Garcia has been re-enabled.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/api/user_pcos/U3/enable']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // the list is reloaded: the member is no longer marked disabled
    await waitFor(() => expect(screen.queryAllByText('Disabled on 01/03/2026')).toEqual([]));
  });

  it('offers the invitation actions for an invited member and nothing destructive on oneself', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Léo Bernard' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Resend the invitation', 'Cancel the invitation']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Camille Martin' }));
    const own = await screen.findByRole('menu');
    expect(
      within(own)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit']);
  });

  it('is a dealer space list for a dealer (path by space type)', async () => {
    renderUsers(
      '/users',
      { '/users': <UsersPage /> },
      currentUser({ user_type: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER', pco: null }),
    );
    await waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    expect(server.requests[0]?.url).toBe('/api/user_dealers?page=1');
  });

  it('offers to disable instead when a member who took part in visits cannot be deleted', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Emma Petit' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Emma Petit?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This user took part in visits.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('alertdialog', { name: 'Disable Emma Petit?' })).toBeTruthy();
  });

  it('lets an owner e-mail an active member a sign-in link once confirmed, naming the address', async () => {
    renderUsers('/users', { '/users': <UsersPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Emma Petit' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Send a sign-in link', 'Disable', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Send a sign-in link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send a sign-in link to Emma Petit?' });
    expect(dialog.textContent).toContain('emma.petit@example.fr');
    expect(dialog.textContent).toContain('valid for 24 hours');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('A sign-in link has been sent to emma.petit@example.fr.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/user_pcos/U1/easy-connect',
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows a refused sign-in link with its error’s text', async () => {
    members = [ME, HUGO];
    renderUsers('/users', { '/users': <UsersPage /> });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Hugo Roux' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a sign-in link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send a sign-in link to Hugo Roux?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts. Please wait a moment and try again.');
    expect(screen.queryByText(/sent to hugo\.roux@example\.fr/)).toBeNull();
  });

  it('offers no sign-in link to a manager, nor for an invited or disabled member, nor to oneself', async () => {
    members = [ME, EMMA, LEO, NINA];
    renderUsers('/users', { '/users': <UsersPage /> });
    const itemsOf = async (name: string) => {
      fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      fireEvent.keyDown(menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await itemsOf('Léo Bernard')).not.toContain('Send a sign-in link');
    expect(await itemsOf('Nina Garcia')).not.toContain('Send a sign-in link');
    expect(await itemsOf('Camille Martin')).not.toContain('Send a sign-in link');
  });

  it('hides the sign-in link from a manager (not an owner action)', async () => {
    renderUsers('/users', { '/users': <UsersPage /> }, currentUser({ role: 'ROLE_PCO_SPACE_MANAGER' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Emma Petit' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Disable', 'Delete']);
  });
});
