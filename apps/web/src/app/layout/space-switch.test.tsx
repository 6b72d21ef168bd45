/**
 * Space selector and substitution exit against a real HTTP server (SPEC §2.3, §4 "Space change", "Substitution
 * exit"): when the selector shows, the change request and its 'changing space' state, the leave call per user type
 * and space, and the common ending (current user reloaded, BaseRoute, page reload).
 */
import type { CurrentUser } from '@isoptera/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../shared/api/http-client';
import { dismissNotification } from '../../shared/ui/notifications';
import { sendJson, sendProblem, startTestServer, type TestServer } from '../../test/test-server';
import { SpaceSelector } from './space-selector';
import { availableSpaces, leavePath, showsSpaceSelector } from './space-switch';
import { SubstitutionBanner } from './substitution-banner';
import { renderWithSession } from './test-kit';

const KYOTO = { '@id': '/api/pcos/P1', '@type': 'Pco' as const, ulid: 'P1', name: 'Kyoto Termites', logo: null };
const OSAKA = {
  '@id': '/api/dealers/D1',
  '@type': 'Dealer' as const,
  ulid: 'D1',
  name: 'Osaka Distribution',
  logo: null,
};

function user(extra: Partial<CurrentUser> = {}): CurrentUser {
  return {
    '@id': '/api/me',
    '@type': 'CurrentUser',
    ulid: 'ME',
    firstname: 'Camille',
    lastname: 'Girard',
    email: 'multi@demo.example',
    lang: 'en',
    timezone: 'Europe/Paris',
    mail_notification: true,
    user_type: 'pco',
    role: 'ROLE_PCO_SPACE_MANAGER',
    color: null,
    disabled_at: null,
    last_invited_at: null,
    have_user_admin_space: false,
    have_user_dealer_space: true,
    have_user_pco_space: true,
    space_names: { admin: null, dealer: 'Termi Négoce Atlantique', pco: KYOTO.name },
    dealer: null,
    connected_on_dealer: null,
    pco: KYOTO,
    connected_on_pco: null,
    ...extra,
  };
}
/** An admin; `substituting` gives the current user the server answers during a substitution into that space. */
const admin = (extra: Partial<CurrentUser> = {}) =>
  user({
    user_type: 'admin',
    role: 'ROLE_ADMIN_SPACE_ADMIN',
    have_user_admin_space: true,
    have_user_dealer_space: false,
    have_user_pco_space: false,
    space_names: { admin: null, dealer: null, pco: null },
    pco: null,
    ...extra,
  });
/** As `GET /api/me` answers on substitution: the entered space's type and the owner role, the own spaces kept. */
const substituting = (own: CurrentUser, into: { pco?: typeof KYOTO; dealer?: typeof OSAKA }): CurrentUser => ({
  ...own,
  user_type: into.pco ? 'pco' : 'dealer',
  role: into.pco ? 'ROLE_PCO_SPACE_OWNER' : 'ROLE_DEALER_SPACE_OWNER',
  connected_on_pco: into.pco ?? null,
  connected_on_dealer: into.dealer ?? null,
});
/** A dealer owner: `dealer` is the own dealer space, as `GET /api/me` answers it. */
const dealerOwner = () =>
  user({ user_type: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER', dealer: { ...OSAKA, ulid: 'D0' }, pco: null });

let server: TestServer;
/** Status of the next change or leave answer, and a gate holding it back while the test looks at the pending state. */
let status: number;
let gate: Promise<void>;
let open: () => void;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeAll(async () => {
  server = await startTestServer(async (_request, response) => {
    await gate;
    if (status >= 400) sendProblem(response, status, 'space_not_allowed');
    else sendJson(response, status, null);
  });
  configureHttpClient({ baseUrl: server.url });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  status = 204;
  gate = Promise.resolve();
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});
afterEach(() => {
  vi.restoreAllMocks();
  dismissNotification();
});

describe('which spaces and which leave call', () => {
  it('lists the held spaces in admin, dealer, PCO order; the selector needs two and no substitution', () => {
    expect(availableSpaces(user())).toEqual(['dealer', 'pco']);
    expect(showsSpaceSelector(user())).toBe(true);
    expect(showsSpaceSelector(user({ have_user_dealer_space: false }))).toBe(false);
    expect(showsSpaceSelector(substituting(admin({ have_user_pco_space: true }), { pco: KYOTO }))).toBe(false);
    expect(showsSpaceSelector(null)).toBe(false);
  });

  it('leaves a PCO or a dealer with the call of the user own type', () => {
    expect(leavePath(substituting(admin(), { pco: KYOTO }))).toBe('/api/user_admins/disconnect-on-pco');
    expect(leavePath(substituting(admin(), { dealer: OSAKA }))).toBe('/api/user_admins/disconnect-on-dealer');
    expect(leavePath(substituting(dealerOwner(), { pco: KYOTO }))).toBe('/api/user_dealers/disconnect-on-pco');
    expect(leavePath(user())).toBeNull();
  });
});

describe('SpaceSelector', () => {
  it('sends the change, shows "changing space" disabled meanwhile, then reloads the user and the page on /', async () => {
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const { reloadMe, location } = renderWithSession(<SpaceSelector />, user(), '/clients');
    const trigger = screen.getByRole('button', { name: /Workspace/ });
    // each space by its name, then its type
    expect(trigger.textContent).toContain('Kyoto Termites · Pest-control operator');
    fireEvent.click(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Termi Négoce Atlantique · Dealer', 'Kyoto Termites · Pest-control operator']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Termi Négoce Atlantique · Dealer' }));

    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toMatchObject({ method: 'PUT', url: '/api/me/change-space' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ space: 'dealer' });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Workspace/ }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(screen.getByRole('button', { name: /Workspace/ }).textContent).toContain('Changing space…');

    open();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reloadMe).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });

  it('does nothing when the current space is chosen again', async () => {
    renderWithSession(<SpaceSelector />, user(), '/clients');
    fireEvent.click(screen.getByRole('button', { name: /Workspace/ }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Kyoto Termites · Pest-control operator',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);
  });

  it('tells a refused change and stays where it is', async () => {
    status = 409;
    const { reloadMe, location } = renderWithSession(<SpaceSelector />, user(), '/clients');
    fireEvent.click(screen.getByRole('button', { name: /Workspace/ }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Termi Négoce Atlantique · Dealer' }),
    );
    expect(await screen.findByText('The space could not be changed')).toBeTruthy();
    expect(reloadMe).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(location()).toBe('/clients');
    expect((screen.getByRole('button', { name: /Workspace/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is absent with a single space or during substitution', () => {
    renderWithSession(<SpaceSelector />, substituting(admin({ have_user_pco_space: true }), { pco: KYOTO }), '/home');
    expect(screen.queryByRole('button', { name: /Workspace/ })).toBeNull();
  });
});

describe('SubstitutionBanner', () => {
  it('names the space entered; leaving asks first, then calls the leave path and restarts on /', async () => {
    const { reloadMe, location } = renderWithSession(
      <SubstitutionBanner />,
      substituting(admin(), { pco: KYOTO }),
      '/sites',
    );
    expect(screen.getByRole('status').textContent).toContain('you are acting as the owner of “Kyoto Termites”');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Leave Kyoto Termites?');
    expect(server.requests).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the space' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/user_admins/disconnect-on-pco']);
    expect(reloadMe).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/');
  });

  it('cancel keeps the substitution', async () => {
    renderWithSession(<SubstitutionBanner />, substituting(admin(), { dealer: OSAKA }), '/pcos');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests).toHaveLength(0);
  });

  it('is absent outside substitution', () => {
    renderWithSession(<SubstitutionBanner />, admin(), '/dealers');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
