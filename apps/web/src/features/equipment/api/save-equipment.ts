/**
 * Registering and correcting equipment (SPEC §3 "Equipment"):
 * - `POST /api/sites/{ulid}/equipment` with `equipmentInput` → 201 `EquipmentCreated` (a gateway's
 *   `device_credential` is in this answer only); 409 `serial_number_already_exist`, 422 violations (`gateway_invalid`…);
 * - `PUT /api/equipment/{ulid}` with `equipmentUpdateInput`: every field but `kind` and `serial_number` (which never
 *   change) → 200 `Equipment`.
 * Refreshes the equipment, the sites (a site's priority may change) and the alert logs.
 */
import {
  equipmentEndpoints as api,
  type Equipment,
  type EquipmentCreated,
  type EquipmentInput,
  type EquipmentUpdateInput,
} from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

export interface SaveEquipmentInput {
  siteUlid: string;
  body: EquipmentInput;
  /** The equipment being edited; absent to register a new one. */
  equipment?: Equipment;
}

/** Registers (POST, with `idempotencyKey`: ADR 027) or updates (PUT) an equipment; resolves with the answer. */
export function saveEquipment(
  { siteUlid, body, equipment }: SaveEquipmentInput,
  idempotencyKey?: string,
): Promise<EquipmentCreated> {
  if (!equipment) {
    return callEndpoint(api.register, { params: { id: siteUlid }, body, idempotencyKey, redirectOnError: false });
  }
  const { kind: _kind, serial_number: _serial, ...rest } = body;
  const changes: EquipmentUpdateInput = rest;
  return callEndpoint(api.update, { params: { ulid: equipment.ulid }, body: changes, redirectOnError: false });
}

/** The save mutation; refreshes every view of equipment and of what shows it on success. */
export function useSaveEquipment() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: SaveEquipmentInput) =>
      saveEquipment(input, input.equipment ? undefined : keys.keyFor([input.siteUlid, input.body])),
    onSuccess: () => {
      keys.renew();
      return invalidateResource(queryClient, 'equipment');
    },
  });
}
