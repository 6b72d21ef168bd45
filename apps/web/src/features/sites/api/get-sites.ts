/** `GET /api/sites` → `{in_alert_sites, other_sites, in_alert_site_number, other_site_number}` (SPEC §3, §7 "Sites"). */
import type { SiteListAnswer } from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { type SiteFilters, siteListQueryOf } from '../lib/site-filters';

/** Query key prefix of everything the sites feature caches. */
export const sitesKey = ['sites'] as const;

/** The alert sites and other sites of `page` matching `filters`. */
export function getSites(filters: SiteFilters, page: number, signal?: AbortSignal): Promise<SiteListAnswer> {
  return http.get<SiteListAnswer>('/api/sites', { query: siteListQueryOf(filters, page), signal });
}

/** Query options of one page of the site list; the previous page stays shown while the next loads. */
export function sitesQueryOptions(filters: SiteFilters, page: number) {
  return queryOptions({
    queryKey: [...sitesKey, 'list', siteListQueryOf(filters, page)],
    queryFn: ({ signal }) => getSites(filters, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the site list. */
export function useSites(filters: SiteFilters, page: number) {
  return useQuery(sitesQueryOptions(filters, page));
}
