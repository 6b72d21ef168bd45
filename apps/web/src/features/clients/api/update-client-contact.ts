/** `PUT /api/client_contacts/{client_contact_ulid}` → 200 `{client, contact}`: the client's name and kind and one contact. */
import { type ClientContactAnswer, clientEndpoints, type UpdateClientContactBody } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

export interface UpdateClientContactInput {
  clientContactUlid: string;
  body: UpdateClientContactBody;
}

/** Updates a client and one of its contacts. */
export function updateClientContact({
  clientContactUlid,
  body,
}: UpdateClientContactInput): Promise<ClientContactAnswer> {
  return callEndpoint(clientEndpoints.updateContact, {
    params: { id: clientContactUlid },
    body,
    redirectOnError: false,
  });
}

/** The update mutation; refreshes every view of clients and of what shows them (sites, visits). */
export function useUpdateClientContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientContact,
    onSuccess: () => invalidateResource(queryClient, 'clients'),
  });
}
