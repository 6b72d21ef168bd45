/**
 * HTTP of equipment (issue 5; SPEC §3 "Equipment", §2.7 "Sites: detail with equipment list"): a site's equipment list
 * and registration, one equipment, its correction and removal, a gateway's credential rotation and a station's
 * readings, each route registered from its contract (PCO action).
 */
import { equipmentEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { EquipmentService } from './equipment.service.js';
import type { ReadingsService } from './readings.service.js';

export async function equipmentRoutes(
  app: FastifyInstance,
  { service, readings }: { service: EquipmentService; readings: ReadingsService },
): Promise<void> {
  route(app, api.listOfSite, (request) => service.listOfSite(requireActor(request), request.params.id, request.url));
  route(app, api.register, (request) => service.register(requireActor(request), request.params.id, request.body));
  route(app, api.get, (request) => service.detail(requireActor(request), request.params.ulid));
  route(app, api.update, (request) => service.update(requireActor(request), request.params.ulid, request.body));
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.ulid));
  route(app, api.rotateCredential, (request) => service.rotateCredential(requireActor(request), request.params.ulid));
  route(app, api.readings, (request) => readings.series(requireActor(request), request.params.ulid, request.query));
}
