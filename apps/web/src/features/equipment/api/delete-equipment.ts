/**
 * `DELETE /api/equipment/{ulid}` → 204 (SPEC §3 "Equipment"): the equipment goes with its readings and alerts, and
 * the site's priority is recomputed; the stations of a removed gateway stay, without gateway.
 */
import { type Equipment, equipmentEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Removes the equipment. */
export function deleteEquipment(equipment: Pick<Equipment, 'ulid'>): Promise<void> {
  return callEndpoint(equipmentEndpoints.remove, { params: { ulid: equipment.ulid }, redirectOnError: false });
}

/** The removal mutation; refreshes every view of equipment and of what shows it (the site's priority, the logs). */
export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipment,
    onSuccess: () => invalidateResource(queryClient, 'equipment'),
  });
}
