/**
 * `PUT /api/client_contacts/{client_contact_ulid}/primary` → 200 `{client, contact}`: that contact becomes the client's
 * main contact; the previous main contact becomes an alternative one.
 */
import type { ClientContactAnswer } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { clientKeys } from './client-keys';

/** Makes a contact the client's main contact. */
export function makeMainContact(clientContactUlid: string): Promise<ClientContactAnswer> {
  return http.put<ClientContactAnswer>(
    `/api/client_contacts/${encodeURIComponent(clientContactUlid)}/primary`,
    undefined,
    {
      redirectOnError: false,
    },
  );
}

/** The make-main mutation; refreshes every clients query. */
export function useMakeMainContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMainContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
