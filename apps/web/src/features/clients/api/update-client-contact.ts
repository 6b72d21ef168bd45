/** `PUT /api/client_contacts/{client_contact_ulid}` → 200 `{client, contact}`: the client's name and kind and one contact. */
import type { ClientContactAnswer, UpdateClientContactBody } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import { clientKeys } from './client-keys';

export interface UpdateClientContactInput {
  clientContactUlid: string;
  body: UpdateClientContactBody;
}

/** Updates a client and one of its contacts. */
export function updateClientContact({
  clientContactUlid,
  body,
}: UpdateClientContactInput): Promise<ClientContactAnswer> {
  return http.put<ClientContactAnswer>(`/api/client_contacts/${encodeURIComponent(clientContactUlid)}`, body, {
    redirectOnError: false,
  });
}

/** The update mutation; refreshes every clients query. */
export function useUpdateClientContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
