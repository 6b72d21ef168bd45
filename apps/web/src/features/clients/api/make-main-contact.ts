/**
 * `PUT /api/client_contacts/{client_contact_ulid}/primary` → 200 `{client, contact}`: that contact becomes the client's
 * main contact; the previous main contact becomes an alternative one.
 */
import { type ClientContactAnswer, clientEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Makes a contact the client's main contact. */
export function makeMainContact(clientContactUlid: string): Promise<ClientContactAnswer> {
  return callEndpoint(clientEndpoints.makePrimary, { params: { id: clientContactUlid }, redirectOnError: false });
}

/** The make-main mutation; refreshes every view of clients and of what shows them. */
export function useMakeMainContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMainContact,
    onSuccess: () => invalidateResource(queryClient, 'clients'),
  });
}
