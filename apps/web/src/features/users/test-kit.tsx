/**
 * Test helpers of the users screens (component tests only): a member factory, a session for an actor, and a renderer
 * mounting a screen under its route with TanStack Query, the notifications viewport and a location probe.
 */
import { type CurrentUser, type SpaceUser, spaceUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { actorOf } from '../../shared/auth/actor';
import { type Session, SessionContext } from '../../shared/auth/session';
import { NotificationViewport } from '../../shared/ui/notifications';
import { pcoUser } from '../../test/screen-harness';

/** A member of the space (active PCO technician by default), checked by the contract's `SpaceUser` schema. */
export function member(ulid: string, firstname: string, lastname: string, extra: Partial<SpaceUser> = {}): SpaceUser {
  return spaceUser.parse({
    '@id': `/api/user_pcos/${ulid}`,
    '@type': 'User',
    ulid,
    firstname,
    lastname,
    email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.fr`,
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    status: 'active',
    color: '#15803d',
    avatar: null,
    lang: 'fr',
    timezone: 'Europe/Paris',
    disabled_at: null,
    last_invited_at: null,
    last_login_at: '2026-03-02T08:15:00+01:00',
    licence_number: null,
    nb_referent_site: 0,
    ...extra,
  });
}

/** The current user `/api/me` would answer (a PCO owner by default). */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return pcoUser(overrides);
}

/** An authenticated session for `me`. */
export function sessionOf(me: CurrentUser): Session {
  const actor = actorOf(me);
  return {
    status: 'authenticated',
    me,
    actor,
    hasAction: () => true,
    timeZone: me.timezone,
    isLoggingOut: false,
    setLoggingOut: () => {},
    reloadMe: async () => {},
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders the users routes at `path` for `me`; other paths show only the location probe. */
export function renderUsers(path: string, routes: Record<string, ReactNode>, me: CurrentUser = currentUser()) {
  const router = createMemoryRouter(
    [
      ...Object.entries(routes).map(([routePath, element]) => ({
        path: routePath,
        element: (
          <>
            {element}
            <Location />
          </>
        ),
      })),
      { path: '*', element: <Location /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext.Provider value={sessionOf(me)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return router;
}

/** The path and query of the current location. */
export const locationText = () => screen.getByTestId('location').textContent;
