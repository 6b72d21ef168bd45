/**
 * `DELETE /api/client_contacts/{client_contact_ulid}` → 204: removes an alternative contact; the main contact cannot
 * be deleted (400 `main_contact_cannot_be_deleted`, SPEC §6, §8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { clientKeys } from './client-keys';

/** Removes an alternative contact of a client. */
export function deleteClientContact(clientContactUlid: string): Promise<void> {
  return http.delete(`/api/client_contacts/${encodeURIComponent(clientContactUlid)}`, { redirectOnError: false });
}

/** The delete mutation; refreshes every clients query. */
export function useDeleteClientContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
