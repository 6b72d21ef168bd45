/** `GET /api/sites/{ulid}` → the site with every field of SPEC §3 "Site". */
import type { SiteDetail } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { sitesKey } from './get-sites';

/** The site `siteUlid` (404 → the Error screen, SPEC §8). */
export function getSite(siteUlid: string, signal?: AbortSignal): Promise<SiteDetail> {
  return http.get<SiteDetail>(`/api/sites/${encodeURIComponent(siteUlid)}`, { signal });
}

export function siteQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: [...sitesKey, 'detail', siteUlid],
    queryFn: ({ signal }) => getSite(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The site query. */
export function useSite(siteUlid: string) {
  return useQuery(siteQueryOptions(siteUlid));
}
