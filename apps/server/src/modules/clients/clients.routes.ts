/** HTTP of clients and their contacts (SPEC §7 "Clients"): each route is registered from its contract. */
import { clientEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { ClientsService } from './clients.service.js';

export async function clientsRoutes(app: FastifyInstance, { service }: { service: ClientsService }): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.search, (request) => service.search(requireActor(request), request.query));
  route(app, api.get, (request) => service.detail(requireActor(request), request.params.id));
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.id));
  route(app, api.createContact, (request) =>
    service.createContact(requireActor(request), request.body.client, request.body.contact),
  );
  route(app, api.updateContact, (request) =>
    service.updateContact(requireActor(request), request.params.id, request.body),
  );
  route(app, api.makePrimary, (request) => service.makePrimary(requireActor(request), request.params.id));
  route(app, api.removeContact, (request) => service.removeContact(requireActor(request), request.params.id));
}
