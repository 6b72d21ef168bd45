/**
 * What follows a transfer of ownership or the deletion of the account (SPEC §2.7 "Space settings", §4 "Logout"):
 * - the owner acting in their own space: the server has ended their sessions of the space (transfer: their new role
 *   applies at the next sign-in; deletion: the space is closed), so the session ends here too — `GET /security/logout`
 *   clears the cookies, then reloading the current user answers 401 and the HTTP client goes to Login;
 * - an admin or dealer substituted into the space: their own session goes on. After a transfer nothing changes for
 *   them; after a deletion the server sent them back to their own space: the current user is reloaded (the client
 *   refreshes the token) and the app goes back to `/`, which leads to their own home.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../shared/api/http-client';
import { useSession } from '../../../shared/auth/session';

/** Signs the owner out after they lost the space (logout loader shown meanwhile); the caller then lands on Login. */
export function useEndOwnSession(): () => Promise<void> {
  const { reloadMe, setLoggingOut } = useSession();
  return useCallback(async () => {
    setLoggingOut(true);
    try {
      await http.get<void>('/security/logout', { redirectOnError: false }).catch(() => {});
      await reloadMe();
    } finally {
      setLoggingOut(false);
    }
  }, [reloadMe, setLoggingOut]);
}

/** Back to one's own space after the substituted space was closed: reloads the current user, then goes to `/`. */
export function useReturnToOwnSpace(): () => Promise<void> {
  const { reloadMe } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await reloadMe();
    queryClient.removeQueries();
    await navigate('/', { replace: true });
  }, [reloadMe, queryClient, navigate]);
}
