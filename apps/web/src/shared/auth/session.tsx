/**
 * The session as every screen sees it (SPEC §4 "Session": unknown, true or false): the current user from
 * `GET /api/me`, the actor after substitution, `hasAction`, and the logging-out flag. Provided by `app/providers.tsx`.
 */
import type { Action, CurrentUser } from '@isoptera/contracts';
import { DEFAULT_TIMEZONE } from '@isoptera/contracts';
import { createContext, useContext } from 'react';
import type { Actor } from './actor';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  /** The current user, null until known or when logged out. */
  me: CurrentUser | null;
  actor: Actor | null;
  /** `true` when the current user holds the named action (SPEC §6). */
  hasAction: (action: Action) => boolean;
  /** The user's IANA time zone (Europe/Paris until known). */
  timeZone: string;
  /** SPEC §4 "Logout": while `true` the main content is hidden behind a loader. */
  isLoggingOut: boolean;
  setLoggingOut: (value: boolean) => void;
  /** Reloads the current user (e.g. after a login or a profile change). */
  reloadMe: () => Promise<void>;
}

const anonymous: Session = {
  status: 'unknown',
  me: null,
  actor: null,
  hasAction: () => false,
  timeZone: DEFAULT_TIMEZONE,
  isLoggingOut: false,
  setLoggingOut: () => {},
  reloadMe: async () => {},
};

export const SessionContext = createContext<Session>(anonymous);

/** The current session (SPEC §4). */
export function useSession(): Session {
  return useContext(SessionContext);
}
