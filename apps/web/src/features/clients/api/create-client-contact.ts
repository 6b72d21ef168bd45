/**
 * `POST /api/client_contacts` → 201 `{client, contact}` (SPEC §7): a new client with its primary contact
 * (`client` = `{name, company}`), or an alternative contact of an existing client (`client` = its IRI).
 */
import { type ClientContactAnswer, type CreateClientContactBody, clientEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Creates a client with its main contact, or adds a contact to a client. */
export function createClientContact(body: CreateClientContactBody): Promise<ClientContactAnswer> {
  return callEndpoint(clientEndpoints.createContact, { body, redirectOnError: false });
}

/** The create mutation; refreshes every view of clients and of what shows them. */
export function useCreateClientContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientContact,
    onSuccess: () => invalidateResource(queryClient, 'clients'),
  });
}
