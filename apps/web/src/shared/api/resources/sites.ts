/**
 * The sites resource of the web app (SPEC §7 "Sites"): its query keys — every query of a site lives under `['sites']`
 * — and the calls several screens share: a site's detail (site screen, intervention panel, site logs), its light
 * view, and the sites of a client (intervention panel).
 */
import type { SiteDetail, SiteLight, siteEndpoints } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { PickerOption } from '../../ui/search-picker';
import { callEndpoint } from '../endpoint-client';
import { shareVersioned } from './versioned';

/** Query keys of sites. */
export const siteKeys = {
  all: ['sites'] as const,
  /** Every loaded page of the sites list. */
  lists: () => ['sites', 'list'] as const,
  /** The sites list for one `query` (filters and order). */
  list: (query: object) => ['sites', 'list', query] as const,
  detail: (ulid: string) => ['sites', 'detail', ulid] as const,
  light: (ulid: string) => ['sites', 'light', ulid] as const,
  /** Every site of a client (`pagination=false`). */
  ofClient: (clientUlid: string) => ['sites', 'client', clientUlid] as const,
};

/**
 * `GET /api/sites/{ulid}`: every field of SPEC §3 "Site". With `redirectOnError` (the default, SPEC §8) a 404 or 500
 * leaves for the Error screen; a panel passes `false` to keep it.
 */
export function getSite(
  ulid: string,
  options: { signal?: AbortSignal; redirectOnError?: boolean } = {},
): Promise<SiteDetail> {
  return callEndpoint<typeof siteEndpoints.get>(
    { method: 'GET', path: '/api/sites/:id' },
    { params: { id: ulid }, ...options },
  );
}

/** Query options of a site's detail (disabled without a site); see `getSite` for `redirectOnError`. */
export function siteQueryOptions(ulid: string, { redirectOnError = true }: { redirectOnError?: boolean } = {}) {
  return queryOptions({
    queryKey: siteKeys.detail(ulid),
    queryFn: ({ signal }) => getSite(ulid, { signal, redirectOnError }),
    enabled: ulid !== '',
    structuralSharing: shareVersioned,
  });
}

/** `GET /api/sites/{ulid}/light`: description, status, desired installation date (SPEC §3 "Site light view"). */
export function siteLightQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: siteKeys.light(ulid),
    queryFn: ({ signal }): Promise<SiteLight> =>
      callEndpoint<typeof siteEndpoints.light>(
        { method: 'GET', path: '/api/sites/:id/light' },
        { params: { id: ulid }, signal, redirectOnError: false },
      ),
    enabled: ulid !== '',
    staleTime: 0,
  });
}

/**
 * `GET /api/sites?pagination=false&client.ulid=…`: every site of the client (SPEC §4 "Client choice"), as picker
 * options by name.
 */
export async function getClientSites(clientUlid: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await callEndpoint<typeof siteEndpoints.list>(
    { method: 'GET', path: '/api/sites' },
    { query: { pagination: 'false', 'client.ulid': clientUlid }, signal, redirectOnError: false },
  );
  const sites = 'hydra:member' in answer ? answer['hydra:member'] : [];
  return sites.map((site) => ({ id: site.ulid, label: site.name }));
}
