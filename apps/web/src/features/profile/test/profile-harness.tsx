/**
 * Test harness of the profile panel: a real local HTTP server playing the `/api/me/*` endpoints of the contract
 * (`meEndpoints`, packages/contracts/src/me.endpoints.ts), a session whose `reloadMe` asks that server for the current user, the query
 * client and the notification viewport.
 */

import type { ServerResponse } from 'node:http';
import type { CurrentUser } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { vi } from 'vitest';
import { http } from '../../../shared/api/http-client';
import { timezonesQueryOptions } from '../../../shared/api/timezones';
import { type Session, SessionContext } from '../../../shared/auth/session';
import { NotificationViewport } from '../../../shared/ui/notifications';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { ProfilePanel } from '../components/profile-panel';

export const ZONES = ['America/New_York', 'Asia/Tokyo', 'Europe/Paris', 'UTC'];

/** The current user as the server knows it at the start of each test. */
export function serverUser(): CurrentUser {
  return {
    '@id': '/api/me',
    '@type': 'CurrentUser',
    ulid: '01JU0000000000000000000000',
    firstname: 'Sophie',
    lastname: 'Durand',
    email: 'sophie.durand@example.com',
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
    pco: null,
    connected_on_pco: null,
  };
}

export type Answer = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface ProfileServer extends TestServer {
  /** The current user the server answers; edit-name changes it. */
  user: CurrentUser;
  /** Per `METHOD path`, an answer replacing the default 204 (or a gate delaying it). */
  answers: Map<string, Answer>;
  /** The JSON bodies sent to `METHOD path`. */
  bodies: (route: string) => unknown[];
  reset: () => void;
}

/** Starts the fake API of the profile endpoints. */
export async function startProfileServer(): Promise<ProfileServer> {
  const state = { user: serverUser(), answers: new Map<string, Answer>() };
  const server = await startTestServer(async (request, response) => {
    const route = `${request.method} ${new URL(request.url, 'http://x').pathname}`;
    const answer = state.answers.get(route);
    if (answer) return answer(request, response);
    switch (route) {
      case 'GET /api/me':
        return sendJson(response, 200, state.user);
      case 'GET /api/timezones':
        return sendJson(response, 200, { 'hydra:member': ZONES, 'hydra:totalItems': ZONES.length });
      case 'PUT /api/me/edit-name': {
        const { firstname, lastname } = JSON.parse(request.body) as { firstname: string; lastname: string };
        state.user = { ...state.user, firstname, lastname };
        return sendJson(response, 204, null);
      }
      case 'PUT /api/me/edit-email':
      case 'POST /api/me/edit-password':
      case 'PUT /api/me/edit-language':
      case 'PUT /api/me/edit-timezone':
      case 'POST /security/forgot-password':
        return sendJson(response, 204, null);
      default:
        return sendJson(response, 404, {});
    }
  });
  return {
    ...server,
    get user() {
      return state.user;
    },
    set user(value: CurrentUser) {
      state.user = value;
    },
    answers: state.answers,
    bodies: (route: string) =>
      server.requests
        .filter((r) => `${r.method} ${new URL(r.url, 'http://x').pathname}` === route)
        .map((r) => (r.body ? (JSON.parse(r.body) as unknown) : null)),
    reset: () => {
      state.user = serverUser();
      state.answers.clear();
      server.requests.length = 0;
    },
  };
}

/** A session like the app's: `me` known before the panel opens, `reloadMe` asking the server again. */
function TestSession({ initial, children }: { initial: CurrentUser; children: ReactNode }) {
  const [me, setMe] = useState<CurrentUser>(initial);
  const reloadMe = useCallback(async () => {
    setMe(await http.get<CurrentUser>('/api/me', { redirectOnError: false }));
  }, []);
  const session = useMemo<Session>(
    () => ({
      status: 'authenticated',
      me,
      actor: null,
      hasAction: () => false,
      timeZone: me.timezone,
      isLoggingOut: false,
      setLoggingOut: () => {},
      reloadMe,
    }),
    [me, reloadMe],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export interface RenderPanelOptions {
  /** The user the session knew before opening (default: the server's). */
  known?: CurrentUser;
  /** The time zone list already in the cache, so that no `GET /api/timezones` is left running when a test ends. */
  cachedZones?: boolean;
}

/** Renders the open panel. */
export function renderPanel({ known = serverUser(), cachedZones = false }: RenderPanelOptions = {}) {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (cachedZones) queryClient.setQueryData(timezonesQueryOptions().queryKey, ZONES);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestSession initial={known}>
        <ProfilePanel isOpen onOpenChange={onOpenChange} />
      </TestSession>
      <NotificationViewport />
    </QueryClientProvider>,
  );
  return { ...view, onOpenChange };
}
