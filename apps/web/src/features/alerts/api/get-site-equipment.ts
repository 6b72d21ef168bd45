/**
 * `GET /api/sites/{ulid}/equipment` (PCO action; contract `Equipment`): every gateway and station of a site, gateways
 * first then by reference; here for the equipment filter of the alert log (the equipment feature's key and answer).
 */
import type { Equipment, HydraCollection } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { alertsKeys } from './alerts-keys';

/** The equipment of `siteUlid`. */
export function getSiteEquipment(siteUlid: string, signal?: AbortSignal): Promise<HydraCollection<Equipment>> {
  return http.get<HydraCollection<Equipment>>(`/api/sites/${encodeURIComponent(siteUlid)}/equipment`, {
    signal,
    redirectOnError: false,
  });
}

export function siteEquipmentQueryOptions(siteUlid: string) {
  return queryOptions({
    queryKey: alertsKeys.siteEquipment(siteUlid),
    queryFn: ({ signal }) => getSiteEquipment(siteUlid, signal),
    enabled: siteUlid !== '',
  });
}

/** The site's equipment, for the alert log filter. */
export function useSiteEquipment(siteUlid: string) {
  return useQuery(siteEquipmentQueryOptions(siteUlid));
}
