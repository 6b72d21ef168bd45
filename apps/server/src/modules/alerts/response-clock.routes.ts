/**
 * HTTP of the response clock (issue 15; docs/decisions/019): the response targets (the `PATCH` being the merge-patch
 * twin of the `PUT`), the running clocks, and the proposed visit of an alert, each registered from its contract.
 */
import { responseClockEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { ResponseClockService } from './response-clock.service.js';

export async function responseClockRoutes(
  app: FastifyInstance,
  { service }: { service: ResponseClockService },
): Promise<void> {
  route(app, api.getTargets, (request) => service.readTargets(requireActor(request)));
  const updateTargets: EndpointHandler<typeof api.updateTargets> = (request) =>
    service.writeTargets(requireActor(request), request.body);
  route(app, api.updateTargets, updateTargets);
  routeMergePatch(app, api.patchTargets, (request) => service.currentTargets(requireActor(request)), updateTargets);
  route(app, api.clocks, (request) => service.clocks(requireActor(request)));
  route(app, api.getProposal, (request) => service.proposal(requireActor(request), request.params.ulid));
  route(app, api.acceptProposal, (request) => service.accept(requireActor(request), request.params.ulid, request.body));
  route(app, api.dismissProposal, (request) =>
    service.dismiss(requireActor(request), request.params.ulid, request.body),
  );
}
