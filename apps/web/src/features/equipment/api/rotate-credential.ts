/**
 * `POST /api/equipment/{ulid}/credential` → 200 `{device_credential}` (SPEC §3 "Equipment"): a new device credential
 * for a gateway, shown once; the previous one stops working. 409 `equipment_not_a_gateway` for a station.
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Issues a new device credential for the gateway `gatewayUlid`. */
export function rotateCredential(gatewayUlid: string): Promise<{ device_credential: string }> {
  return http.post<{ device_credential: string }>(
    `/api/equipment/${encodeURIComponent(gatewayUlid)}/credential`,
    undefined,
    { redirectOnError: false },
  );
}

/** The rotation mutation (nothing cached changes: the credential is never listed). */
export function useRotateCredential() {
  return useMutation({ mutationFn: rotateCredential });
}
