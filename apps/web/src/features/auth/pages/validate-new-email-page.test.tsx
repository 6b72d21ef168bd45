/**
 * New e-mail validation and the token-expired page against a real HTTP server (SPEC §2.1, §4 Profile "E-mail
 * change", §7 `PUT /api/me/validate-email/{token}`, §8 `invalid_email_token`, `expired_email_token`).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { changeLanguage } from '../../../shared/i18n/i18n';
import { loadOnDemandCatalogue } from '../../../shared/i18n/on-demand-catalogue';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { getMeState, setMe } from '../api/get-me';
import { TokenExpiredPage } from './token-expired-page';
import { ValidateNewEmailPage } from './validate-new-email-page';

let server: TestServer;
/** Answers of the first validation calls for the token `flaky` (then 204). */
let flakyFailures = 0;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const match = /^\/api\/me\/validate-email\/(.+)$/.exec(request.url);
    if (match && request.method === 'PUT') {
      const token = decodeURIComponent(match[1] ?? '');
      if (token === 'bad') return sendProblem(response, 400, 'invalid_email_token');
      if (token === 'old') return sendProblem(response, 410, 'expired_email_token');
      if (token === 'taken') return sendProblem(response, 409, 'email_already_exist');
      if (token === 'flaky' && flakyFailures > 0) {
        flakyFailures -= 1;
        return sendProblem(response, 503, 'service_unavailable');
      }
      return sendJson(response, 204, null);
    }
    if (request.url === '/api/me') return sendJson(response, 200, { ulid: '01', email: 'new@demo.example' });
    if (request.url === '/api/me/rights') return sendJson(response, 200, { actions: ['pco_action'] });
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => false, navigate: () => {} });
  // the sign-in link's texts load on demand (the router's lazy page)
  await Promise.all([loadOnDemandCatalogue('easyConnect', 'en'), loadOnDemandCatalogue('easyConnect', 'ja')]);
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  flakyFailures = 0;
  setMe(null);
});

function renderAt(path: string, status: Session['status'] = 'anonymous') {
  const router = createMemoryRouter(
    [
      { path: '/validate-new-email', element: <ValidateNewEmailPage /> },
      { path: '/token-expires', element: <TokenExpiredPage /> },
    ],
    { initialEntries: [path] },
  );
  const session = { status, me: null, actor: null, hasAction: () => false } as unknown as Session;
  render(
    <StrictMode>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </StrictMode>,
  );
  return router;
}

const validationCalls = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.url);

describe('ValidateNewEmailPage', () => {
  it('validates the link once on opening and offers to log in', async () => {
    renderAt('/validate-new-email?token=good');
    expect(screen.getByText('Validating your new e-mail address…')).toBeTruthy();
    expect(await screen.findByText('Your e-mail address has been changed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(validationCalls()).toEqual(['/api/me/validate-email/good']);
    expect(server.requests.map((r) => r.url)).not.toContain('/api/me');
  });

  it('with a session, reloads the current user and offers the home page', async () => {
    renderAt('/validate-new-email?token=good', 'authenticated');
    expect(await screen.findByText('Your e-mail address has been changed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(getMeState().user).toMatchObject({ email: 'new@demo.example' }));
  });

  it('explains an expired link: request the change again from the profile', async () => {
    renderAt('/validate-new-email?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This e-mail validation link has expired. Please request the change again.',
    );
    expect(screen.getByRole('heading', { name: 'Your e-mail address was not changed' })).toBeTruthy();
    expect(
      screen.getByText('Request the change again from your profile: we will send a new link to the new address.'),
    ).toBeTruthy();
  });

  it('says that an unknown link is not valid, and that a taken address is in use', async () => {
    renderAt('/validate-new-email?token=bad');
    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail validation link is not valid.');
  });

  it('says that the address is already in use (409)', async () => {
    renderAt('/validate-new-email?token=taken');
    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail address is already in use.');
  });

  it('says the link is not valid without a token, without calling the server', () => {
    renderAt('/validate-new-email');
    expect(screen.getByRole('alert').textContent).toBe('This e-mail validation link is not valid.');
    expect(server.requests).toHaveLength(0);
  });

  it('offers to try again after a server failure', async () => {
    flakyFailures = 1;
    renderAt('/validate-new-email?token=flaky');
    expect((await screen.findByRole('alert')).textContent).toBe('The server is unavailable.');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('Your e-mail address has been changed')).toBeTruthy();
    expect(validationCalls()).toHaveLength(2);
  });
});

describe('TokenExpiredPage', () => {
  it('for a sign-in link, names the PCO and says to ask its owner for a new link, not to reset the password', () => {
    renderAt('/token-expires?pco_name=Termites%20Bordeaux');
    expect(screen.getByRole('heading', { level: 1, name: 'This sign-in link has expired' })).toBeTruthy();
    expect(screen.getByText(/The sign-in link you received for Termites Bordeaux has expired/)).toBeTruthy();
    expect(screen.getByText('Ask the owner of Termites Bordeaux to send you a new link.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
    expect(screen.queryByRole('link', { name: /forgot/i })).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/login']);
    expect(links[0]?.textContent).toBe('Sign in with your password');
  });

  it('speaks of the link in general without a PCO name, and offers a new link and the login', () => {
    renderAt('/token-expires');
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeTruthy();
    expect(
      screen.getByText('For your security, the links we send by e-mail are valid only for a limited time.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/login?forgot=1');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('names the PCO in Japanese', async () => {
    await changeLanguage('ja');
    try {
      renderAt('/token-expires?pco_name=Acme');
      expect(
        screen.getByRole('heading', { level: 1, name: 'このログインリンクは有効期限が切れています' }),
      ).toBeTruthy();
      expect(screen.getByText('Acme のオーナーに新しいリンクの送信を依頼してください。')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
