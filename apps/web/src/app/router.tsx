/**
 * The route table of the SPA (SPEC §2.1, §2.2; ARCHITECTURE §3 rule 3): one entry per route with its spec name,
 * path and required action ('public', 'authenticated' or a named action of the contract). Screens are split per
 * route (React.lazy) and rendered through the guard; 'shell' routes show the layout when a session exists.
 */
import { ACTIONS } from '@isoptera/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { useSession } from '../shared/auth/session';
import type { OnDemandNamespace } from '../shared/i18n/on-demand-catalogue';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { baseRouteTarget, type RouteAction } from './guards';
import { ErrorPage, NotFoundPage } from './pages/error-page';
import { RootErrorBoundary } from './pages/root-error-boundary';
import { RootRoute } from './root-route';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';

/** Route names of SPEC §2 (those of this version of the app). */
export type RouteName =
  | 'Login'
  | 'TwoFactor'
  | 'RenewPassword'
  | 'EasyConnect'
  | 'TokenExpired'
  | 'Activation'
  | 'ValidateNewEmail'
  | 'UsersList'
  | 'UserAdd'
  | 'UserEdit'
  | 'DownloadApp'
  | 'CGU'
  | 'Privacy'
  | 'About'
  | 'Forum'
  | 'FAQ'
  | 'LegalNotice'
  | 'Tutorial'
  | 'BaseRoute'
  | 'Home'
  | 'Clients'
  | 'ClientImport'
  | 'Planning'
  | 'Reports'
  | 'Sites'
  | 'SiteDetail'
  | 'SiteLogs'
  | 'DealerList'
  | 'PCOList'
  | 'FleetHealth'
  | 'SpaceParameters'
  | 'ProductCatalogue'
  | 'ComponentTest'
  | 'Translations'
  | 'Error'
  | 'NotFound';

export interface AppRoute {
  name: RouteName;
  path: string;
  action: RouteAction;
  /** 'shell': inside the layout (sidebar, header) when logged in; 'bare': never (SPEC §2.3 hidden list). */
  layout: 'shell' | 'bare';
  /** `true` hides the header alone inside the shell (SPEC §2.3: the Translations screen). */
  hideHeader?: boolean;
  /** The screen; a lazy one has `preload()`, which starts fetching its code (see {@link preloadRoute}). */
  Component: ComponentType & { preload?: () => Promise<unknown> };
}

/**
 * A screen loaded on first use: `module[exportName]` of a dynamic import; `preload()` starts the import early. With
 * `texts`, the screen's namespace is loaded on demand (on-demand-catalogue.ts): it shows once its texts are there,
 * and they load again on a change of language. The wrapper is imported with the screen, so that the entry chunk
 * (the login route's budget) does not carry the i18n runtime.
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  exportName: keyof M,
  texts?: OnDemandNamespace,
): ComponentType & { preload: () => Promise<unknown> } {
  return Object.assign(
    lazy(async () => {
      const Screen = (await load())[exportName] as ComponentType;
      if (!texts) return { default: Screen };
      const { withOnDemandTexts } = await import('../shared/i18n/with-on-demand-texts');
      return { default: withOnDemandTexts(texts, Screen) };
    }),
    { preload: load },
  );
}

/** What a plain PCO member sees on BaseRoute: their role and what it allows (texts of the `users` namespace). */
const PlainMemberPage = lazyPage(() => import('./pages/plain-member-page'), 'PlainMemberPage', 'users');

/** BaseRoute: the redirect hub of SPEC §2.2; a plain PCO member stays and reads what their role allows. */
function BaseRedirect() {
  const { actor } = useSession();
  const target = baseRouteTarget(actor);
  if (target === null) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <PlainMemberPage />
      </Suspense>
    );
  }
  return <Navigate to={target} replace />;
}

/** `/2fa` → Login, keeping the default e-mail (`?email=`) and flagging the two-factor step (SPEC §2.1). */
function TwoFactorRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace state={{ twoFactor: true }} />;
}

/** Users screens: admin, dealer or PCO action (SPEC §2.2). */
const USERS_ACTIONS = [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION, ACTIONS.PCO_ACTION] as const;

/** Every route of the app. A test asserts that each non-public route declares an action. */
export const routeTable: readonly AppRoute[] = [
  {
    name: 'Login',
    path: '/login',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage'),
  },
  { name: 'TwoFactor', path: '/2fa', action: 'public', layout: 'bare', Component: TwoFactorRedirect },
  {
    name: 'RenewPassword',
    path: '/renew-password',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/renew-password-page'), 'RenewPasswordPage'),
  },
  {
    name: 'EasyConnect',
    path: '/easy-connect',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/easy-connect-page'), 'EasyConnectPage', 'easyConnect'),
  },
  {
    name: 'TokenExpired',
    path: '/token-expires',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/token-expired-page'), 'TokenExpiredPage', 'easyConnect'),
  },
  {
    name: 'Activation',
    path: '/activation',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/activation-page'), 'ActivationPage'),
  },
  {
    name: 'ValidateNewEmail',
    path: '/validate-new-email',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/auth/pages/validate-new-email-page'), 'ValidateNewEmailPage'),
  },
  {
    name: 'DownloadApp',
    path: '/download-app',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('./pages/download-app-page'), 'DownloadAppPage'),
  },
  {
    name: 'CGU',
    path: '/cgu',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/cgu-page'), 'CguPage'),
  },
  {
    name: 'Privacy',
    path: '/privacy',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/privacy-page'), 'PrivacyPage'),
  },
  {
    name: 'About',
    path: '/about',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/about-page'), 'AboutPage'),
  },
  {
    name: 'Forum',
    path: '/forum',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/forum-page'), 'ForumPage'),
  },
  {
    name: 'FAQ',
    path: '/faq',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/help-pages'), 'FaqPage'),
  },
  {
    name: 'LegalNotice',
    path: '/legal-notice',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/help-pages'), 'LegalNoticePage'),
  },
  {
    name: 'Tutorial',
    path: '/tutorial',
    action: 'public',
    layout: 'bare',
    Component: lazyPage(() => import('../features/legal/pages/help-pages'), 'TutorialPage'),
  },
  { name: 'BaseRoute', path: '/', action: 'authenticated', layout: 'shell', Component: BaseRedirect },
  {
    name: 'Home',
    path: '/home',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    // the home feature's page with the contracts' due visits composed in (app/pages/home-route.tsx)
    Component: lazyPage(() => import('./pages/home-route'), 'HomeRoute'),
  },
  {
    name: 'Clients',
    path: '/clients',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    // the clients feature's page with the contracts section composed into the details (app/pages/clients-route.tsx)
    Component: lazyPage(() => import('./pages/clients-route'), 'ClientsRoute', 'clients'),
  },
  {
    name: 'ClientImport',
    path: '/clients/import',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/client-import/pages/client-import-page'), 'ClientImportPage'),
  },
  {
    name: 'Planning',
    path: '/planning',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/planning/pages/planning-page'), 'PlanningPage', 'planning'),
  },
  {
    name: 'Reports',
    path: '/reports',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/reports'), 'ReportsPage'),
  },
  {
    name: 'Sites',
    path: '/sites',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/sites/pages/sites-page'), 'SitesPage', 'sites'),
  },
  {
    name: 'SiteDetail',
    path: '/sites/:siteUlid',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    // the sites feature's page with the equipment (and alerts) sections composed in (app/pages/site-detail-route.tsx)
    Component: lazyPage(() => import('./pages/site-detail-route'), 'SiteDetailRoute', 'sites'),
  },
  {
    name: 'SiteLogs',
    path: '/site_logs/:siteUlid',
    action: ACTIONS.PCO_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/alerts'), 'SiteLogsPage'),
  },
  {
    name: 'UsersList',
    path: '/users',
    action: USERS_ACTIONS,
    layout: 'shell',
    Component: lazyPage(() => import('../features/users/pages/users-page'), 'UsersPage', 'users'),
  },
  {
    name: 'UserAdd',
    path: '/users/add',
    action: USERS_ACTIONS,
    layout: 'shell',
    Component: lazyPage(() => import('../features/users/pages/user-add-page'), 'UserAddPage', 'users'),
  },
  {
    name: 'UserEdit',
    path: '/users/:userId/edit',
    action: USERS_ACTIONS,
    layout: 'shell',
    Component: lazyPage(() => import('../features/users/pages/user-edit-page'), 'UserEditPage', 'users'),
  },
  {
    name: 'DealerList',
    path: '/dealers',
    action: ACTIONS.ADMIN_ACTION,
    layout: 'shell',
    Component: lazyPage(() => import('../features/spaces/pages/spaces-page'), 'DealersPage', 'spaces'),
  },
  {
    name: 'PCOList',
    path: '/pcos',
    action: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION],
    layout: 'shell',
    Component: lazyPage(() => import('../features/spaces/pages/spaces-page'), 'PcosPage', 'spaces'),
  },
  {
    // the fleet health of the PCOs (issue 15 "The overview per space"): the overview of dealers and admins
    name: 'FleetHealth',
    path: '/fleet',
    action: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION],
    layout: 'shell',
    Component: lazyPage(
      () => import('../features/fleet/load-page').then((module) => module.loadFleetHealthPage()),
      'FleetHealthPage',
      'overview',
    ),
  },
  {
    name: 'SpaceParameters',
    path: '/space-parameters',
    action: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER],
    layout: 'shell',
    // the space-parameters feature's page with the automatic reports' card composed in (app/pages/space-parameters-route.tsx)
    Component: lazyPage(() => import('./pages/space-parameters-route'), 'SpaceParametersRoute', 'spaceParameters'),
  },
  {
    // the product catalogue of the space settings (issue 12): the PCO owner's, or anyone substituted into the PCO
    name: 'ProductCatalogue',
    path: '/space-parameters/products',
    action: [ACTIONS.PCO_OWNER],
    layout: 'shell',
    Component: lazyPage(() => import('../features/products/pages/products-page'), 'ProductsPage'),
  },
  {
    // the component test page (SPEC §2.2, issue 14): super admin only, in no menu
    name: 'ComponentTest',
    path: '/test',
    action: [ACTIONS.SUPER_ADMIN],
    layout: 'shell',
    Component: lazyPage(
      () => import('../features/component-test/pages/component-test-page'),
      'ComponentTestPage',
      'componentTest',
    ),
  },
  {
    // the translation tool (issue 14, SPEC §2.2 /translations: admin action; §2.3: the header is hidden there)
    name: 'Translations',
    path: '/translations',
    action: ACTIONS.ADMIN_ACTION,
    layout: 'shell',
    hideHeader: true,
    Component: lazyPage(
      () => import('../features/translations/load-page').then((module) => module.loadTranslationsPage()),
      'TranslationsPage',
      'translations',
    ),
  },
  { name: 'Error', path: '/error/:code', action: 'public', layout: 'shell', Component: ErrorPage },
  { name: 'NotFound', path: '*', action: 'public', layout: 'shell', Component: NotFoundPage },
];

/** The path of a named route, with its parameters filled in (`pathOf('SiteDetail', {siteUlid})`). */
export function pathOf(name: RouteName, params: Record<string, string> = {}): string {
  const route = routeTable.find((r) => r.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');

/**
 * Starts fetching the code of the screen at `pathname` — and of the shell for a shell route that needs a session —
 * at start-up, while the catalogues and the current user load (issue 11: the screen's chunk waited for both, one
 * round trip after the other). A later render of the lazy screen then finds its module loaded. Returns the route
 * preloaded, if any.
 */
export function preloadRoute(pathname: string, table: readonly AppRoute[] = routeTable): AppRoute | undefined {
  const route = table.find((r) => r.path !== '*' && matchPath(r.path, pathname));
  if (!route) return undefined;
  const loads = [route.Component.preload?.()];
  if (route.layout === 'shell' && route.action !== 'public') loads.push(AppLayout.preload());
  // a failed preload is retried by the render, which reports it
  for (const load of loads) load?.catch(() => undefined);
  return route;
}

/** Layout route: the shell for a logged-in (non-technician) user, the bare screen otherwise. */
function ShellRoute() {
  const { status, hasAction } = useSession();
  if (status === 'unknown') return <FullPageLoader />;
  if (status === 'anonymous' || hasAction(ACTIONS.PCO_TECHNICIAN)) {
    return (
      <main className="flex min-h-dvh flex-col bg-gray-100">
        <Outlet />
      </main>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout />
    </Suspense>
  );
}

function toRouteObject({ path, action, Component, name, hideHeader }: AppRoute): RouteObject {
  const handle: RouteHandle = { hideHeader: hideHeader === true };
  return {
    id: name,
    path,
    handle,
    element: (
      <RouteGuard action={action}>
        <Component />
      </RouteGuard>
    ),
  };
}

/** The react-router route objects built from `routeTable`. */
export function buildRoutes(table: readonly AppRoute[] = routeTable): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RootErrorBoundary />,
      children: [
        ...table.filter((r) => r.layout === 'bare').map(toRouteObject),
        {
          id: 'shell',
          element: <ShellRoute />,
          children: table.filter((r) => r.layout === 'shell').map(toRouteObject),
        },
      ],
    },
  ];
}

/** Creates the browser router of the app (data mode). */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
