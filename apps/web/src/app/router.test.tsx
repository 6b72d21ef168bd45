/** The route table and the guard rules of SPEC §2.2. */
import { ACTIONS, type CurrentUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Actor, actorHasAction, actorOf } from '../shared/auth/actor';
import { type Session, SessionContext } from '../shared/auth/session';
import { baseRouteTarget, decideAccess } from './guards';
import { type AppRoute, buildRoutes, pathOf, preloadRoute, routeTable } from './router';

function me(overrides: Partial<CurrentUser>): CurrentUser {
  return {
    '@id': '/api/me',
    '@type': 'CurrentUser',
    ulid: '01J00000000000000000000000',
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille@example.com',
    lang: 'fr',
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
    ...overrides,
  };
}

const owner = actorOf(me({}));
const manager = actorOf(me({ role: 'ROLE_PCO_SPACE_MANAGER' }));
const technician = actorOf(me({ role: 'ROLE_PCO_SPACE_TECHNICIAN' }));
const pcoUser = actorOf(me({ role: 'ROLE_PCO_SPACE_USER' }));
const admin = actorOf(me({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_ADMIN', pco: null }));
const dealer = actorOf(me({ user_type: 'dealer', role: 'ROLE_DEALER_SPACE_USER', pco: null }));

describe('route table', () => {
  it('declares an action on every non-public route, from the contract or "authenticated"', () => {
    const allowed = new Set<string>([...Object.values(ACTIONS), 'authenticated']);
    for (const route of routeTable.filter((r) => r.action !== 'public')) {
      const actions = typeof route.action === 'string' ? [route.action] : route.action;
      expect(actions.length, `${route.name} declares an action`).toBeGreaterThan(0);
      for (const action of actions) expect(allowed.has(action), `${route.name} declares "${action}"`).toBe(true);
    }
  });

  it('has unique names and paths, with the spec names of this issue', () => {
    expect(new Set(routeTable.map((r) => r.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    for (const name of [
      'Login',
      'BaseRoute',
      'Home',
      'Clients',
      'Planning',
      'Reports',
      'Sites',
      'SiteDetail',
      'DownloadApp',
      'Error',
    ] as const) {
      expect(
        routeTable.some((r) => r.name === name),
        name,
      ).toBe(true);
    }
  });

  it('protects the PCO screens with the PCO action and keeps Login, 2FA and DownloadApp public', () => {
    const byName = Object.fromEntries(routeTable.map((r) => [r.name, r]));
    for (const name of ['Home', 'Clients', 'Planning', 'Reports', 'Sites', 'SiteDetail'])
      expect(byName[name]?.action).toBe(ACTIONS.PCO_ACTION);
    for (const name of ['Login', 'TwoFactor', 'DownloadApp']) expect(byName[name]?.action).toBe('public');
    expect(byName.BaseRoute?.action).toBe('authenticated');
    expect(pathOf('SiteDetail', { siteUlid: '01ABC' })).toBe('/sites/01ABC');
  });
});

describe('guards (SPEC §2.2)', () => {
  it('sends an unauthenticated user to Login and waits while the session is unknown', () => {
    expect(decideAccess(ACTIONS.PCO_ACTION, 'anonymous', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess('authenticated', 'anonymous', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(ACTIONS.PCO_ACTION, 'unknown', null)).toEqual({ kind: 'wait' });
    expect(decideAccess('public', 'anonymous', null)).toEqual({ kind: 'allow' });
  });

  it('sends a technician to DownloadApp, whatever the route', () => {
    expect(decideAccess(ACTIONS.PCO_ACTION, 'authenticated', technician)).toEqual({
      kind: 'redirect',
      to: '/download-app',
    });
    expect(decideAccess('authenticated', 'authenticated', technician)).toEqual({
      kind: 'redirect',
      to: '/download-app',
    });
  });

  it('answers 403 to a user lacking the action', () => {
    expect(decideAccess(ACTIONS.PCO_ACTION, 'authenticated', admin)).toEqual({ kind: 'redirect', to: '/error/403' });
    expect(decideAccess(ACTIONS.PCO_ACTION, 'authenticated', pcoUser)).toEqual({ kind: 'redirect', to: '/error/403' });
    expect(decideAccess(ACTIONS.PCO_ACTION, 'authenticated', owner)).toEqual({ kind: 'allow' });
    expect(decideAccess(ACTIONS.PCO_ACTION, 'authenticated', manager)).toEqual({ kind: 'allow' });
  });

  it('opens /test to a super admin only, and decides by the actions the server granted, not by the role', () => {
    const test = routeTable.find((r) => r.path === '/test');
    expect(test?.action).toEqual([ACTIONS.SUPER_ADMIN]);
    const action = test?.action ?? 'public';
    const superAdmin = actorOf(me({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN', pco: null }), [
      ACTIONS.SUPER_ADMIN,
      ACTIONS.ADMIN_ACTION,
    ]);
    expect(decideAccess(action, 'authenticated', superAdmin)).toEqual({ kind: 'allow' });
    for (const other of [admin, dealer, owner, manager]) {
      expect(decideAccess(action, 'authenticated', other)).toEqual({ kind: 'redirect', to: '/error/403' });
    }
    // the same role without the server's grant gets 403: the role itself is never read
    const narrowed = actorOf(me({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN', pco: null }), []);
    expect(decideAccess(action, 'authenticated', narrowed)).toEqual({ kind: 'redirect', to: '/error/403' });
  });

  it('routes BaseRoute by space: admin → /dealers, dealer → /pcos, PCO → /home, plain PCO member stays, others → 403', () => {
    expect(baseRouteTarget(admin)).toBe('/dealers');
    expect(baseRouteTarget(dealer)).toBe('/pcos');
    expect(baseRouteTarget(owner)).toBe('/home');
    expect(baseRouteTarget(manager)).toBe('/home');
    expect(baseRouteTarget(pcoUser)).toBeNull();
    expect(baseRouteTarget(actorOf(me({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_USER', pco: null })))).toBe(
      '/error/403',
    );
    expect(baseRouteTarget(null)).toBe('/error/403');
  });

  it('makes a substituting admin the owner of the PCO space (SPEC §1)', () => {
    const substituting: Actor = actorOf(
      me({
        user_type: 'admin',
        role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN',
        pco: null,
        connected_on_pco: { '@id': '/api/pcos/2', '@type': 'Pco', ulid: '2', name: 'Kyoto Termite', logo: null },
      }),
    );
    expect(substituting).toMatchObject({ userType: 'pco', role: 'ROLE_PCO_SPACE_OWNER', isSubstituting: true });
    expect(actorHasAction(substituting, ACTIONS.PCO_OWNER)).toBe(true);
    expect(baseRouteTarget(substituting)).toBe('/home');
  });
});

function session(user: CurrentUser | null): Session {
  const actor = user ? actorOf(user) : null;
  return {
    status: user ? 'authenticated' : 'anonymous',
    me: user,
    actor,
    hasAction: (action) => actorHasAction(actor, action),
    timeZone: 'Europe/Paris',
    isLoggingOut: false,
    setLoggingOut: () => {},
    reloadMe: async () => {},
  };
}

/** Renders the real route tree at `path` for a session; the layout and screens are the real (lazy) ones. */
function renderAt(path: string, user: CurrentUser | null) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext.Provider value={session(user)}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('guarded navigation through the real route tree', () => {
  it('redirects an anonymous visitor of /clients to /login', async () => {
    const router = renderAt('/clients', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects a technician to /download-app', async () => {
    const router = renderAt('/home', me({ role: 'ROLE_PCO_SPACE_TECHNICIAN' }));
    expect(await screen.findByRole('heading', { name: 'Continue on the mobile app' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/download-app');
  });

  it('shows error 403 to an admin on a PCO screen', async () => {
    const router = renderAt('/sites', me({ user_type: 'admin', role: 'ROLE_ADMIN_SPACE_ADMIN', pco: null }));
    expect(await screen.findByText('You do not have the rights to access this resource.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/403');
  });

  it('sends a PCO owner from / to /home inside the layout', async () => {
    const router = renderAt('/', me({}));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('shows a plain PCO member what the role allows on /, with one menu entry, and the 403 page leads back there', async () => {
    const router = renderAt('/error/403', me({ role: 'ROLE_PCO_SPACE_USER' }));
    const back = await screen.findByRole('link', { name: 'Back to home' });
    back.click();
    expect(await screen.findByRole('heading', { name: 'Welcome to Termites Services Lyon', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(/Your role in this space is “User”/)).toBeTruthy();
    expect(screen.getByText(/can give you the role “Manager” .* or “Technician”/)).toBeTruthy();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Overview', '/'],
    ]);
    // its one action opens the profile panel of the header
    screen.getByRole('button', { name: 'My profile' }).click();
    expect(await screen.findByRole('dialog', { name: 'My profile' })).toBeTruthy();
  });

  it('shows error 404 on an unknown path', async () => {
    renderAt('/nothing/here', null);
    expect(await screen.findByText('The resource cannot be found.')).toBeTruthy();
  });
});

describe("preloadRoute (issue 11: the screen's code loads with the session and the catalogues)", () => {
  it('starts loading the screen of the path at once, once', () => {
    const loads: string[] = [];
    const screen = (name: string) =>
      Object.assign(() => null, {
        preload: async () => {
          loads.push(name);
        },
      });
    const table: AppRoute[] = [
      { name: 'Login', path: '/login', action: 'public', layout: 'bare', Component: screen('login') },
      { name: 'SiteDetail', path: '/sites/:siteUlid', action: 'public', layout: 'shell', Component: screen('site') },
      { name: 'NotFound', path: '*', action: 'public', layout: 'shell', Component: screen('not-found') },
    ];
    expect(preloadRoute('/sites/01J00000000000000000000000', table)?.name).toBe('SiteDetail');
    expect(preloadRoute('/login', table)?.name).toBe('Login');
    expect(preloadRoute('/nowhere', table)).toBeUndefined();
    expect(loads).toEqual(['site', 'login']);
  });

  it('knows the lazy screens of the real table', () => {
    for (const path of ['/login', '/home', '/sites', '/planning', '/clients']) {
      expect(preloadRoute(path)?.Component.preload, path).toBeTypeOf('function');
    }
  });
});
