/**
 * HTTP of clients and their contacts (SPEC §7 "Clients"): each route is registered from its contract; the `PATCH` of a
 * client contact is the merge-patch twin of its `PUT` (same handler, applied to the current body). A client's `GET`
 * answers its `ETag`; the edit of a client contact checks `If-Match` against the client's version (entity-tag.ts).
 */
import { clientEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { answerTagged, ifMatchOf } from '../../platform/http/entity-tag.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { ClientsService } from './clients.service.js';

export async function clientsRoutes(app: FastifyInstance, { service }: { service: ClientsService }): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.search, (request) => service.search(requireActor(request), request.query));
  route(app, api.get, (request, reply) =>
    answerTagged(reply, service.detail(requireActor(request), request.params.id)),
  );
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.id));
  route(app, api.createContact, (request) =>
    service.createContact(
      requireActor(request),
      request.body.client,
      request.body.contact,
      request.body.alternatives ?? [],
    ),
  );
  const updateContact: EndpointHandler<typeof api.updateContact> = (request, reply) =>
    answerTagged(
      reply,
      service.updateContact(requireActor(request), request.params.id, request.body, ifMatchOf(request)),
    );
  route(app, api.updateContact, updateContact);
  routeMergePatch(
    app,
    api.patchContact,
    (request) => service.currentContact(requireActor(request), request.params.id),
    updateContact,
  );
  route(app, api.makePrimary, (request) => service.makePrimary(requireActor(request), request.params.id));
  route(app, api.removeContact, (request) => service.removeContact(requireActor(request), request.params.id));
}
