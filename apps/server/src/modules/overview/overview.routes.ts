/**
 * HTTP of the overview per space (issue 15): the PCO Home's site map and the fleet health of dealers and admins, each
 * registered from its contract (`overviewEndpoints`).
 */
import { overviewEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { OverviewService } from './overview.service.js';

export async function overviewRoutes(app: FastifyInstance, { service }: { service: OverviewService }): Promise<void> {
  route(app, api.siteMap, (request) => service.siteMap(requireActor(request)));
  route(app, api.fleetHealth, (request) => service.fleetHealth(requireActor(request), request.query, request.url));
}
