/**
 * `GET /api/sites/{ulid}/logs?page&equipment.ulid` (PCO action; contract `AlertLogEntry`): a site's alerts, open and
 * closed, newest first, 30 a page, optionally of one equipment (SPEC §2.7 "Sites: alert log", §7 "Sites").
 */
import { type AlertLogEntry, alertEndpoints, type HydraCollection } from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { alertsKeys } from './alerts-keys';

/** One page of the alert log of `siteUlid`, of one equipment when `equipmentUlid` is given. */
export function getAlertLog(
  siteUlid: string,
  equipmentUlid: string | null,
  page: number,
  signal?: AbortSignal,
): Promise<HydraCollection<AlertLogEntry>> {
  return callEndpoint(alertEndpoints.siteLog, {
    params: { id: siteUlid },
    query: { page, 'equipment.ulid': equipmentUlid ?? undefined },
    signal,
  });
}

export function alertLogQueryOptions(siteUlid: string, equipmentUlid: string | null, page: number) {
  return queryOptions({
    queryKey: alertsKeys.log(siteUlid, equipmentUlid, page),
    queryFn: ({ signal }) => getAlertLog(siteUlid, equipmentUlid, page, signal),
    placeholderData: keepPreviousData,
    enabled: siteUlid !== '',
  });
}

/** The alert log query; the previous page stays shown while the next loads. */
export function useAlertLog(siteUlid: string, equipmentUlid: string | null, page: number) {
  return useQuery(alertLogQueryOptions(siteUlid, equipmentUlid, page));
}
