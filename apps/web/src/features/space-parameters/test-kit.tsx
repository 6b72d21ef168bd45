/**
 * Test helpers of the space settings screen (component tests only): the settings of a PCO, audit events, the current
 * user of a PCO owner or of an admin substituted into the PCO, and a renderer mounting the screen under its route with
 * its session (recording `reloadMe` and the logging-out flag), TanStack Query and the notifications viewport.
 */
import type { AuditEvent, CurrentUser, SpaceParameters } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { actorOf } from '../../shared/auth/actor';
import { SessionContext } from '../../shared/auth/session';
import { NotificationViewport } from '../../shared/ui/notifications';
import { pcoUser } from '../../test/screen-harness';

export const PCO_ULID = '01JP0000000000000000000001';

/** Termites Services Lyon with an address in Lyon, no logo, and two members who could take ownership. */
export function spaceSettings(extra: Partial<SpaceParameters> = {}): SpaceParameters {
  return {
    '@id': '/api/space_parameters',
    '@type': 'SpaceParameters',
    ulid: PCO_ULID,
    type: 'pco',
    name: 'Termites Services Lyon',
    address: {
      label: '3 rue Mercière, 69002 Lyon',
      street: '3 rue Mercière',
      postal_code: '69002',
      city: 'Lyon',
      country: 'France',
      latitude: '45.762',
      longitude: '4.833',
    },
    logo: null,
    referral_reseller: 'Isoptera Sud',
    transfer_candidates: [
      {
        '@id': '/api/user_pcos/M1',
        '@type': 'User',
        ulid: 'M1',
        firstname: 'Léa',
        lastname: 'Bernard',
        email: 'lea@tsl.fr',
      },
      {
        '@id': '/api/user_pcos/M2',
        '@type': 'User',
        ulid: 'M2',
        firstname: 'Hugo',
        lastname: 'Petit',
        email: 'hugo@tsl.fr',
      },
    ],
    ...extra,
  };
}

/** An audit event recorded under substitution (`changes`: the body sent). */
export function auditEvent(
  ulid: string,
  action: string,
  changes: unknown,
  extra: Partial<AuditEvent> = {},
): AuditEvent {
  return {
    '@id': `/api/audit_events/${ulid}`,
    '@type': 'AuditEvent',
    ulid,
    actor: 'Alice Admin <alice@isoptera.example>',
    actor_type: 'admin',
    action,
    entity_type: null,
    entity_id: null,
    changes,
    created_at: '2026-03-05T14:30:00+01:00',
    ...extra,
  };
}

/** The owner of the PCO (default), or an admin substituted into it (`substituting`). */
export function currentUserOf(kind: 'owner' | 'substituting'): CurrentUser {
  const pco = {
    '@id': `/api/pcos/${PCO_ULID}`,
    '@type': 'Pco' as const,
    ulid: PCO_ULID,
    name: 'Termites Services Lyon',
    logo: null,
  };
  if (kind === 'owner') return pcoUser({ pco });
  return pcoUser({ have_user_admin_space: true, have_user_pco_space: false, pco: null, connected_on_pco: pco });
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** What the screen asked of the session. */
export interface SessionCalls {
  reloadMe: number;
  /** Every value given to `setLoggingOut`, in order. */
  loggingOut: boolean[];
}

/** Renders `element` at `/space-parameters` for `me`; `/` and `/login` render only the location. */
export function renderScreen(element: ReactNode, me: CurrentUser): { calls: SessionCalls } {
  const calls: SessionCalls = { reloadMe: 0, loggingOut: [] };
  const withLocation = (node: ReactNode) => (
    <>
      {node}
      <Location />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/space-parameters', element: withLocation(element) },
      { path: '/', element: withLocation(null) },
      { path: '/login', element: withLocation(null) },
    ],
    { initialEntries: ['/space-parameters'] },
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
        setLoggingOut: (value) => calls.loggingOut.push(value),
        reloadMe: async () => {
          calls.reloadMe += 1;
        },
      }}
    >
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return { calls };
}

/** The path and query of the current location. */
export const locationText = () => screen.getByTestId('location').textContent;
