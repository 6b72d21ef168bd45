/** The root route: connects React Aria links and menus to the router (client-side navigation for `href`s). */
import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { type NavigateOptions, Outlet, useHref, useNavigate } from 'react-router';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Provides React Aria with the router's `navigate` and `useHref`. */
export function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      {children}
    </AriaRouterProvider>
  );
}

/** Element of the root route. */
export function RootRoute() {
  return (
    <AriaRouting>
      <Outlet />
    </AriaRouting>
  );
}
