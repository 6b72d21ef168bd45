/**
 * `GET /api/sites/{ulid}/equipment` → `HydraCollection<Equipment>`: every gateway and station of a site, gateways
 * first, then by reference, each with its open alerts and pictures (SPEC §2.7 "Sites: detail", §3 "Equipment").
 */
import type { Equipment, HydraCollection } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { equipmentKeys } from './equipment-keys';

/** The equipment of the site `siteUlid`; an error (e.g. 404) stays with the section instead of leaving the page. */
export function getSiteEquipment(siteUlid: string, signal?: AbortSignal): Promise<HydraCollection<Equipment>> {
  return http.get<HydraCollection<Equipment>>(`/api/sites/${encodeURIComponent(siteUlid)}/equipment`, {
    signal,
    redirectOnError: false,
  });
}

/** Query options of a site's equipment (key `['equipment', siteUlid]`). */
export function siteEquipmentQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: equipmentKeys.site(siteUlid),
    queryFn: ({ signal }) => getSiteEquipment(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The equipment query of a site. */
export function useSiteEquipment(siteUlid: string) {
  return useQuery(siteEquipmentQueryOptions(siteUlid));
}
