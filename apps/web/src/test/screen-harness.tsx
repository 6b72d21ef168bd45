/**
 * What the screen tests of several features share: the PCO user `/api/me` answers, and a screen rendered inside an
 * authenticated session, a query client without retries, a memory router and the notifications, with the current
 * location shown for {@link locationText}.
 */
import type { CurrentUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { actorHasAction, actorOf } from '../shared/auth/actor';
import { SessionContext } from '../shared/auth/session';
import { NotificationViewport } from '../shared/ui/notifications';

/** The owner of PCO "Termites Services Lyon" as `/api/me` answers them, with `overrides`. */
export function pcoUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    '@id': '/api/me',
    '@type': 'CurrentUser',
    ulid: 'ME',
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille@example.fr',
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
    pco: { '@id': '/api/pcos/P1', '@type': 'Pco', ulid: 'P1', name: 'Termites Services Lyon', logo: null },
    connected_on_pco: null,
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders `element` at `path` (its route being `routePath`) in `me`'s session, whose actions are those of `me`'s
 * role; answers the query client, the router and the render result.
 */
export function renderInSession(
  element: ReactNode,
  { me, path = '/', routePath = '*' }: { me: CurrentUser; path?: string; routePath?: string },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        element: (
          <>
            {element}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const actor = actorOf(me);
  const view = render(
    <SessionContext.Provider
      value={{
        status: 'authenticated',
        me,
        actor,
        hasAction: (action) => actorHasAction(actor, action),
        timeZone: me.timezone,
        isLoggingOut: false,
        setLoggingOut: () => {},
        reloadMe: async () => {},
      }}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return { queryClient, router, view };
}

/** The path and query of the current location ('' before the router rendered). */
export const locationText = () => screen.getByTestId('location').textContent ?? '';
