/**
 * HTTP of interventions (SPEC §7 "Interventions"): each route is registered from its contract; the `PATCH` is the
 * merge-patch twin of the `PUT` (same handler, applied to the visit's current body).
 */
import { interventionEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { answerTagged, ifMatchOf } from '../../platform/http/entity-tag.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { InterventionsService } from './interventions.service.js';

export async function interventionsRoutes(
  app: FastifyInstance,
  { service }: { service: InterventionsService },
): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.get, (request, reply) => answerTagged(reply, service.get(requireActor(request), request.params.id)));
  route(app, api.create, (request) => service.create(requireActor(request), request.body));
  const update: EndpointHandler<typeof api.update> = (request, reply) =>
    answerTagged(reply, service.update(requireActor(request), request.params.id, request.body, ifMatchOf(request)));
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.current(requireActor(request), request.params.id), update);
  route(app, api.remove, (request) =>
    service.remove(requireActor(request), request.params.id, request.query.send_mail === 'true'),
  );
}
