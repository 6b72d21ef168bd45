/**
 * HTTP of the automatic reports' schedule (docs/decisions/018), each route registered from its contract; the `PATCH`
 * is the merge-patch twin of the PCO's `PUT`.
 */
import { automaticReportEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { AutomaticReportsService } from './automatic-reports.service.js';

export async function automaticReportsRoutes(
  app: FastifyInstance,
  { service }: { service: AutomaticReportsService },
): Promise<void> {
  route(app, api.get, (request) => service.read(requireActor(request)));
  const update: EndpointHandler<typeof api.update> = (request) => service.write(requireActor(request), request.body);
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.current(requireActor(request)), update);
  route(app, api.getSite, (request) => service.readSite(requireActor(request), request.params.id));
  route(app, api.updateSite, (request) => service.writeSite(requireActor(request), request.params.id, request.body));
}
