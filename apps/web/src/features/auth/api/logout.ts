/** `GET /security/logout` (SPEC §4 "Logout", §7 "Authentication"); the shell's call, typed without loading zod. */
import type { authEndpoints } from '@isoptera/contracts';
import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useSession } from '../../../shared/auth/session';
import { setMe } from './get-me';

/** Revokes the session on the server (204); errors are ignored, the client forgets the session anyway. */
export async function logout(): Promise<void> {
  try {
    await callEndpoint<typeof authEndpoints.logout>(
      { method: 'GET', path: '/security/logout' },
      { redirectOnError: false },
    );
  } catch {
    // already logged out or server unreachable: the client side is cleared regardless
  }
}

/**
 * The logout action of SPEC §4: raises the logging-out flag (main content hidden behind a loader), calls the
 * server, forgets the current user and cached data, goes to Login, then lowers the flag.
 * Reads the query client without requiring it: DownloadApp renders this before TanStack Query is loaded.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  const { setLoggingOut } = useSession();
  return useCallback(async () => {
    setLoggingOut(true);
    try {
      await logout();
      setMe(null);
      queryClient?.removeQueries();
      await navigate('/login', { replace: true });
    } finally {
      setLoggingOut(false);
    }
  }, [navigate, queryClient, setLoggingOut]);
}
