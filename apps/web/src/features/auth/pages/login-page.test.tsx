/** Login screen against a real HTTP server (SPEC §2.1, §7 token request, §8 'This combination of credentials…'). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { LoginPage } from './login-page';

let server: TestServer;
let loggedIn = false;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.url === '/security/token/request') {
      const body = JSON.parse(request.body) as { email: string; password: string };
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
  server.requests.length = 0;
});

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>base route</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('LoginPage', () => {
  it('shows inline errors for empty fields without calling the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The e-mail address is required.')).toBeTruthy();
    expect(screen.getByText('The password is required.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('translates invalid_credentials', async () => {
    renderLogin();
    fill('E-mail address', 'owner@demo.example');
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
  });
});
