/** `DELETE /api/clients/{id}` → 204: the client with its contacts, sites, contracts and visits (SPEC §7). */
import { clientEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { clientKeys } from '../../../shared/api/resources/clients';
import { refreshAfterDeletion } from '../../../shared/api/resources/invalidation';

/** Deletes a client of the current PCO. */
export function deleteClient(ulid: string): Promise<void> {
  return callEndpoint(clientEndpoints.remove, { params: { id: ulid }, redirectOnError: false }) as Promise<void>;
}

/**
 * The delete mutation: refreshes every view of clients, sites and visits (the client's are gone with it) and forgets
 * the deleted client's details once no screen shows them.
 */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_answer, ulid) => refreshAfterDeletion(queryClient, 'clients', [clientKeys.detail(ulid)]),
  });
}
