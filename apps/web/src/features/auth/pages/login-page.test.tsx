/**
 * Login screen against a real HTTP server (SPEC §2.1 Login and `/2fa`, §7 token request, two-factor and
 * forgot-password calls, §8 'This combination of credentials…', "Two-factor").
 */

import type { ServerResponse } from 'node:http';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { getMeState, setMe } from '../api/get-me';
import { LoginPage } from './login-page';
import { normaliseAuthCode, toTokenRequest, validateAuthCode, validateLogin } from './login-validation';

/** A 429 answer with `Retry-After` (exposed to the cross-origin test page). */
function sendTooMany(response: ServerResponse, seconds: number) {
  response.setHeader('Retry-After', String(seconds));
  response.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  sendProblem(response, 429, 'too_many_requests');
}

let server: TestServer;
let loggedIn = false;
/** When set, the token request waits for it (to see the page while signing in). */
let holdTokenRequest: Promise<void> | null = null;
/** How `POST /security/token/2fa-resend` answers. */
let resendAnswer: 'ok' | 'failed' | 'expired' | 'limited' = 'ok';

beforeAll(async () => {
  server = await startTestServer(async (request, response) => {
    if (request.url === '/security/token/request') {
      if (holdTokenRequest) await holdTokenRequest;
      const body = JSON.parse(request.body) as { email: string; password: string };
      if (body.email === 'taken@demo.example') {
        return sendProblem(response, 422, 'validation_failed', [{ propertyPath: 'email', code: 'email_invalid' }]);
      }
      if (body.email === 'limited@demo.example') return sendTooMany(response, 42);
      if (body.password !== 'Termite-Demo-2026!') return sendProblem(response, 401, 'invalid_credentials');
      if (body.email === 'dealer@demo.example') return sendJson(response, 200, { two_factor: true, email: body.email });
      loggedIn = true;
      return sendJson(response, 200, {});
    }
    if (request.url === '/security/token/2fa') {
      const { auth_code } = JSON.parse(request.body) as { auth_code: string };
      if (auth_code === '999999') return sendProblem(response, 401, 'two_factor_expired');
      if (auth_code === '429429') return sendTooMany(response, 180);
      if (auth_code !== '123456') return sendProblem(response, 400, 'auth_code_invalid');
      loggedIn = true;
      return sendJson(response, 200, {});
    }
    if (request.url === '/security/token/2fa-resend') {
      if (resendAnswer === 'failed') return sendProblem(response, 503, 'two_factor_resend_failed');
      if (resendAnswer === 'expired') return sendProblem(response, 401, 'two_factor_expired');
      if (resendAnswer === 'limited') return sendTooMany(response, 1);
      return sendJson(response, 204, null);
    }
    if (request.url === '/security/forgot-password') {
      const { email } = JSON.parse(request.body) as { email: string };
      if (email === 'limited@demo.example') return sendTooMany(response, 30);
      if (email === 'bad@')
        return sendProblem(response, 422, 'validation_failed', [{ propertyPath: 'email', code: 'email_invalid' }]);
      return sendJson(response, 204, null);
    }
    if (request.url === '/api/me') {
      return loggedIn
        ? sendJson(response, 200, { ulid: '01', firstname: 'A', lastname: 'B' })
        : sendProblem(response, 401, 'unauthorized');
    }
    if (request.url === '/api/me/rights') {
      return loggedIn
        ? sendJson(response, 200, { actions: ['pco_action'] })
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
  resendAnswer = 'ok';
  server.requests.length = 0;
  setMe(null);
});

function renderLogin(path = '/login', state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>base route</p> },
    ],
    {
      initialEntries: [
        { pathname: path.split('?')[0], search: path.includes('?') ? path.slice(path.indexOf('?')) : '', state },
      ],
    },
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

  it('links to the terms of use and the privacy policy (SPEC §2.1)', () => {
    renderLogin();
    const legal = screen.getByRole('navigation', { name: 'Legal information' });
    expect(within(legal).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/cgu');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
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
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/me', '/api/me/rights', '/security/token/request']);
    expect(JSON.parse(server.requests[0]?.body ?? '{}')._remember_me).toBe(true);
    expect(getMeState().user).toMatchObject({ ulid: '01' });
  });
});

const codeInput = () => screen.getByRole('textbox', { name: 'Validation code' });
const bodyOf = (url: string) => JSON.parse(server.requests.find((r) => r.url === url)?.body ?? '{}');

/** Signs in as the dealer, whose space asks for the e-mailed code. */
async function reachTwoFactorStep() {
  const router = renderLogin();
  fill('E-mail address', 'dealer@demo.example');
  fill('Password', 'Termite-Demo-2026!');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Check your e-mail' });
  return router;
}

describe('LoginPage — two-factor step', () => {
  it('asks for the e-mailed code, then opens the session with "remember this device"', async () => {
    const router = await reachTwoFactorStep();
    expect(
      screen.getByText('We have sent a 6-digit code to dealer@demo.example. It is valid for 10 minutes.'),
    ).toBeTruthy();
    const input = codeInput();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(getMeState().user).toBeNull();
    // a pasted code with a space keeps its 6 digits
    fireEvent.change(input, { target: { value: '123 456' } });
    expect(input).toHaveProperty('value', '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember this device for 180 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf('/security/token/2fa')).toEqual({ auth_code: '123456', trusted: true });
    expect(server.requests.map((r) => r.url).sort()).toEqual([
      '/api/me',
      '/api/me/rights',
      '/security/token/2fa',
      '/security/token/request',
    ]);
    expect(getMeState().user).toMatchObject({ ulid: '01' });
  });

  it('checks the code before sending it, and keeps the step on a wrong code', async () => {
    await reachTwoFactorStep();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: '12' } });
    expect(screen.getByText('The validation code is invalid.')).toBeTruthy();
    expect(server.requests.filter((r) => r.url === '/security/token/2fa')).toHaveLength(0);

    fireEvent.change(codeInput(), { target: { value: '000000' } });
    expect(screen.queryByText('The validation code is invalid.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The validation code is invalid.')).toBeTruthy();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(codeInput()).toHaveProperty('value', '000000');
    expect(document.activeElement).toBe(codeInput());
    expect(bodyOf('/security/token/2fa')).toEqual({ auth_code: '000000', trusted: false });
    expect(getMeState().user).toBeNull();
  });

  it('goes back to the credentials with a message when the attempt has ended', async () => {
    await reachTwoFactorStep();
    fireEvent.change(codeInput(), { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This sign-in attempt has ended. Please log in again.');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveProperty('value', 'dealer@demo.example');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password', { exact: false })));
  });

  it('says how long to wait when rate-limited', async () => {
    await reachTwoFactorStep();
    fireEvent.change(codeInput(), { target: { value: '429429' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 3 minutes.');
  });

  it('resends the code, or says that it could not be sent', async () => {
    await reachTwoFactorStep();
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    expect((await screen.findByRole('status')).textContent).toBe('A new code has been sent to dealer@demo.example.');
    expect(codeInput()).toHaveProperty('value', '');
    expect(server.requests.filter((r) => r.url === '/security/token/2fa-resend')).toHaveLength(1);

    resendAnswer = 'failed';
    fireEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The code could not be sent again.');
    expect(screen.queryByText('A new code has been sent to dealer@demo.example.')).toBeNull();

    resendAnswer = 'limited';
    fireEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 1 second.'),
    );

    resendAnswer = 'expired';
    fireEvent.click(screen.getByRole('button', { name: 'Resend the code' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This sign-in attempt has ended. Please log in again.');
  });

  it('goes back to the credentials with "Back"', async () => {
    await reachTwoFactorStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveProperty('value', 'dealer@demo.example');
  });

  it('opens the code step directly from /2fa?email= (router state twoFactor)', async () => {
    const router = renderLogin('/login?email=dealer%40demo.example', { twoFactor: true });
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(/dealer@demo\.example/)).toBeTruthy();
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/me', '/api/me/rights', '/security/token/2fa']);
  });
});

describe('LoginPage — forgot password', () => {
  it('opens from the link with the e-mail typed, and always gives the same confirmation', async () => {
    const router = renderLogin();
    fill('E-mail address', 'someone@demo.example');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(router.state.location.search).toBe('?forgot=1&email=someone%40demo.example');
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveProperty('value', 'someone@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    const confirmation = await screen.findByRole('status');
    expect(confirmation.textContent).toContain(
      'If an account exists for someone@demo.example, we have sent a link to this address to choose a new password.',
    );
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(bodyOf('/security/forgot-password')).toEqual({ email: 'someone@demo.example' });

    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.search).toBe('?email=someone%40demo.example');
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveProperty('value', 'someone@demo.example');
  });

  it('opens directly from /login?forgot=1&email=, checks the e-mail and shows the errors', async () => {
    renderLogin('/login?forgot=1&email=bad%40');
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    fill('E-mail address', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('The e-mail address is required.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);

    fill('E-mail address', 'limited@demo.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 30 seconds.');
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
  });
});

describe('LoginPage — notices and limits', () => {
  it("says 'your account is ready' after an activation, focusing the password", () => {
    renderLogin('/login?email=new%40demo.example', { notice: 'activated' });
    expect(screen.getByRole('status').textContent).toBe(
      'Your account is ready. Log in with your e-mail address and your password.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password', { exact: false }));
  });

  it('translates too_many_requests with the Retry-After seconds', async () => {
    renderLogin();
    fill('E-mail address', 'limited@demo.example');
    fill('Password', 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 42 seconds.');
  });
});

describe('two-factor code checks', () => {
  it('keeps at most 6 digits and requires exactly 6', () => {
    expect(normaliseAuthCode(' 12-34 567 ')).toBe('123456');
    expect(validateAuthCode('')).toBe('auth_code_required');
    expect(validateAuthCode('12345')).toBe('auth_code_invalid');
    expect(validateAuthCode('123456')).toBeNull();
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
