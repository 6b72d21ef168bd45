/**
 * `GET /api/sites` → one page of `{in_alert_sites, other_sites, in_alert_site_number, other_site_number,
 * hydra:view}` (SPEC §3, §7 "Sites"): the pages follow one sequence, the sites in alert first, then the others; the
 * screen loads them one after the other ('load more').
 */
import type { SiteListAnswer, siteEndpoints } from '@isoptera/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { siteKeys } from '../../../shared/api/resources/sites';
import { type SiteFilters, siteListQueryOf } from '../lib/site-filters';

/** Page `page` (from 1, 30 sites) of the sites matching `filters`. */
export async function getSites(filters: SiteFilters, page: number, signal?: AbortSignal): Promise<SiteListAnswer> {
  const answer = await callEndpoint<typeof siteEndpoints.list>(
    { method: 'GET', path: '/api/sites' },
    { query: { ...siteListQueryOf(filters), page }, signal },
  );
  if (!('in_alert_sites' in answer)) throw new Error('GET /api/sites answered a collection without pagination=false');
  return answer;
}

/** The page after `answer`, read from its `hydra:view` link; undefined on the last page. */
export function nextSitesPage(answer: SiteListAnswer): number | undefined {
  const next = answer['hydra:view']['hydra:next'];
  if (!next) return undefined;
  const page = Number(new URL(next, 'http://localhost').searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? page : undefined;
}

/** The site list for `filters`, page by page; the previous filters' sites stay shown while the new ones load. */
export function sitesQueryOptions(filters: SiteFilters) {
  return infiniteQueryOptions({
    queryKey: siteKeys.list(siteListQueryOf(filters)),
    queryFn: ({ pageParam, signal }) => getSites(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextSitesPage,
    placeholderData: keepPreviousData,
  });
}

/** The site list query. */
export function useSites(filters: SiteFilters) {
  return useInfiniteQuery(sitesQueryOptions(filters));
}
