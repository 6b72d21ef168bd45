/**
 * `GET /api/sites/{ulid}/equipment` → `HydraCollection<Equipment>`: every gateway and station of a site, gateways
 * first, then by reference, each with its open alerts and pictures (SPEC §2.7 "Sites: detail", §3 "Equipment").
 * Shared by the equipment section and the alert log's equipment filter: one cached query per site, key
 * `['equipment', siteUlid]`, which the live refresher and every equipment write invalidate.
 */
import { type Equipment, equipmentEndpoints, type HydraCollection } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint-client';
import { equipmentKeys } from './resources/equipment';

/** The query key of a site's equipment. */
export const siteEquipmentKey = equipmentKeys.site;

/** The equipment of the site `siteUlid`; an error (e.g. 404) stays with the caller instead of leaving the page. */
export function getSiteEquipment(siteUlid: string, signal?: AbortSignal): Promise<HydraCollection<Equipment>> {
  return callEndpoint(equipmentEndpoints.listOfSite, { params: { id: siteUlid }, signal, redirectOnError: false });
}

/** Query options of a site's equipment. */
export function siteEquipmentQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: siteEquipmentKey(siteUlid),
    queryFn: ({ signal }) => getSiteEquipment(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The equipment query of a site. */
export function useSiteEquipment(siteUlid: string) {
  return useQuery(siteEquipmentQueryOptions(siteUlid));
}
