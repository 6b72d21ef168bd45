/**
 * `POST /api/equipment/{ulid}/credential` → 200 `{device_credential}` (SPEC §3 "Equipment"): a new device credential
 * for a gateway, shown once; the previous one stops working. 409 `equipment_not_a_gateway` for a station.
 */
import { equipmentEndpoints } from '@isoptera/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Issues a new device credential for the gateway `gatewayUlid`. */
export function rotateCredential(gatewayUlid: string): Promise<{ device_credential: string }> {
  return callEndpoint(equipmentEndpoints.rotateCredential, { params: { ulid: gatewayUlid }, redirectOnError: false });
}

/** The rotation mutation (nothing cached changes: the credential is never listed). */
export function useRotateCredential() {
  return useMutation({ mutationFn: rotateCredential });
}
