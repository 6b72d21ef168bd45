/**
 * RenewPassword against a real HTTP server (SPEC §2.1, §5 password rule and 'Passwords do not match', §7
 * validate-password and reset-password, §8 `error_token_renew`; expired link → token-expired page).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { NotificationViewport } from '../../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { RenewPasswordPage } from './renew-password-page';

const STRONG = 'Termite-Renew-2026!';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const body = JSON.parse(request.body || '{}') as { token?: string; new_password?: string };
    if (request.url === '/security/validate-password') {
      // the server knows a rule the page cannot check (e.g. a leaked password)
      if (body.new_password === 'Password-1234!') {
        return sendProblem(response, 422, 'validation_failed', [
          { propertyPath: 'new_password', code: 'new_password_invalid' },
        ]);
      }
      return sendJson(response, 204, null);
    }
    if (request.url === '/security/reset-password') {
      if (body.token === 'used') return sendProblem(response, 400, 'error_token_renew');
      if (body.token === 'old') return sendProblem(response, 410, 'expired_token_renew');
      return sendJson(response, 204, null);
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => false, navigate: () => {} });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/renew-password', element: <RenewPasswordPage /> },
      { path: '/login', element: <p>login screen</p> },
      { path: '/token-expires', element: <p>expired page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <NotificationViewport />
    </>,
  );
  return router;
}

const password = () => screen.getByLabelText('New password', { exact: false });
const confirmation = () => screen.getByLabelText('Confirm the password', { exact: false });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const metRules = () =>
  screen
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-met') === 'true')
    .map((item) => item.textContent);

describe('RenewPasswordPage', () => {
  it('ticks each part of the password rule as it is typed, and says when the confirmation differs', () => {
    renderPage('/renew-password?token=fresh');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(metRules()).toEqual([]);
    expect(password().getAttribute('aria-describedby')).toContain(
      screen.getByText('Your password must contain:').parentElement?.id,
    );
    type(password(), 'termite');
    expect(metRules()).toEqual(['a lowercase letter (done)']);
    type(password(), 'Termite-2026');
    expect(metRules()).toHaveLength(5);
    expect(within(screen.getByRole('list')).getByText('at least 12 characters').parentElement?.dataset.met).toBe(
      'true',
    );

    // a beginning of the password is not an error yet; a different character is
    type(confirmation(), 'Term');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    type(confirmation(), 'Terx');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(confirmation().getAttribute('aria-invalid')).toBe('true');
    type(confirmation(), 'Termite-2026');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('refuses a weak password and an unconfirmed one without calling the server', async () => {
    renderPage('/renew-password?token=fresh');
    type(password(), 'short');
    type(confirmation(), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText(/The password must contain at least 12 characters/)).toBeTruthy();
    type(password(), STRONG);
    type(confirmation(), `${STRONG}x`);
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('asks the server about the password first, then resets it: notification and login', async () => {
    const router = renderPage('/renew-password?token=fresh');
    type(password(), STRONG);
    type(confirmation(), STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.requests.map((r) => [r.url, JSON.parse(r.body)])).toEqual([
      ['/security/validate-password', { new_password: STRONG }],
      ['/security/reset-password', { token: 'fresh', new_password: STRONG }],
    ]);
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
  });

  it("shows the server's verdict on the password under the field and does not reset it", async () => {
    renderPage('/renew-password?token=fresh');
    type(password(), 'Password-1234!');
    type(confirmation(), 'Password-1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('The new password is not valid.')).toBeTruthy();
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.map((r) => r.url)).toEqual(['/security/validate-password']);
  });

  it('offers a new link when this one was already used (400 error_token_renew)', async () => {
    renderPage('/renew-password?token=used');
    type(password(), STRONG);
    type(confirmation(), STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This password reset link is invalid or has expired.');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/login?forgot=1');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('goes to the token-expired page when the link is too old (410)', async () => {
    const router = renderPage('/renew-password?token=old');
    type(password(), STRONG);
    type(confirmation(), STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/token-expires'));
    expect(await screen.findByText('expired page')).toBeTruthy();
  });

  it('says the link is incomplete without a token', () => {
    renderPage('/renew-password');
    expect(screen.getByRole('alert').textContent).toBe('The link is incomplete.');
    expect(screen.queryByLabelText('New password', { exact: false })).toBeNull();
  });
});
