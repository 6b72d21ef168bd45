/** `PUT /api/client_contacts/{client_contact_ulid}` → 200 `{client, contact}`: the client's name and kind and one contact. */
import { type ClientContactAnswer, clientEndpoints, type UpdateClientContactBody } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { ifMatch } from '../../../shared/api/http-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

export interface UpdateClientContactInput {
  clientContactUlid: string;
  body: UpdateClientContactBody;
  /** The `ETag` of the client as the form loaded it: sent as `If-Match` (412 `edit_conflict` if it changed since). */
  entityTag?: string;
}

/** Updates a client and one of its contacts. */
export function updateClientContact({
  clientContactUlid,
  body,
  entityTag,
}: UpdateClientContactInput): Promise<ClientContactAnswer> {
  return callEndpoint(clientEndpoints.updateContact, {
    params: { id: clientContactUlid },
    body,
    headers: ifMatch(entityTag),
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
