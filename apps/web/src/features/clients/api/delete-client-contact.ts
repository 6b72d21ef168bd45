/**
 * `DELETE /api/client_contacts/{client_contact_ulid}` → 204: removes an alternative contact; the main contact cannot
 * be deleted (400 `main_contact_cannot_be_deleted`, SPEC §6, §8). Sites whose main contact it was get the client's.
 */
import { clientEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Removes an alternative contact of a client. */
export function deleteClientContact(clientContactUlid: string): Promise<void> {
  return callEndpoint(clientEndpoints.removeContact, {
    params: { id: clientContactUlid },
    redirectOnError: false,
  }) as Promise<void>;
}

/** The delete mutation; refreshes every view of clients and of what shows them (a site's main contact). */
export function useDeleteClientContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientContact,
    onSuccess: () => invalidateResource(queryClient, 'clients'),
  });
}
