/**
 * HTTP of alerts (issue 5 "Alerts"; SPEC §2.7 "Sites" alert log): the space's alerts and one alert, a site's alert
 * log, acknowledging an alert, and the space's alert thresholds (the `PATCH` being the merge-patch twin of the `PUT`),
 * each registered from its contract. The live events are in alert-events.routes.ts.
 */
import { alertEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { AlertsService } from './alerts.service.js';

export async function alertsRoutes(app: FastifyInstance, { service }: { service: AlertsService }): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.get, (request) => service.detail(requireActor(request), request.params.ulid));
  route(app, api.siteLog, (request) =>
    service.log(requireActor(request), request.params.id, request.query, request.url),
  );
  route(app, api.acknowledge, (request) => service.acknowledge(requireActor(request), request.params.ulid));
  route(app, api.getSettings, (request) => service.readSettings(requireActor(request)));
  const updateSettings: EndpointHandler<typeof api.updateSettings> = (request) =>
    service.writeSettings(requireActor(request), request.body);
  route(app, api.updateSettings, updateSettings);
  routeMergePatch(app, api.patchSettings, (request) => service.currentSettings(requireActor(request)), updateSettings);
}
