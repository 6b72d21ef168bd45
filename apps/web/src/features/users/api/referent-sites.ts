/**
 * `GET {users}/{ulid}/referent-sites` (`HydraCollection<ReferentSite>`, unpaged) and
 * `PUT {users}/{ulid}/referent-sites {assignments}` (204; every listed site must be covered, else
 * `referent_sites_required`; 422 `referent_required` / `referent_invalid` on `assignments.<i>.referent`).
 * SPEC §6 "Changing a role may require reassigning sites the user was responsible for".
 */
import type { HydraCollection, ReferentSite, ReferentSitesBody } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { memberPath, type UserPaths } from '../lib/user-paths';
import { userKeys } from './user-keys';

/** The sites of which the member is the referent technician. */
export function useReferentSites(paths: UserPaths, ulid: string) {
  return useQuery({
    queryKey: userKeys.referentSites(paths.type, ulid),
    queryFn: ({ signal }) =>
      http.get<HydraCollection<ReferentSite>>(memberPath(paths.users, ulid, '/referent-sites'), { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Hands each site to its new referent. */
export function saveReferentSites(paths: UserPaths, ulid: string, body: ReferentSitesBody): Promise<void> {
  return http.put<void>(memberPath(paths.users, ulid, '/referent-sites'), body);
}
