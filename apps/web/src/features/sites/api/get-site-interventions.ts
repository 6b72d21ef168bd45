/**
 * `GET /api/interventions?site.ulid=<ulid>` → the visits of a site (hydra collection, SPEC §7 "Interventions"). The
 * detail page hides its visits section when this call fails, so failures never leave for the Error screen.
 */
import type { InterventionCollection, interventionEndpoints } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { interventionKeys } from '../../../shared/api/resources/interventions';

/** The first page of the visits of site `siteUlid`. */
export function getSiteInterventions(siteUlid: string, signal?: AbortSignal): Promise<InterventionCollection> {
  return callEndpoint<typeof interventionEndpoints.list>(
    { method: 'GET', path: '/api/interventions' },
    { query: { 'site.ulid': siteUlid, page: 1 }, signal, redirectOnError: false },
  );
}

export function siteInterventionsQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: interventionKeys.ofSite(siteUlid),
    queryFn: ({ signal }) => getSiteInterventions(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The visits query of a site. */
export function useSiteInterventions(siteUlid: string) {
  return useQuery(siteInterventionsQueryOptions(siteUlid));
}
