/**
 * Sites of the panel (SPEC §7 "Sites"): `GET /api/sites/search?name&client.ulid` for the picker,
 * `GET /api/sites?pagination=false&client.ulid` for the client's sites, `GET /api/sites/{ulid}/light` for the light
 * view and `GET /api/sites/{ulid}` for a pre-selected site's client.
 */
import type { HydraCollection, SiteDetail, SiteLight, SiteListItem, SiteSearchResult } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** The first page of the client's sites whose name matches `name`, as picker options. */
export async function searchSiteOptions(clientUlid: string, name: string): Promise<PickerOption[]> {
  const answer = await http.get<SiteSearchResult>('/api/sites/search', {
    query: { name, page: 1, 'client.ulid': clientUlid, 'order[name]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((s) => ({ id: s.ulid, label: s.name }));
}

/** Every site of the client (SPEC §4 "Client choice"), as picker options. */
export async function getClientSites(clientUlid: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<HydraCollection<SiteListItem>>('/api/sites', {
    query: { pagination: 'false', 'client.ulid': clientUlid },
    signal,
    redirectOnError: false,
  });
  return (answer?.['hydra:member'] ?? []).map((s) => ({ id: s.ulid, label: s.name }));
}

/** The light view of a site: description, status, desired installation date (SPEC §3 "Site light view"). */
export function getSiteLight(siteUlid: string, signal?: AbortSignal): Promise<SiteLight> {
  return http.get<SiteLight>(`/api/sites/${encodeURIComponent(siteUlid)}/light`, { signal, redirectOnError: false });
}

/** A site with its client, for a site passed in when the panel opens. */
export function getSite(siteUlid: string, signal?: AbortSignal): Promise<SiteDetail> {
  return http.get<SiteDetail>(`/api/sites/${encodeURIComponent(siteUlid)}`, { signal, redirectOnError: false });
}
