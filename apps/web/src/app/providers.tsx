/**
 * Providers of the app: i18n, the session (current user from `GET /api/me`, actor, `hasAction`, logging-out flag;
 * SPEC §4 "Session"), TanStack Query and the notification viewport (loaded once idle after the first render).
 * Also wires the shared HTTP client to the session, the router and the language (SPEC §8).
 *
 * The login route needs neither TanStack Query nor the catalogues of the authenticated screens (ARCHITECTURE §6
 * budget): the current user lives in a store of its own (features/auth/api/get-me.ts), and the query client and the
 * shell catalogues are loaded once a session opens. Until both are there the session stays 'unknown' (the guards
 * show a loader), so that no authenticated screen renders without them. The query client's context is always
 * rendered (empty at first), so that providing the client does not remount the screens.
 */
import { type Action, type CurrentUser, LANGUAGES } from '@isoptera/contracts';
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getMeState, loadMe, type MeState, reloadMe, setMe, useMe } from '../features/auth/api/get-me';
import { configureHttpClient } from '../shared/api/http-client';
import { actorHasAction, actorOf } from '../shared/auth/actor';
import { type Session, SessionContext, type SessionStatus } from '../shared/auth/session';
import { changeLanguage, currentLanguage, i18n, loadShellCatalogues } from '../shared/i18n/i18n';
import { storeLanguage } from '../shared/i18n/languages';

/** sonner's viewport, off the start-up bundle: `notify()` calls made before it mounts are shown once it does. */
const NotificationViewport = lazy(async () => ({
  default: (await import('../shared/ui/notifications')).NotificationViewport,
}));

/** Runs `callback` once the browser is idle after the first render; returns the cancel function. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200);
  return () => window.clearTimeout(id);
}

/** Mounts the notification viewport once the browser is idle after the first render (or right away when asked). */
function DeferredNotificationViewport() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <NotificationViewport />
    </Suspense>
  ) : null;
}

/** The app's query client once loaded. */
let queryClient: QueryClient | undefined;
let queryClientLoad: Promise<QueryClient> | undefined;

/** Loads TanStack Query and creates the app's query client, once (a failed load may be tried again). */
export function loadQueryClient(): Promise<QueryClient> {
  if (!queryClientLoad) {
    const load = import('./query-client').then(({ createQueryClient }) => {
      queryClient ??= createQueryClient();
      return queryClient;
    });
    load.catch(() => {
      if (queryClientLoad === load) queryClientLoad = undefined;
    });
    queryClientLoad = load;
  }
  return queryClientLoad;
}

/** Whether a session is established, as the HTTP client needs it (unknown until `GET /api/me` answers). */
export function authStateOf({ user, failed }: Omit<MeState, 'actions'>): boolean | 'unknown' {
  if (user !== undefined) return user !== null;
  return failed ? false : 'unknown';
}

/** Forgets the session on the client: no current user, no cached data of the previous user. */
export function clearSession(): void {
  setMe(null);
  queryClient?.removeQueries();
}

/** Connects the HTTP client to the session, the router and the language (call once at start-up). */
export function wireHttpClient(navigate: (to: string) => void): void {
  configureHttpClient({
    getLanguage: currentLanguage,
    getAuthState: () => authStateOf(getMeState()),
    onLogout: () => {
      clearSession();
      navigate('/login');
    },
    navigate,
  });
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What the authenticated screens need on top of the start-up bundle: the query client and the shell catalogues,
 * loaded in parallel once a session opens. `ready` once both are loaded, then for good (a later login is immediate).
 */
function useShellResources(user: CurrentUser | null | undefined): { client: QueryClient | undefined; ready: boolean } {
  const [client, setClient] = useState(queryClient);
  const [ready, setReady] = useState(false);
  const hasUser = !!user;

  useEffect(() => {
    if (!hasUser || ready) return;
    let cancelled = false;
    // a query client that cannot be loaded lets the shell fail into the error screen, as a screen's chunk would
    void Promise.all([loadQueryClient().then(setClient, () => {}), loadShellCatalogues()]).then(() => {
      if (!cancelled) setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [hasUser, ready]);

  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);

  return { client, ready };
}

/** Provides the session decided by `GET /api/me` and applies the user's language (SPEC §9). */
function SessionProvider({ me, shellReady, children }: { me: MeState; shellReady: boolean; children: ReactNode }) {
  const [isLoggingOut, setLoggingOut] = useState(false);
  const { user, actions, failed } = me;
  const status: SessionStatus =
    user !== undefined
      ? user
        ? shellReady
          ? 'authenticated'
          : 'unknown'
        : 'anonymous'
      : failed
        ? 'anonymous'
        : 'unknown';
  const current = status === 'authenticated' ? (user ?? null) : null;

  // the stored setting (me.lang) applies unless the URL asks for a language (SPEC §9)
  useEffect(() => {
    if (!user) return;
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) return;
    storeLanguage(user.lang);
    void changeLanguage(user.lang);
  }, [user]);

  const reload = useCallback(async () => {
    await reloadMe();
  }, []);

  const session = useMemo<Session>(() => {
    // the rights are the server's answer (GET /api/me/rights), fetched and cached with the current user
    const actor = current ? actorOf(current, actions) : null;
    return {
      status,
      me: current,
      actor,
      hasAction: (action: Action) => actorHasAction(actor, action),
      timeZone: current?.timezone ?? browserTimeZone(),
      isLoggingOut,
      setLoggingOut,
      reloadMe: reload,
    };
  }, [status, current, actions, isLoggingOut, reload]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Every provider of the app around `children` (the router). */
export function AppProviders({ children }: { children: ReactNode }) {
  const me = useMe();
  const { client, ready } = useShellResources(me.user);
  // asked for at start-up (main.tsx); asked again here if that call failed before the first render
  useEffect(() => loadMe(), []);
  return (
    <QueryClientContext.Provider value={client}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider me={me} shellReady={ready}>
          {children}
          <DeferredNotificationViewport />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientContext.Provider>
  );
}
