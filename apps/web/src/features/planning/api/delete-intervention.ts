/** `DELETE /api/interventions/{ulid}?send_mail=true|false` → 204 (SPEC §7 "Interventions"). */
import type { interventionEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { interventionKeys } from '../../../shared/api/resources/interventions';
import { refreshAfterDeletion } from '../../../shared/api/resources/invalidation';

/** Deletes an intervention; `sendMail` notifies its interveners. Failures stay on the screen. */
export async function deleteIntervention(ulid: string, sendMail: boolean): Promise<void> {
  await callEndpoint<typeof interventionEndpoints.remove>(
    { method: 'DELETE', path: '/api/interventions/:id' },
    { params: { id: ulid }, query: { send_mail: sendMail ? 'true' : 'false' }, redirectOnError: false },
  );
}

/**
 * The delete mutation; once done (a failure too: the visit may be gone already), every view of visits and of sites
 * (status and planned date, ADR 004) refreshes.
 */
export function useDeleteIntervention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ulid, sendMail }: { ulid: string; sendMail: boolean }) => deleteIntervention(ulid, sendMail),
    onSettled: (_answer, _error, { ulid }) =>
      refreshAfterDeletion(queryClient, 'interventions', [interventionKeys.detail(ulid)]),
  });
}
