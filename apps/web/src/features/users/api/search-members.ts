/**
 * `GET /api/user_pcos/search?role[]&itemsPerPage` → the members who may take over a referent's sites (SPEC §7 "Users",
 * §6): active technicians, managers and owners of the PCO, in the server's default order (last name, then first
 * name), up to 100.
 */
import { type PcoRole, type UserSearchItem, type UserSearchResult, userEndpoints } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { userKeys } from './user-keys';

/** The roles that may be referent technician of a site. */
export const REFERENT_ROLES: readonly PcoRole[] = [
  'ROLE_PCO_SPACE_TECHNICIAN',
  'ROLE_PCO_SPACE_MANAGER',
  'ROLE_PCO_SPACE_OWNER',
];

/** A member who may become referent. */
export type ReferentCandidate = UserSearchItem;

/** The active members who may become referent. */
export function searchReferentCandidates(signal?: AbortSignal): Promise<UserSearchResult> {
  return callEndpoint(userEndpoints.search, {
    query: { page: 1, itemsPerPage: 100, role: REFERENT_ROLES },
    signal,
    redirectOnError: false,
  });
}

/** The candidates query (shared by every reassignment dialog while the screen is open). */
export function useReferentCandidates() {
  return useQuery({
    queryKey: userKeys.referentCandidates(),
    queryFn: ({ signal }) => searchReferentCandidates(signal),
    staleTime: 0,
  });
}
