/** HTTP of clients and their contacts (SPEC §7 "Clients"). Every route requires the PCO action (owner or manager). */
import {
  ACTIONS,
  clientListQuery,
  clientSearchQuery,
  createClientContactBody,
  updateClientContactBody,
} from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { ClientsService } from './clients.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const idParams = z.object({ id: z.string().describe('ULID of the client') });
const linkParams = z.object({ id: z.string().describe('ULID of the client↔contact link (client_contact_ulid)') });

export const clientsRoutes: FastifyPluginAsyncZod<{ service: ClientsService }> = async (app, { service }) => {
  app.get(
    '/api/clients',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: 'Clients of the space (hydra collection, 30 a page)',
        description:
          'Filters: `name` (case-insensitive contains), `company` (true: companies, false: private individuals), ' +
          '`order[name]`, `order[updated_at]` (default name ascending), `page`, `itemsPerPage` (≤ 100), `ulid[]`.',
        querystring: clientListQuery,
      },
    },
    async (request) => service.list(requireActor(request), request.query, request.url),
  );

  app.get(
    '/api/clients/search',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: 'Search clients by name: {list: [{@id, ulid, name, last_updated_at}], total}, 30 a page',
        description:
          'Used by the global search and the client pickers (SPEC §2.4). An empty `name` lists every client.',
        querystring: clientSearchQuery,
      },
    },
    async (request) => service.search(requireActor(request), request.query),
  );

  app.get(
    '/api/clients/:id',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: 'A client with its primary contact, other contacts, sites and latest contract',
        params: idParams,
      },
    },
    async (request) => service.detail(requireActor(request), request.params.id),
  );

  app.delete(
    '/api/clients/:id',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: 'Delete a client with its contacts, sites, contracts and interventions (204)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/client_contacts',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary:
          'Create a client with its primary contact, or add an alternative contact to a client (201 {client, contact})',
        description:
          '`client` is either `{name, company}` (a new client; `contact` becomes its primary contact) or the IRI ' +
          '`/api/clients/{ulid}` of an existing client (`contact` becomes an alternative contact; 404 when unknown).',
        body: createClientContactBody,
      },
    },
    async (request, reply) => {
      const answer = await service.createContact(requireActor(request), request.body.client, request.body.contact);
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/api/client_contacts/:id',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: "Update a client's name and kind and one of its contacts (200 {client, contact})",
        params: linkParams,
        body: updateClientContactBody,
      },
    },
    async (request) => service.updateContact(requireActor(request), request.params.id, request.body),
  );

  app.put(
    '/api/client_contacts/:id/primary',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary: "Make this contact the client's main contact (200 {client, contact})",
        description: 'The previous main contact becomes an alternative contact. No body.',
        params: linkParams,
      },
    },
    async (request) => service.makePrimary(requireActor(request), request.params.id),
  );

  app.delete(
    '/api/client_contacts/:id',
    {
      config: { access },
      schema: {
        tags: ['Clients'],
        summary:
          'Remove an alternative contact (204); the main contact cannot be deleted (400 main_contact_cannot_be_deleted)',
        description: "The client's sites whose main contact it was get the client's main contact.",
        params: linkParams,
      },
    },
    async (request, reply) => {
      await service.removeContact(requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
