/** The endpoints of clients and their contacts (SPEC §7 "Clients"). Every one requires the PCO action. */
import { z } from 'zod';
import {
  clientContactAnswer,
  clientDetail,
  clientListItem,
  clientListQuery,
  clientSearchQuery,
  clientSearchResult,
  createClientContactBody,
  updateClientContactBody,
} from './clients.js';
import { defineEndpoint } from './endpoint.js';
import { hydraCollectionOf } from './jsonld.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Clients'] as const;
const clientParams = z.object({ id: z.string().describe('ULID of the client') });
const linkParams = z.object({ id: z.string().describe('ULID of the client↔contact link (client_contact_ulid)') });

/** `PUT /api/client_contacts/{id}`, declared apart: its merge-patch twin `patchContact` is made from it. */
const updateContact = defineEndpoint({
  operationId: 'updateClientContact',
  method: 'PUT',
  path: '/api/client_contacts/:id',
  tags,
  access,
  summary: "Update a client's name and kind and one of its contacts (200 {client, contact})",
  params: linkParams,
  body: updateClientContactBody,
  responses: { 200: clientContactAnswer },
  errors: ['contact_not_found'],
  entityTag: 'checks',
});

export const clientEndpoints = {
  list: defineEndpoint({
    operationId: 'listClients',
    method: 'GET',
    path: '/api/clients',
    tags,
    access,
    summary: 'Clients of the space (hydra collection, 30 a page)',
    description:
      'Filters: `name` (case-insensitive contains), `company` (true: companies, false: private individuals), ' +
      '`order[name]`, `order[updated_at]` (default name ascending), `page`, `itemsPerPage` (≤ 100), `ulid[]`.',
    query: clientListQuery,
    responses: { 200: hydraCollectionOf(clientListItem).meta({ id: 'ClientCollection' }) },
  }),
  search: defineEndpoint({
    operationId: 'searchClients',
    method: 'GET',
    path: '/api/clients/search',
    tags,
    access,
    summary: 'Search clients by name: {list: [{@id, ulid, name, last_updated_at}], total}, 30 a page',
    description: 'Used by the global search and the client pickers (SPEC §2.4). An empty `name` lists every client.',
    query: clientSearchQuery,
    responses: { 200: clientSearchResult },
  }),
  get: defineEndpoint({
    operationId: 'getClient',
    method: 'GET',
    path: '/api/clients/:id',
    tags,
    access,
    summary: 'A client with its primary contact, other contacts, sites and latest contract',
    params: clientParams,
    responses: { 200: clientDetail },
    errors: ['client_not_found'],
    entityTag: 'answers',
  }),
  remove: defineEndpoint({
    operationId: 'deleteClient',
    method: 'DELETE',
    path: '/api/clients/:id',
    tags,
    access,
    summary: 'Delete a client with its contacts, sites, contracts and interventions (204)',
    params: clientParams,
    responses: { 204: null },
    errors: ['client_not_found'],
  }),
  createContact: defineEndpoint({
    operationId: 'createClientContact',
    method: 'POST',
    path: '/api/client_contacts',
    tags,
    access,
    summary:
      'Create a client with its primary contact, or add an alternative contact to a client (201 {client, contact})',
    description:
      '`client` is either `{name, company}` (a new client; `contact` becomes its primary contact) or the IRI ' +
      '`/api/clients/{ulid}` of an existing client (`contact` becomes an alternative contact; 404 when unknown).',
    body: createClientContactBody,
    idempotent: true,
    responses: { 201: clientContactAnswer },
    errors: ['client_not_found'],
  }),
  updateContact,
  patchContact: defineMergePatchOf(updateContact, {
    operationId: 'patchClientContact',
    summary: "Partly update a client's name and kind and one of its contacts (merge patch; 200 {client, contact})",
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: `{"contact": {"firstname": "Sophie"}}` changes the first name ' +
      'only, `null` removes an optional member (`notes`). The patched body must pass the PUT rules (same violations).',
  }),
  makePrimary: defineEndpoint({
    operationId: 'makeClientContactPrimary',
    method: 'PUT',
    path: '/api/client_contacts/:id/primary',
    tags,
    access,
    summary: "Make this contact the client's main contact (200 {client, contact})",
    description: 'The previous main contact becomes an alternative contact. No body.',
    params: linkParams,
    responses: { 200: clientContactAnswer },
    errors: ['contact_not_found', 'conflict'],
  }),
  removeContact: defineEndpoint({
    operationId: 'deleteClientContact',
    method: 'DELETE',
    path: '/api/client_contacts/:id',
    tags,
    access,
    summary:
      'Remove an alternative contact (204); the main contact cannot be deleted (400 main_contact_cannot_be_deleted)',
    description: "The client's sites whose main contact it was get the client's main contact.",
    params: linkParams,
    responses: { 204: null },
    errors: ['contact_not_found', 'main_contact_cannot_be_deleted'],
  }),
};
