/**
 * Test helpers of the dealer / PCO screens (component tests only): a managed space factory, the current user of an
 * admin or a dealer, and a renderer mounting a screen under its route with its session, TanStack Query and the
 * notifications viewport.
 */
import type { CurrentUser, ManagedSpace, ManagedSpaceOf } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { actorOf } from '../../shared/auth/actor';
import { SessionContext } from '../../shared/auth/session';
import { NotificationViewport } from '../../shared/ui/notifications';

const LYON_ADDRESS = {
  label: '3 rue Mercière, 69002 Lyon',
  street: '3 rue Mercière',
  postal_code: '69002',
  city: 'Lyon',
  country: 'France',
  latitude: '45.762',
  longitude: '4.833',
};

/** A PCO with an address in Lyon and an active owner. */
export function managedPco(ulid: string, name: string, extra: Partial<ManagedSpaceOf<'pco'>> = {}): ManagedSpace {
  return {
    '@id': `/api/pcos/${ulid}`,
    '@type': 'Pco',
    ulid,
    type: 'pco',
    name,
    address: LYON_ADDRESS,
    logo: null,
    owner_email: `owner@${ulid.toLowerCase()}.fr`,
    owner_invited: false,
    erp_client_id: null,
    erp_order_id: null,
    dealer: null,
    last_login_at: null,
    created_at: '2026-01-05T10:00:00+01:00',
    ...extra,
  };
}

/** A dealer with an address in Lyon and an active owner. */
export function managedDealer(ulid: string, name: string, extra: Partial<ManagedSpaceOf<'dealer'>> = {}): ManagedSpace {
  return { ...managedPco(ulid, name), '@id': `/api/dealers/${ulid}`, '@type': 'Dealer', type: 'dealer', ...extra };
}

/** The reference to a dealer a PCO embeds. */
export const dealerReference = (ulid: string, name: string) => ({
  '@id': `/api/dealers/${ulid}`,
  '@type': 'Dealer' as const,
  ulid,
  name,
});

/** The current user of an admin (default) or of a dealer owner. */
export function currentUserOf(type: 'admin' | 'dealer'): CurrentUser {
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
    user_type: type,
    role: type === 'admin' ? 'ROLE_ADMIN_SPACE_ADMIN' : 'ROLE_DEALER_SPACE_OWNER',
    color: null,
    disabled_at: null,
    last_invited_at: null,
    have_user_admin_space: type === 'admin',
    have_user_dealer_space: type === 'dealer',
    have_user_pco_space: false,
    space_names: { admin: null, dealer: null, pco: null },
    dealer:
      type === 'dealer'
        ? { '@id': '/api/dealers/D0', '@type': 'Dealer', ulid: 'D0', name: 'Isoptera Sud', logo: null }
        : null,
    connected_on_dealer: null,
    pco: null,
    connected_on_pco: null,
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `element` at `path` (its route being `routePath`) for `me`. */
export function renderScreen(path: string, routePath: string, element: ReactNode, me: CurrentUser) {
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
  render(
    <SessionContext.Provider
      value={{
        status: 'authenticated',
        me,
        actor: actorOf(me),
        hasAction: () => true,
        timeZone: me.timezone,
        isLoggingOut: false,
        setLoggingOut: () => {},
        reloadMe: async () => {},
      }}
    >
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
