/**
 * `GET /api/interventions?site.ulid=<ulid>` → the visits of a site (hydra collection, SPEC §7 "Interventions"). The
 * detail page hides its visits section when this call fails, so failures never leave for the Error screen.
 */
import type { HydraCollection, Intervention } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { sitesKey } from './get-sites';

/** The first page of the visits of site `siteUlid`. */
export function getSiteInterventions(siteUlid: string, signal?: AbortSignal): Promise<HydraCollection<Intervention>> {
  return http.get<HydraCollection<Intervention>>('/api/interventions', {
    query: { 'site.ulid': siteUlid, page: 1 },
    signal,
    redirectOnError: false,
  });
}

export function siteInterventionsQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: [...sitesKey, 'interventions', siteUlid],
    queryFn: ({ signal }) => getSiteInterventions(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The visits query of a site. */
export function useSiteInterventions(siteUlid: string) {
  return useQuery(siteInterventionsQueryOptions(siteUlid));
}
