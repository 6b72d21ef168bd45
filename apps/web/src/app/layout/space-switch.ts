/**
 * Space change and substitution exit (SPEC §2.3 "space selector", §4 "Space change", "Substitution exit"):
 * which spaces the selector offers, whether it shows, which leave call applies, and the two requests. Both end the
 * same way on success: the current user is reloaded, the app goes to BaseRoute (`/`) and the page reloads.
 */
import { type CurrentUser, type meEndpoints, USERS_PATH, type UserType } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../shared/api/endpoint-client';
import { http } from '../../shared/api/http-client';
import { useSession } from '../../shared/auth/session';

const SPACE_ORDER: readonly UserType[] = ['admin', 'dealer', 'pco'];

/** The space types the account holds, from the `have_user_*_space` flags of `GET /api/me`, in admin, dealer, PCO order. */
export function availableSpaces(me: CurrentUser | null): UserType[] {
  if (!me) return [];
  const held: Record<UserType, boolean> = {
    admin: me.have_user_admin_space,
    dealer: me.have_user_dealer_space,
    pco: me.have_user_pco_space,
  };
  return SPACE_ORDER.filter((type) => held[type]);
}

/** `true` when the user has no substitution running (SPEC §1). */
function isSubstituting(me: CurrentUser): boolean {
  return me.connected_on_pco !== null || me.connected_on_dealer !== null;
}

/** SPEC §2.3: the selector shows only for a user holding at least two spaces and not on substitution. */
export function showsSpaceSelector(me: CurrentUser | null): boolean {
  return me !== null && !isSubstituting(me) && availableSpaces(me).length >= 2;
}

/**
 * The leave call of SPEC §4 "Substitution exit", by the user's OWN type and the space entered:
 * `/api/user_admins/disconnect-on-pco|disconnect-on-dealer`, `/api/user_dealers/disconnect-on-pco`; null when the
 * user is not on substitution. During substitution `user_type` is the entered space's type, so the own type follows
 * from who may enter what (SPEC §1): only an admin enters a dealer space; a PCO is entered by an admin or by a dealer
 * member, whose `dealer` is their own dealer space (an admin's is null).
 */
export function leavePath(me: CurrentUser | null): string | null {
  if (!me || !isSubstituting(me)) return null;
  if (me.connected_on_dealer) return `${USERS_PATH.admin}/disconnect-on-dealer`;
  return `${me.dealer ? USERS_PATH.dealer : USERS_PATH.admin}/disconnect-on-pco`;
}

/** Reloads the current user, goes to BaseRoute and reloads the page (SPEC §4). */
function useRestartOnBaseRoute() {
  const { reloadMe } = useSession();
  const navigate = useNavigate();
  return async () => {
    await reloadMe();
    await navigate('/', { replace: true });
    window.location.reload();
  };
}

/**
 * `PUT /api/me/change-space {space}` (204), then the restart of SPEC §4. Errors (409 `space_not_allowed`) stay on the
 * mutation for the caller to show. The contract is named by type only: the shell loads no zod.
 */
export function useChangeSpace() {
  const restart = useRestartOnBaseRoute();
  return useMutation({
    mutationFn: (space: UserType) =>
      callEndpoint<typeof meEndpoints.changeSpace>(
        { method: 'PUT', path: '/api/me/change-space' },
        { body: { space } },
      ),
    onSuccess: restart,
  });
}

/** The leave call of the current substitution (200 or 204), then the restart of SPEC §4. */
export function useLeaveSubstitution() {
  const { me } = useSession();
  const restart = useRestartOnBaseRoute();
  return useMutation({
    mutationFn: () => {
      const path = leavePath(me);
      if (!path) throw new Error('not on substitution');
      return http.post<void>(path, {});
    },
    onSuccess: restart,
  });
}
