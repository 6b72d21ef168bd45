/**
 * 'Invite users' against a real HTTP server (SPEC §2.2 `/users/add`, §2.7 Users, §5, §6): several rows sent at once
 * with the roles the actor may grant, the client-side checks, the server's row violations under the right field, and
 * the return to the invited segment.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { currentUser, locationText, renderUsers } from '../test-kit';
import { UserAddPage } from './user-add-page';

let server: TestServer;
/** The violations of the next `send` (null: 201). */
let violations: unknown[] | null;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (request.method === 'POST' && url.pathname === '/api/invite_pcos/send') {
      if (violations) return sendProblem(response, 422, 'validation_failed', violations);
      const body = JSON.parse(request.body) as { invites: Array<{ email: string; role: string }> };
      return sendJson(response, 201, {
        invites: body.invites.map((invite, i) => ({
          '@id': `/api/invite_pcos/I${i}`,
          ulid: `I${i}`,
          ...invite,
          last_invited_at: '2026-03-06T10:00:00+01:00',
          expires_at: '2026-03-13T10:00:00+01:00',
        })),
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
  violations = null;
});

const row = (n: number) => screen.getByRole('group', { name: `Person ${n}` });
const typeIn = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** Opens the role list of row `n` and picks `role`. */
async function chooseRole(n: number, role: string) {
  fireEvent.click(within(row(n)).getByRole('button', { name: /Role$/ }));
  fireEvent.click(await screen.findByRole('option', { name: role }));
  await waitFor(() => expect(within(row(n)).getByRole('button', { name: /Role$/ }).textContent).toContain(role));
}

const sent = () => server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body));

describe('UserAddPage', () => {
  it('offers only the roles the actor may grant', async () => {
    renderUsers('/users/add', { '/users/add': <UserAddPage /> }, currentUser({ role: 'ROLE_PCO_SPACE_MANAGER' }));
    fireEvent.click(within(row(1)).getByRole('button', { name: /Role$/ }));
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Manager', 'Technician', 'User']);
  });

  it('invites several people at once, then goes back to the invited segment', async () => {
    renderUsers('/users/add', { '/users/add': <UserAddPage /> });
    typeIn(within(row(1)).getByRole('textbox', { name: 'E-mail' }), 'Emma.Petit@Example.fr ');
    await chooseRole(1, 'Technician');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    typeIn(within(row(2)).getByRole('textbox', { name: 'E-mail' }), 'leo@example.fr');
    // the new row repeats the previous role
    expect(within(row(2)).getByRole('button', { name: /Role$/ }).textContent).toContain('Technician');
    await chooseRole(2, 'Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Remove person 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the 2 invitations' }));

    await waitFor(() => expect(locationText()).toBe('/users?status=invited'));
    expect(sent()).toEqual([
      {
        invites: [
          { email: 'emma.petit@example.fr', role: 'ROLE_PCO_SPACE_TECHNICIAN' },
          { email: 'leo@example.fr', role: 'ROLE_PCO_SPACE_MANAGER' },
        ],
      },
    ]);
    expect(await screen.findByText('The 2 invitations have been sent.')).toBeTruthy();
  });

  it('asks before Cancel drops the addresses typed, and goes back to the list at once when nothing was typed', async () => {
    renderUsers('/users/add', { '/users/add': <UserAddPage /> });
    const email = within(row(1)).getByRole('textbox', { name: 'E-mail' });
    typeIn(email, 'emma.petit@example.fr');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(locationText()).toBe('/users/add');
    expect((within(row(1)).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe(
      'emma.petit@example.fr',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(locationText()).toBe('/users'));
    expect(sent()).toEqual([]);
  });

  it('checks the rows before sending: required, valid, not twice', async () => {
    renderUsers('/users/add', { '/users/add': <UserAddPage /> });
    typeIn(within(row(1)).getByRole('textbox', { name: 'E-mail' }), 'emma@example.fr');
    await chooseRole(1, 'Technician');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    typeIn(within(row(2)).getByRole('textbox', { name: 'E-mail' }), 'EMMA@example.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    typeIn(within(row(3)).getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send the 3 invitations' }));
    expect(await within(row(2)).findByText('The same e-mail address was entered several times.')).toBeTruthy();
    expect(within(row(3)).getByText('The e-mail address is not valid.')).toBeTruthy();
    expect(within(row(1)).queryByText('The same e-mail address was entered several times.')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it("shows the server's violation under the right row's field and keeps what was typed", async () => {
    violations = [{ propertyPath: 'invites.1.email', code: 'email_already_exist', message: '' }];
    renderUsers('/users/add', { '/users/add': <UserAddPage /> });
    typeIn(within(row(1)).getByRole('textbox', { name: 'E-mail' }), 'emma@example.fr');
    await chooseRole(1, 'Technician');
    fireEvent.click(screen.getByRole('button', { name: 'Add a person' }));
    typeIn(within(row(2)).getByRole('textbox', { name: 'E-mail' }), 'camille@example.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Send the 2 invitations' }));

    expect(await within(row(2)).findByText('This e-mail address is already in use.')).toBeTruthy();
    expect(within(row(1)).queryByText('This e-mail address is already in use.')).toBeNull();
    expect((within(row(2)).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe(
      'camille@example.fr',
    );
    expect(locationText()).toBe('/users/add');
  });
});
