/**
 * HTTP of the space settings (SPEC §2.7 "Space settings", issue 4): `/api/space_parameters`, each route registered
 * from its contract (owner action of the actor's current space; the `PATCH` is the merge-patch twin of the `PUT`). The logo (`POST /api/space_parameters/logo`, spaces
 * module) and the audit trail (`GET …/audit`, substitution module) are registered by the modules that own them.
 */
import { spaceParametersEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { SpaceParametersService } from './space-parameters.service.js';

export async function spaceParametersRoutes(
  app: FastifyInstance,
  { service }: { service: SpaceParametersService },
): Promise<void> {
  route(app, api.get, (request) => service.read(requireActor(request)));
  const update: EndpointHandler<typeof api.update> = (request) => service.update(requireActor(request), request.body);
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.currentBody(requireActor(request)), update);
  route(app, api.transfer, (request) => service.transfer(requireActor(request), request.body));
  route(app, api.remove, (request) => service.remove(requireActor(request), request.body));
}
