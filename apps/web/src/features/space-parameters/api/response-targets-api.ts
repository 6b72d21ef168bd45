/**
 * Response targets of the current PCO space (issue 15 "Alert → visit on a response clock"; contract
 * `responseClockEndpoints.getTargets` / `updateTargets`): `GET /api/alert_response_targets` (PCO action);
 * `PUT /api/alert_response_targets` (PCO owner) → the stored targets, 422 `response_target_invalid` per field.
 */
import { type ResponseTargets, type ResponseTargetsResource, responseClockEndpoints } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

export const responseTargetsKey = ['space-parameters', 'response-targets'] as const;

/** The targets of the current space (the defaults until an owner saves them), in hours by alert type. */
export function useResponseTargets() {
  return useQuery({
    queryKey: responseTargetsKey,
    queryFn: ({ signal }) => callEndpoint(responseClockEndpoints.getTargets, { signal, redirectOnError: false }),
  });
}

/** Saves every target; answers the stored targets. */
export function saveResponseTargets(body: ResponseTargets): Promise<ResponseTargetsResource> {
  return callEndpoint(responseClockEndpoints.updateTargets, { body });
}
