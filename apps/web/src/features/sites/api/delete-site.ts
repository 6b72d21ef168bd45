/** `DELETE /api/sites/{ulid}` → 204 (SPEC §7 "Sites"): the site with its visits, equipment and logs. */
import type { siteEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { alertKeys } from '../../../shared/api/resources/alerts';
import { equipmentKeys } from '../../../shared/api/resources/equipment';
import { refreshAfterDeletion } from '../../../shared/api/resources/invalidation';
import { siteKeys } from '../../../shared/api/resources/sites';

/** Deletes the site `siteUlid` with its visits. */
export async function deleteSite(siteUlid: string): Promise<void> {
  await callEndpoint<typeof siteEndpoints.remove>(
    { method: 'DELETE', path: '/api/sites/:id' },
    { params: { id: siteUlid }, redirectOnError: false },
  );
}

/**
 * The delete mutation: every view of sites, of their clients (site counts) and of visits refreshes. The deleted site's
 * own queries (detail, equipment, logs) stay cached until its page has left (fetching them while the page is mounted
 * would meet a 404), then are dropped.
 */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: (_answer, siteUlid) =>
      refreshAfterDeletion(queryClient, 'sites', [
        siteKeys.detail(siteUlid),
        siteKeys.light(siteUlid),
        equipmentKeys.site(siteUlid),
        [...alertKeys.all, siteUlid],
      ]),
  });
}
