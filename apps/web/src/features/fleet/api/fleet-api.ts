/**
 * The fleet health calls (issue 15; contracts `overviewEndpoints.fleetHealth`, `substitutionEndpoints`): one page of
 * the PCOs' health (`GET /api/fleet_health`, the previous page kept while the next loads) and the drill-down into a
 * PCO — the substitution of issue 4 (`connect-on-pco`, 204), then the app reloads on `/` as the PCO's owner.
 */
import { overviewEndpoints, substitutionEndpoints, type UserType } from '@isoptera/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { type FleetListState, fleetHealthRequest } from '../lib/fleet-list-state';

export const fleetKeys = {
  all: ['fleet-health'] as const,
  list: (query: object) => ['fleet-health', 'list', query] as const,
};

/** One page of the fleet health for the list state. */
export function useFleetHealth(state: FleetListState) {
  const query = fleetHealthRequest(state);
  return useQuery({
    queryKey: fleetKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(overviewEndpoints.fleetHealth, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Enters the PCO `ulid` as its owner: an admin any PCO, a dealer one of its own (issue 4). */
export function enterPco(actorType: UserType, ulid: string): Promise<void> {
  const endpoint =
    actorType === 'admin' ? substitutionEndpoints.adminConnectOnPco : substitutionEndpoints.dealerConnectOnPco;
  return callEndpoint(endpoint, { body: { connected_on_pco_ulid: ulid } });
}

/** The drill-down: enters the PCO, then reloads the app on `/` (BaseRoute sends the owner to Home). */
export function useEnterPco(actorType: UserType) {
  return useMutation({
    mutationFn: (ulid: string) => enterPco(actorType, ulid),
    onSuccess: () => window.location.assign('/'),
  });
}
