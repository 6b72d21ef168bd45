/** Login screen against a real HTTP server (SPEC §2.1, §7 token request, §8 'This combination of credentials…'). */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { getMeState, setMe } from '../api/get-me';
import { LoginPage } from './login-page';
import { toTokenRequest, validateLogin } from './login-validation';

let server: TestServer;
let loggedIn = false;
/** When set, the token request waits for it (to see the page while signing in). */
let holdTokenRequest: Promise<void> | null = null;

beforeAll(async () => {
  server = await startTestServer(async (request, response) => {
    if (request.url === '/security/token/request') {
      if (holdTokenRequest) await holdTokenRequest;
      const body = JSON.parse(request.body) as { email: string; password: string };
      if (body.email === 'taken@demo.example') {
        return sendProblem(response, 422, 'validation_failed', [{ propertyPath: 'email', code: 'email_invalid' }]);
      }
      if (body.password !== 'Termite-Demo-2026!') return sendProblem(response, 401, 'invalid_credentials');
      loggedIn = true;
      return sendJson(response, 200, {});
    }
    if (request.url === '/api/me') {
      return loggedIn
        ? sendJson(response, 200, { ulid: '01', firstname: 'A', lastname: 'B' })
        : sendProblem(response, 401, 'unauthorized');
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
  loggedIn = false;
  holdTokenRequest = null;
  server.requests.length = 0;
  setMe(null);
});

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>base route</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('LoginPage', () => {
  it('labels its controls and focuses the e-mail, unless given', () => {
    renderLogin();
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Password', { exact: false }).getAttribute('type')).toBe('password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', false);
    expect(screen.getByRole('combobox', { name: 'Interface language' })).toBeTruthy();
  });

  it('fills the e-mail from ?email=', () => {
    renderLogin('/login?email=owner%40demo.example');
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveProperty('value', 'owner@demo.example');
    expect(document.activeElement).not.toBe(email);
  });

  it('shows inline errors for empty fields without calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address is required.')).toBeTruthy();
    expect(screen.getByText('The password is required.')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The e-mail address is required.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('checks the e-mail shape, then follows each field as it is edited', async () => {
    renderLogin();
    fill('E-mail address', 'owner');
    fill('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address is not valid.')).toBeTruthy();
    expect(screen.queryByText('The password is required.')).toBeNull();
    fill('Password', '');
    expect(screen.getByText('The password is required.')).toBeTruthy();
    fill('E-mail address', 'owner@demo.example');
    expect(screen.queryByText('The e-mail address is not valid.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-mail address' }).getAttribute('aria-invalid')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('translates invalid_credentials', async () => {
    renderLogin();
    fill('E-mail address', ' owner@demo.example ');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This combination of credentials is incorrect.',
    );
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toEqual({
      email: 'owner@demo.example',
      password: 'wrong',
      _remember_me: false,
    });
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it("shows the server's field errors under their fields", async () => {
    renderLogin();
    fill('E-mail address', 'taken@demo.example');
    fill('Password', 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address is not valid.')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows a spinner and blocks a second submit while signing in', async () => {
    let release = () => {};
    holdTokenRequest = new Promise((resolve) => {
      release = resolve;
    });
    renderLogin();
    fill('E-mail address', 'owner@demo.example');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg.animate-spin')).toBeTruthy();
    fireEvent.submit(button.closest('form') as HTMLFormElement);
    release();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(server.requests.filter((r) => r.url === '/security/token/request')).toHaveLength(1);
  });

  it('sends remember-me, loads the current user and goes to BaseRoute', async () => {
    const router = renderLogin();
    fill('E-mail address', 'owner@demo.example');
    fill('Password', 'Termite-Demo-2026!');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.requests.map((r) => r.url)).toEqual(['/security/token/request', '/api/me']);
    expect(JSON.parse(server.requests[0]?.body ?? '{}')._remember_me).toBe(true);
    expect(getMeState().user).toMatchObject({ ulid: '01' });
  });
});

describe('login checks (the contract tokenRequestBody, plus the e-mail shape)', () => {
  const values = (email: string, password: string) => ({ email, password, _remember_me: false });

  it('requires a trimmed e-mail of a plausible shape and a password', () => {
    expect(validateLogin(values('', ''))).toEqual({ email: 'email_required', password: 'password_required' });
    expect(validateLogin(values('   ', 'x'))).toEqual({ email: 'email_required' });
    expect(validateLogin(values('a b@c', 'x'))).toEqual({ email: 'email_invalid' });
    expect(validateLogin(values('owner@', 'x'))).toEqual({ email: 'email_invalid' });
    expect(validateLogin(values(`${'a'.repeat(250)}@b.fr`, 'x'))).toEqual({ email: 'email_invalid' });
    expect(validateLogin(values(' owner@demo.example ', ' '))).toEqual({});
    expect(validateLogin(values('o@d', 'x'.repeat(1025)))).toEqual({ password: 'unknown' });
  });

  it('sends the e-mail trimmed and the password as typed', () => {
    expect(toTokenRequest({ email: ' a@b.fr ', password: ' p ', _remember_me: true })).toEqual({
      email: 'a@b.fr',
      password: ' p ',
      _remember_me: true,
    });
  });
});
