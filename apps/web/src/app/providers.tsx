/**
 * Providers of the app: TanStack Query, i18n, the session (current user from `GET /api/me`, actor, `hasAction`,
 * logging-out flag; SPEC §4 "Session") and the notification viewport (loaded once idle after the first render).
 * Also wires the shared HTTP client to the session, the router and the language (SPEC §8).
 */
import { type Action, type CurrentUser, LANGUAGES } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getMeQueryOptions, meQueryKey, useMe } from '../features/auth/api/get-me';
import { configureHttpClient } from '../shared/api/http-client';
import { actorHasAction, actorOf } from '../shared/auth/actor';
import { type Session, SessionContext, type SessionStatus } from '../shared/auth/session';
import { changeLanguage, currentLanguage, i18n } from '../shared/i18n/i18n';
import { storeLanguage } from '../shared/i18n/languages';

/** sonner's viewport, off the start-up bundle: `notify()` calls made before it mounts are shown once it does. */
const NotificationViewport = lazy(async () => ({
  default: (await import('../shared/ui/notifications')).NotificationViewport,
}));

/** Mounts the notification viewport once the browser is idle after the first render (or right away when asked). */
function DeferredNotificationViewport() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setMounted(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setMounted(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <NotificationViewport />
    </Suspense>
  ) : null;
}

/** The query client of the app: no automatic retry of failed calls (errors are handled by SPEC §8 rules). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}

/** The session status as stored in the query cache: unknown while `GET /api/me` has not answered. */
export function sessionStatusOf(queryClient: QueryClient): SessionStatus {
  const state = queryClient.getQueryState<CurrentUser | null>(meQueryKey);
  if (state?.data !== undefined) return state.data ? 'authenticated' : 'anonymous';
  if (state?.status === 'error') return 'anonymous';
  return 'unknown';
}

/** Forgets the session on the client: no current user, no cached data of the previous user. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

/** Connects the HTTP client to the session, the router and the language (call once at start-up). */
export function wireHttpClient(queryClient: QueryClient, navigate: (to: string) => void): void {
  configureHttpClient({
    getLanguage: currentLanguage,
    getAuthState: () => {
      const status = sessionStatusOf(queryClient);
      return status === 'unknown' ? 'unknown' : status === 'authenticated';
    },
    onLogout: () => {
      clearSession(queryClient);
      navigate('/login');
    },
    navigate,
  });
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Provides the session decided by `GET /api/me` and applies the user's language (SPEC §9). */
function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const meQuery = useMe();
  const [isLoggingOut, setLoggingOut] = useState(false);
  const me = meQuery.data ?? null;
  const status: SessionStatus =
    meQuery.data !== undefined
      ? meQuery.data
        ? 'authenticated'
        : 'anonymous'
      : meQuery.isError
        ? 'anonymous'
        : 'unknown';

  // the stored setting (me.lang) applies unless the URL asks for a language (SPEC §9)
  useEffect(() => {
    if (!me) return;
    const fromQuery = new URLSearchParams(window.location.search).get('lang');
    if (fromQuery && (LANGUAGES as readonly string[]).includes(fromQuery)) return;
    storeLanguage(me.lang);
    void changeLanguage(me.lang);
  }, [me]);

  const reloadMe = useCallback(async () => {
    await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
  }, [queryClient]);

  const session = useMemo<Session>(() => {
    const actor = me ? actorOf(me) : null;
    return {
      status,
      me,
      actor,
      hasAction: (action: Action) => actorHasAction(actor, action),
      timeZone: me?.timezone ?? browserTimeZone(),
      isLoggingOut,
      setLoggingOut,
      reloadMe,
    };
  }, [status, me, isLoggingOut, reloadMe]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** Every provider of the app around `children` (the router). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          {children}
          <DeferredNotificationViewport />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
