/**
 * `GET /api/me` (SPEC §7 "Self"): the current user; 401/403 means no session (SPEC §4 "Session").
 * The answer is kept in a small store of its own rather than in TanStack Query, so that the login route decides the
 * session without loading the query library (ARCHITECTURE §6 budget); the app loads TanStack Query for the
 * authenticated screens (see app/providers.tsx). For the same reason the call names its contract by type only
 * (`callEndpoint`'s literal form): the shell and the login route load no zod.
 */
import type { CurrentUser, meEndpoints } from '@isoptera/contracts';
import { useSyncExternalStore } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Fetches the current user; resolves null when not logged in (401/403). */
export async function getMe(): Promise<CurrentUser | null> {
  try {
    return await callEndpoint<typeof meEndpoints.get>({ method: 'GET', path: '/api/me' }, { redirectOnError: false });
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
  failed: boolean;
  /** A call is under way. */
  loading: boolean;
}

let state: MeState = { user: undefined, failed: false, loading: false };
const listeners = new Set<() => void>();
/** The latest call started: an older one answering late does not overwrite it. */
let latest: Promise<CurrentUser | null> | null = null;

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

/** Asks the server for the current user now (start-up, after login, after a profile change); rejects on failure. */
export function reloadMe(): Promise<CurrentUser | null> {
  const call = getMe();
  latest = call;
  update({ loading: true });
  call.then(
    (user) => {
      if (latest === call) update({ user, failed: false, loading: false });
    },
    () => {
      if (latest === call) update({ failed: true, loading: false });
    },
  );
  return call;
}

/** Asks for the current user unless it is known or being asked for (start-up, or a retry after a failure). */
export function loadMe(): void {
  if (state.loading || (state.user !== undefined && !state.failed)) return;
  reloadMe().catch(() => {});
}

/** Records the current user without asking the server (null: logged out). */
export function setMe(user: CurrentUser | null): void {
  latest = null;
  update({ user, failed: false, loading: false });
}

/** The current user state, re-rendering on change. */
export function useMe(): MeState {
  return useSyncExternalStore(subscribeMe, getMeState, getMeState);
}
