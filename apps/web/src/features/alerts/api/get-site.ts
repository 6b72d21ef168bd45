/**
 * `GET /api/sites/{ulid}` (PCO action; contract `SiteDetail`): the site, for the header of the site logs page. Same
 * call and key as the sites feature's detail, so that both share one cache entry (404 → the Error screen, SPEC §8).
 */
import type { SiteDetail } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { alertsKeys } from './alerts-keys';

export function siteQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: alertsKeys.site(siteUlid),
    queryFn: ({ signal }) => http.get<SiteDetail>(`/api/sites/${encodeURIComponent(siteUlid)}`, { signal }),
    enabled: siteUlid !== '',
  });
}

/** The site `siteUlid`. */
export function useSite(siteUlid: string) {
  return useQuery(siteQueryOptions(siteUlid));
}
