/**
 * `GET /api/me` (SPEC §7 "Self"): the current user; 401/403 means no session (SPEC §4 "Session"). With it, in
 * parallel, `GET /api/me/rights` (SPEC §6 "has right to execute action"; issue 14): the actions the server grants the
 * current user, kept with it in the same store, so that the app never derives rights from roles.
 * The answer is kept in a small store of its own rather than in TanStack Query, so that the login route decides the
 * session without loading the query library (ARCHITECTURE §6 budget); the app loads TanStack Query for the
 * authenticated screens (see app/providers.tsx). For the same reason the call names its contract by type only
 * (`callEndpoint`'s literal form): the shell and the login route load no zod.
 */
import type { Action, CurrentUser, meEndpoints, rightsEndpoints } from '@isoptera/contracts';
import { useSyncExternalStore } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** The current user and the actions it may execute. */
export interface Me {
  user: CurrentUser;
  actions: readonly Action[];
}

/** Fetches the current user and its rights (two calls in parallel); resolves null when not logged in (401/403). */
export async function getMe(): Promise<Me | null> {
  try {
    const [user, rights] = await Promise.all([
      callEndpoint<typeof meEndpoints.get>({ method: 'GET', path: '/api/me' }, { redirectOnError: false }),
      callEndpoint<typeof rightsEndpoints.get>({ method: 'GET', path: '/api/me/rights' }, { redirectOnError: false }),
    ]);
    return { user, actions: rights.actions };
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) return null;
    throw error;
  }
}

/**
 * What the app knows of the current user: `user` is undefined until `GET /api/me` first answers, then the user or
 * null (logged out); `failed` when the last call failed (network, 5xx), the previous answer being kept.
 */
export interface MeState {
  user: CurrentUser | null | undefined;
  /** The actions the server grants `user` (`GET /api/me/rights`); empty without a user. */
  actions: readonly Action[];
  failed: boolean;
  /** A call is under way. */
  loading: boolean;
}

let state: MeState = { user: undefined, actions: [], failed: false, loading: false };
const listeners = new Set<() => void>();
/** The latest call started: an older one answering late does not overwrite it. */
let latest: Promise<Me | null> | null = null;

function update(next: Partial<MeState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** The current state (stable between changes, for `useSyncExternalStore`). */
export function getMeState(): MeState {
  return state;
}

/** Calls `listener` on every change; returns the unsubscribe function. */
export function subscribeMe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks the server for the current user and its rights now (start-up, after login, a profile or space change, a
 * substitution); answers the user, null when logged out; rejects on failure.
 */
export function reloadMe(): Promise<CurrentUser | null> {
  const call = getMe();
  latest = call;
  update({ loading: true });
  call.then(
    (me) => {
      if (latest === call)
        update({ user: me?.user ?? null, actions: me?.actions ?? [], failed: false, loading: false });
    },
    () => {
      if (latest === call) update({ failed: true, loading: false });
    },
  );
  return call.then((me) => me?.user ?? null);
}

/** Asks for the current user unless it is known or being asked for (start-up, or a retry after a failure). */
export function loadMe(): void {
  if (state.loading || (state.user !== undefined && !state.failed)) return;
  reloadMe().catch(() => {});
}

/**
 * Records the current user without asking the server (null: logged out, which forgets the rights too). `actions`
 * replaces the known rights when given; otherwise they are kept (the same user after an edit of its profile).
 */
export function setMe(user: CurrentUser | null, actions?: readonly Action[]): void {
  latest = null;
  update({ user, actions: user ? (actions ?? state.actions) : [], failed: false, loading: false });
}

/** The current user state, re-rendering on change. */
export function useMe(): MeState {
  return useSyncExternalStore(subscribeMe, getMeState, getMeState);
}
