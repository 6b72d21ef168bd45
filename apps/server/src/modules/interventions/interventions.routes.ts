/** HTTP of interventions (SPEC §7 "Interventions"): each route is registered from its contract. */
import { interventionEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { InterventionsService } from './interventions.service.js';

export async function interventionsRoutes(
  app: FastifyInstance,
  { service }: { service: InterventionsService },
): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.get, (request) => service.get(requireActor(request), request.params.id));
  route(app, api.create, (request) => service.create(requireActor(request), request.body));
  route(app, api.update, (request) => service.update(requireActor(request), request.params.id, request.body));
  route(app, api.remove, (request) =>
    service.remove(requireActor(request), request.params.id, request.query.send_mail === 'true'),
  );
}
