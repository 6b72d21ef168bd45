/** `DELETE /api/clients/{id}` → 204: the client with its contacts, sites, contracts and visits (SPEC §7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { clientKeys } from './client-keys';

/** Deletes a client of the current PCO. */
export function deleteClient(ulid: string): Promise<void> {
  return http.delete(`/api/clients/${encodeURIComponent(ulid)}`, { redirectOnError: false });
}

/** The delete mutation; refreshes every other clients query and forgets the deleted client's details. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_answer, ulid) => {
      const deleted = clientKeys.detail(ulid).join('/');
      // the deleted client's details are not fetched again (404): they are dropped once no screen shows them
      void queryClient.invalidateQueries({
        queryKey: clientKeys.all,
        predicate: (query) => query.queryKey.join('/') !== deleted,
      });
      setTimeout(() => queryClient.removeQueries({ queryKey: clientKeys.detail(ulid), type: 'inactive' }), 0);
    },
  });
}
