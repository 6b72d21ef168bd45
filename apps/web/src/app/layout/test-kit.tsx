/**
 * Test helper of the layout pieces (component tests only): renders an element at a path of a memory router, for a
 * current user, with TanStack Query and the notifications viewport; gives the `reloadMe` spy and the current path.
 */
import type { CurrentUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { actorHasAction, actorOf } from '../../shared/auth/actor';
import { SessionContext } from '../../shared/auth/session';
import { NotificationViewport } from '../../shared/ui/notifications';

/** Renders `element` on every path, starting at `path`, for `me`. */
export function renderWithSession(element: ReactNode, me: CurrentUser, path = '/') {
  const reloadMe = vi.fn(async () => {});
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const actor = actorOf(me);
  render(
    <SessionContext.Provider
      value={{
        status: 'authenticated',
        me,
        actor,
        hasAction: (action) => actorHasAction(actor, action),
        timeZone: me.timezone,
        isLoggingOut: false,
        setLoggingOut: () => {},
        reloadMe,
      }}
    >
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
        <NotificationViewport />
      </QueryClientProvider>
    </SessionContext.Provider>,
  );
  return { reloadMe, router, location: () => router.state.location.pathname };
}
