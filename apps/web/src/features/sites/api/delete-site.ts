/** `DELETE /api/sites/{ulid}` → 204 (SPEC §7 "Sites"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { sitesKey } from './get-sites';

/** Deletes the site `siteUlid` with its visits. */
export function deleteSite(siteUlid: string): Promise<void> {
  return http.delete(`/api/sites/${encodeURIComponent(siteUlid)}`, { redirectOnError: false });
}

/**
 * The delete mutation; refreshes the lists. The detail stays cached until the page has left (removing it while the
 * page is mounted would refetch it and meet a 404).
 */
export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sitesKey, 'list'] }),
  });
}
