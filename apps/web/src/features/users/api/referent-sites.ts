/**
 * `GET {users}/{ulid}/referent-sites` (hydra collection of `ReferentSite`, unpaged) and
 * `PUT {users}/{ulid}/referent-sites {assignments}` (204; every listed site must be covered, else
 * `referent_sites_required`; 422 `referent_required` / `referent_invalid` on `assignments.<i>.referent`).
 * SPEC §6 "Changing a role may require reassigning sites the user was responsible for".
 */
import { type ReferentSitesBody, userEndpoints } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** The sites of which the member is the referent technician. */
export function useReferentSites(paths: UserPaths, ulid: string) {
  return useQuery({
    queryKey: userKeys.referentSites(paths.type, ulid),
    queryFn: ({ signal }) => callEndpoint(userEndpoints[paths.type].referentSites, { params: { ulid }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Hands each site to its new referent. */
export async function saveReferentSites(paths: UserPaths, ulid: string, body: ReferentSitesBody): Promise<void> {
  await callEndpoint(userEndpoints[paths.type].reassignReferentSites, { params: { ulid }, body });
}
