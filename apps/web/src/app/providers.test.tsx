/**
 * The session of the app without TanStack Query on the login route (ARCHITECTURE §6): 'unknown' until the query
 * client and the shell catalogues are loaded for a logged-in user, then 'authenticated'; no query client without a
 * user; the screens are not remounted when the client arrives; logging out forgets the user and the cached data.
 */
import { ACTIONS, type Action, type CurrentUser } from '@isoptera/contracts';
import { QueryClientContext } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useContext, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { getMeState, setMe } from '../features/auth/api/get-me';
import { useSession } from '../shared/auth/session';
import { i18n } from '../shared/i18n/i18n';
import { AppProviders, authStateOf, clearSession, loadQueryClient } from './providers';

const user: CurrentUser = {
  '@id': '/api/me',
  '@type': 'CurrentUser',
  ulid: '01J00000000000000000000000',
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'camille@example.com',
  lang: 'en',
  timezone: 'Europe/Paris',
  mail_notification: true,
  user_type: 'pco',
  role: 'ROLE_PCO_SPACE_OWNER',
  color: null,
  disabled_at: null,
  last_invited_at: null,
  have_user_admin_space: false,
  have_user_dealer_space: false,
  have_user_pco_space: true,
  space_names: { admin: null, dealer: null, pco: null },
  dealer: null,
  connected_on_dealer: null,
  pco: { '@id': '/api/pcos/1', '@type': 'Pco', ulid: '1', name: 'Termites Services Lyon', logo: null },
  connected_on_pco: null,
};

let mounts = 0;

/** Shows the session status, whether a query client is provided, and which mount of itself this is. */
function Probe() {
  const { status, me } = useSession();
  const client = useContext(QueryClientContext);
  const [mount] = useState(() => ++mounts);
  return (
    <p data-testid="probe">
      {status}|{me ? me.firstname : '-'}|{client ? 'client' : 'none'}|{mount}
    </p>
  );
}

const probe = () => screen.getByTestId('probe').textContent;

describe('AppProviders', () => {
  it('is anonymous without a user, and loads no query client for it', async () => {
    mounts = 0;
    setMe(null);
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(probe()).toBe('anonymous|-|none|1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probe()).toBe('anonymous|-|none|1');
  });

  it("stays 'unknown' for a user until the query client and the shell catalogues are loaded", async () => {
    mounts = 0;
    setMe(user);
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(probe()).toBe('unknown|-|none|1');
    // the client arrives without remounting the screens (still the first mount)
    await waitFor(() => expect(probe()).toBe('authenticated|Camille|client|1'));
    expect(i18n.hasResourceBundle(i18n.language, 'clients')).toBe(true);
    expect(getMeState().user).toBe(user);
  });

  it('forgets the user and the cached data of the previous session', async () => {
    const client = await loadQueryClient();
    client.setQueryData(['clients'], ['cached']);
    setMe(user);
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    await waitFor(() => expect(probe()).toMatch(/^authenticated\|/));
    act(() => clearSession());
    expect(probe()).toMatch(/^anonymous\|-\|client\|/);
    expect(client.getQueryData(['clients'])).toBeUndefined();
  });

  it('grants the actions the server answered (GET /api/me/rights), not what the role would suggest', async () => {
    let hasAction: ((action: Action) => boolean) | undefined;
    function Rights() {
      hasAction = useSession().hasAction;
      return null;
    }
    // an owner whose rights the server narrowed: the app follows the server
    setMe(user, [ACTIONS.PCO_ACTION]);
    render(
      <AppProviders>
        <Probe />
        <Rights />
      </AppProviders>,
    );
    await waitFor(() => expect(probe()).toMatch(/^authenticated\|/));
    expect(hasAction?.(ACTIONS.PCO_ACTION)).toBe(true);
    expect(hasAction?.(ACTIONS.PCO_OWNER)).toBe(false);
    act(() => setMe(null));
    expect(getMeState().actions).toEqual([]);
  });

  it('tells the HTTP client whether a session is established', () => {
    expect(authStateOf({ user: undefined, failed: false, loading: true })).toBe('unknown');
    expect(authStateOf({ user: undefined, failed: true, loading: false })).toBe(false);
    expect(authStateOf({ user: null, failed: false, loading: false })).toBe(false);
    expect(authStateOf({ user, failed: true, loading: false })).toBe(true);
  });
});
