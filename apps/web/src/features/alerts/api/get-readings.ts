/**
 * `GET /api/equipment/{ulid}/readings?from&to` (PCO action; contract `ReadingSeries`): a station's readings over a
 * period (ISO 8601 date-times, at most 400 days), oldest first, averaged into at most 500 buckets (`bucketed`).
 */
import { equipmentEndpoints, type ReadingSeries } from '@isoptera/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { type PeriodPreset, presetPeriod, type ReadingsPeriod } from '../lib/readings';
import { alertsKeys } from './alerts-keys';

/** The readings of `stationUlid` between `from` and `to` (ISO 8601). */
export function getReadings(
  stationUlid: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<ReadingSeries> {
  return callEndpoint(equipmentEndpoints.readings, {
    params: { ulid: stationUlid },
    query: { from, to },
    signal,
    redirectOnError: false,
  });
}

/**
 * Query options of the readings over `period`: a preset ('30d') is computed at each fetch, up to that moment, so that
 * a refresh (e.g. on a live alert) includes the readings received since; a custom period is fixed.
 */
export function readingsQueryOptions(stationUlid: string, period: PeriodPreset | ReadingsPeriod) {
  return queryOptions({
    queryKey:
      typeof period === 'string'
        ? alertsKeys.readings(stationUlid, period)
        : alertsKeys.readings(stationUlid, period.from, period.to),
    queryFn: ({ signal }) => {
      const { from, to } = typeof period === 'string' ? presetPeriod(period) : period;
      return getReadings(stationUlid, from, to, signal);
    },
    placeholderData: keepPreviousData,
    enabled: stationUlid !== '',
  });
}

/** The readings query; the previous period stays shown while the next loads. */
export function useReadings(stationUlid: string, period: PeriodPreset | ReadingsPeriod) {
  return useQuery(readingsQueryOptions(stationUlid, period));
}
