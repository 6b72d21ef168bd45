/**
 * `POST /api/client_contacts` → 201 `{client, contact}` (SPEC §7): a new client with its primary contact
 * (`client` = `{name, company}`), or an alternative contact of an existing client (`client` = its IRI).
 */
import { type ClientContactAnswer, type CreateClientContactBody, clientEndpoints } from '@isoptera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** Creates a client with its main contact, or adds a contact to a client (`idempotencyKey`: ADR 027). */
export function createClientContact(
  body: CreateClientContactBody,
  idempotencyKey?: string,
): Promise<ClientContactAnswer> {
  return callEndpoint(clientEndpoints.createContact, { body, idempotencyKey, redirectOnError: false });
}

/**
 * The create mutation, with this form's `Idempotency-Key` (a double click or a retry creates one client); refreshes
 * every view of clients and of what shows them.
 */
export function useCreateClientContact() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: CreateClientContactBody) => createClientContact(body, keys.keyFor(body)),
    onSuccess: () => {
      keys.renew();
      return invalidateResource(queryClient, 'clients');
    },
  });
}
