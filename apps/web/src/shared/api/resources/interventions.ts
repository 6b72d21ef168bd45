/**
 * The interventions resource of the web app (SPEC §7 "Interventions"): its query keys — every query of a visit lives
 * under `['interventions']`: the planning's list and calendar, Home's upcoming services, a site's visits, one visit —
 * and the read of one visit.
 */
import type { Intervention, interventionEndpoints } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../endpoint-client';
import { shareVersioned } from './versioned';

/** Query keys of interventions. */
export const interventionKeys = {
  all: ['interventions'] as const,
  /** The planning list for `filters` (pages loaded one after the other). */
  list: (filters: object) => ['interventions', 'list', filters] as const,
  /** Every visit matching `filters` whose start day is in `start`..`end` (the calendar). */
  range: (filters: object, start: string, end: string) => ['interventions', 'range', filters, start, end] as const,
  /** Home's upcoming services. */
  upcoming: (start: string, end: string) => ['interventions', 'upcoming', start, end] as const,
  /** The visits of a site (its detail screen). */
  ofSite: (siteUlid: string) => ['interventions', 'site', siteUlid] as const,
  detail: (ulid: string) => ['interventions', 'detail', ulid] as const,
};

/** `GET /api/interventions/{ulid}`: the visit with its site, client and interveners; a 404 stays with the caller. */
export function getIntervention(ulid: string, signal?: AbortSignal): Promise<Intervention> {
  return callEndpoint<typeof interventionEndpoints.get>(
    { method: 'GET', path: '/api/interventions/:id' },
    { params: { id: ulid }, signal, redirectOnError: false },
  );
}

/** Query options of one visit (always fresh: the panel reloads it on each opening, SPEC §2.5). */
export function interventionQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: interventionKeys.detail(ulid),
    queryFn: ({ signal }) => getIntervention(ulid, signal),
    enabled: ulid !== '',
    structuralSharing: shareVersioned,
    staleTime: 0,
  });
}
