/**
 * Activation against a real HTTP server (SPEC §1 technicians → DownloadApp, §2.1, §7 "Invites, per type": the
 * get-{type} look-ups, new-user and join-space; §8 404 → 'activation link incorrect', 410 `expire_invite_token`, no
 * Error-screen redirect).
 */
import type { InviteLookup } from '@isoptera/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { changeLanguage } from '../../../shared/i18n/i18n';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../../test/test-server';
import { activationTarget } from '../lib/activation';
import { defaultTimeZone, filterTimeZones } from '../lib/time-zones';
import { ActivationPage } from './activation-page';

const STRONG = 'Termite-Invite-2026!';
const ZONES = ['America/New_York', 'Asia/Tokyo', 'Europe/Paris', 'UTC'];
const PCO = {
  '@id': '/api/pcos/01PCO',
  '@type': 'Pco',
  ulid: '01PCO',
  name: 'Termites Bordeaux',
  logo: 'https://cdn.example/logo.png',
} as const;
/** The JSON-LD keys the look-up of `token` answers (its own path). */
const lookupKeys = (path: string, token: string) => ({ '@id': `${path}/${token}`, '@type': 'InviteLookup' }) as const;

const invites: Record<string, InviteLookup> = {
  'tech-new': {
    ...lookupKeys('/api/invite_pcos/get-pco', 'tech-new'),
    email: 'tech@demo.example',
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    user_type: 'pco',
    user_exist: false,
    firstname: '',
    lastname: '',
    pco: PCO,
  },
  'manager-exists': {
    ...lookupKeys('/api/invite_pcos/get-pco', 'manager-exists'),
    email: 'multi@demo.example',
    role: 'ROLE_PCO_SPACE_MANAGER',
    user_type: 'pco',
    user_exist: true,
    firstname: 'Paul',
    lastname: 'Martin',
    pco: PCO,
  },
  'dealer-new': {
    ...lookupKeys('/api/invite_dealers/get-dealer', 'dealer-new'),
    email: 'anne@demo.example',
    role: 'ROLE_DEALER_SPACE_USER',
    user_type: 'dealer',
    user_exist: false,
    firstname: 'Anne',
    lastname: 'Moreau',
    dealer: { '@id': '/api/dealers/01DEAL', '@type': 'Dealer', ulid: '01DEAL', name: 'Distrib Sud', logo: null },
  },
};

let server: TestServer;
/** Where the HTTP client tried to send the user (the Error screen): must stay empty. */
const redirects: string[] = [];

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/timezones') {
      return sendJson(response, 200, { 'hydra:member': ZONES, 'hydra:totalItems': ZONES.length });
    }
    const lookup = /^\/api\/invite_(admins|dealers|pcos)\/get-(admin|dealer|pco)\/(.+)$/.exec(url.pathname);
    if (lookup && request.method === 'GET') {
      const token = decodeURIComponent(lookup[3] ?? '');
      if (token === 'old') return sendProblem(response, 410, 'expire_invite_token');
      const invite = invites[token];
      if (!invite || `${invite.user_type}s` !== lookup[1]) return sendProblem(response, 404, 'invalid_invite_token');
      return sendJson(response, 200, invite);
    }
    const action = /^\/api\/invite_\w+\/(new-user|join-space)\/(.+)$/.exec(url.pathname);
    if (action && request.method === 'POST') {
      const invite = invites[action[2] ?? ''];
      if (!invite) return sendProblem(response, 404, 'invalid_invite_token');
      const body = JSON.parse(request.body) as { lastname?: string };
      if (action[1] === 'new-user' && body.lastname === 'Refused') {
        return sendProblem(response, 422, 'validation_failed', [
          { propertyPath: 'lastname', code: 'lastname_invalid' },
          { propertyPath: 'timezone', code: 'timezone_not_accepted' },
        ]);
      }
      return sendJson(response, 200, { user_type: invite.user_type, role: invite.role, email: invite.email });
    }
    return sendProblem(response, 404, 'not_found');
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => false, navigate: (to) => redirects.push(to) });
});
afterAll(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  redirects.length = 0;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

/** The login screen of the test: shows what the activation page handed over. */
function LoginProbe() {
  const location = useLocation();
  return (
    <p>
      login {location.search} {(location.state as { notice?: string } | null)?.notice}
    </p>
  );
}

function renderPage(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/activation', element: <ActivationPage /> },
      { path: '/login', element: <LoginProbe /> },
      { path: '/download-app', element: <p>download the app</p> },
    ],
    { initialEntries: [`/activation?${search}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const posts = () => server.requests.filter((r) => r.method === 'POST').map((r) => [r.url, JSON.parse(r.body)]);

describe('ActivationPage — new account', () => {
  it('shows the space and e-mail, then a technician lands on DownloadApp', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'Asia/Tokyo',
    });
    const router = renderPage('token=tech-new&user_type=pco&user_exist=0');
    expect(await screen.findByRole('heading', { name: 'Activate your account' })).toBeTruthy();
    expect(await screen.findByText('Termites Bordeaux')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo of Termites Bordeaux' }).getAttribute('src')).toBe(PCO.logo);
    expect(screen.getByText('tech@demo.example')).toBeTruthy();
    expect(screen.getByText('Technician')).toBeTruthy();
    // the browser's zone, offered by the server, is preselected
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    expect(zone).toHaveProperty('value', 'Asia/Tokyo');
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/invite_pcos/get-pco/tech-new', '/api/timezones']);

    type('First name', 'Léa');
    type('Last name', "N'Diaye");
    type('New password', STRONG);
    type('Confirm the password', STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/download-app'));
    expect(posts()).toEqual([
      [
        '/api/invite_pcos/new-user/tech-new',
        { firstname: 'Léa', lastname: "N'Diaye", new_password: STRONG, timezone: 'Asia/Tokyo' },
      ],
    ]);
  });

  it('prefills the names, checks the form, and sends a dealer user to the login with "account ready"', async () => {
    const router = renderPage('token=dealer-new&user_type=dealer');
    expect(await screen.findByText('Distrib Sud')).toBeTruthy();
    expect(screen.getByLabelText('First name', { exact: false })).toHaveProperty('value', 'Anne');
    expect(screen.getByLabelText('Last name', { exact: false })).toHaveProperty('value', 'Moreau');

    type('First name', '');
    type('New password', 'weak');
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    expect(await screen.findByText('The first name is required.')).toBeTruthy();
    expect(screen.getByText(/The password must contain at least 12 characters/)).toBeTruthy();
    expect(posts()).toEqual([]);

    type('First name', 'Anne');
    type('New password', STRONG);
    type('Confirm the password', STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('login ?email=anne%40demo.example activated')).toBeTruthy();
    expect(posts()[0]?.[0]).toBe('/api/invite_dealers/new-user/dealer-new');
  });

  it("shows the server's violations under their fields, in the interface language", async () => {
    await changeLanguage('fr');
    renderPage('token=dealer-new&user_type=dealer');
    expect(await screen.findByText('Distrib Sud')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Activez votre compte' })).toBeTruthy();
    const lastname = screen.getByLabelText(/^Nom/);
    fireEvent.change(lastname, { target: { value: 'Refused' } });
    type('Nouveau mot de passe', STRONG);
    type('Confirmez le mot de passe', STRONG);
    fireEvent.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    expect(
      await screen.findByText(
        'Le nom de famille ne peut contenir que des lettres, des tirets, des apostrophes et des espaces.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ce fuseau horaire n’est pas disponible.')).toBeTruthy();
    expect(lastname.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ActivationPage — existing account', () => {
  it("offers 'Join <space>' and sends the manager to the login", async () => {
    const router = renderPage('token=manager-exists&user_type=pco&user_exist=1');
    expect(await screen.findByRole('heading', { name: 'Join Termites Bordeaux' })).toBeTruthy();
    expect(screen.queryByLabelText('New password', { exact: false })).toBeNull();
    expect(screen.getByText('Manager')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join Termites Bordeaux' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(posts()).toEqual([['/api/invite_pcos/join-space/manager-exists', {}]]);
    expect(await screen.findByText('login ?email=multi%40demo.example activated')).toBeTruthy();
  });
});

describe('ActivationPage — links that cannot be used', () => {
  it('says the activation link is incorrect on a 404, without the Error screen', async () => {
    renderPage('token=unknown&user_type=pco&user_exist=0');
    expect((await screen.findByRole('alert')).textContent).toBe('The activation link is incorrect.');
    expect(screen.getByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(redirects).toEqual([]);
  });

  it('says the invitation expired on a 410', async () => {
    renderPage('token=old&user_type=admin&user_exist=0');
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation has expired. Ask for a new one.');
    expect(server.requests.map((r) => r.url)).toContain('/api/invite_admins/get-admin/old');
  });

  it('looks up by user type: a dealer token opened as a PCO one is incorrect', async () => {
    renderPage('token=dealer-new&user_type=pco');
    expect((await screen.findByRole('alert')).textContent).toBe('The activation link is incorrect.');
    expect(redirects).toEqual([]);
  });

  it('refuses a link without token or with an unknown user type, without asking the server', () => {
    renderPage('token=tech-new&user_type=plumber');
    expect(screen.getByRole('alert').textContent).toBe('The activation link is incorrect.');
    expect(server.requests).toHaveLength(0);
  });
});

describe('activation rules', () => {
  it('sends technicians to DownloadApp and everyone else to the login with the e-mail', () => {
    expect(activationTarget({ user_type: 'pco', role: 'ROLE_PCO_SPACE_TECHNICIAN', email: 't@x.fr' })).toEqual({
      to: '/download-app',
    });
    expect(activationTarget({ user_type: 'pco', role: 'ROLE_PCO_SPACE_OWNER', email: 'o+1@x.fr' })).toEqual({
      to: '/login?email=o%2B1%40x.fr',
      state: { notice: 'activated' },
    });
  });

  it("defaults to the browser's zone when offered, else Europe/Paris; filters zones as typed", () => {
    expect(defaultTimeZone(ZONES, 'America/New_York')).toBe('America/New_York');
    expect(defaultTimeZone(ZONES, 'Asia/Calcutta')).toBe('Europe/Paris');
    expect(defaultTimeZone(ZONES, null)).toBe('Europe/Paris');
    expect(filterTimeZones(ZONES, 'new york')).toEqual(['America/New_York']);
    expect(filterTimeZones(ZONES, ' ')).toEqual(ZONES);
  });
});
