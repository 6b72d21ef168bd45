/**
 * `DELETE /api/equipment/{ulid}` → 204 (SPEC §3 "Equipment"): the equipment goes with its readings and alerts, and
 * the site's priority is recomputed; the stations of a removed gateway stay, without gateway.
 */
import { type Equipment, equipmentEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { equipmentKeys, SITES_KEY } from './equipment-keys';

/** Removes the equipment. */
export function deleteEquipment(equipment: Pick<Equipment, 'ulid'>): Promise<void> {
  return callEndpoint(equipmentEndpoints.remove, { params: { ulid: equipment.ulid }, redirectOnError: false });
}

/** The removal mutation; refreshes the site's equipment and the sites. */
export function useDeleteEquipment(siteUlid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: equipmentKeys.site(siteUlid) }),
        queryClient.invalidateQueries({ queryKey: SITES_KEY }),
      ]),
  });
}
