/**
 * `GET /api/sites/{ulid}/sync_logs?page` (PCO action; contract `SyncLogEntry`): one entry per uplink of the site's
 * gateways, newest first, 30 a page (SPEC §2.7 "Sites: synchronisation log").
 */
import { type HydraCollection, type SyncLogEntry, telemetryEndpoints } from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { alertsKeys } from './alerts-keys';

/** One page of the synchronisation log of `siteUlid`. */
export function getSyncLog(
  siteUlid: string,
  page: number,
  signal?: AbortSignal,
): Promise<HydraCollection<SyncLogEntry>> {
  return callEndpoint(telemetryEndpoints.syncLogs, { params: { id: siteUlid }, query: { page }, signal });
}

export function syncLogQueryOptions(siteUlid: string, page: number) {
  return queryOptions({
    queryKey: alertsKeys.syncLog(siteUlid, page),
    queryFn: ({ signal }) => getSyncLog(siteUlid, page, signal),
    placeholderData: keepPreviousData,
    enabled: siteUlid !== '',
  });
}

/** The synchronisation log query; the previous page stays shown while the next loads. */
export function useSyncLog(siteUlid: string, page: number) {
  return useQuery(syncLogQueryOptions(siteUlid, page));
}
