/** `DELETE /api/interventions/{ulid}?send_mail=true|false` → 204 (SPEC §7 "Interventions"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';

/** Deletes an intervention; `sendMail` notifies its interveners. Failures stay on the screen. */
export function deleteIntervention(ulid: string, sendMail: boolean): Promise<void> {
  return http.delete(`/api/interventions/${encodeURIComponent(ulid)}`, {
    query: { send_mail: sendMail ? 'true' : 'false' },
    redirectOnError: false,
  });
}

/** The delete mutation; refreshes every intervention query once done. */
export function useDeleteIntervention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ulid, sendMail }: { ulid: string; sendMail: boolean }) => deleteIntervention(ulid, sendMail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['interventions'] }),
  });
}
