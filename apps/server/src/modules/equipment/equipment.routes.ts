/**
 * HTTP of equipment (issue 5; SPEC §3 "Equipment", §2.7 "Sites: detail with equipment list"): the space's equipment
 * list, a site's equipment list and registration, one equipment, its correction and removal, a gateway's credential
 * rotation and a station's readings, each route registered from its contract (PCO action). The `PUT` already keeps
 * what it leaves out and clears what it sets to `null`, so a merge patch of it (`PATCH`, RFC 7396: no nested objects
 * here) is checked by the `PUT` body schema as it is and handled by the `PUT`'s handler.
 */
import { equipmentEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { validationFailed } from '../../platform/errors/app-error.js';
import { issuesToViolations } from '../../platform/errors/error-handler.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import type { EquipmentService } from './equipment.service.js';
import type { ReadingsService } from './readings.service.js';

export async function equipmentRoutes(
  app: FastifyInstance,
  { service, readings }: { service: EquipmentService; readings: ReadingsService },
): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.listOfSite, (request) => service.listOfSite(requireActor(request), request.params.id, request.url));
  route(app, api.register, (request) => service.register(requireActor(request), request.params.id, request.body));
  route(app, api.get, (request) => service.detail(requireActor(request), request.params.ulid));
  const update: EndpointHandler<typeof api.update> = (request) =>
    service.update(requireActor(request), request.params.ulid, request.body);
  route(app, api.update, update);
  route(app, api.patch, async (request, reply) => {
    const parsed = await api.update.body.safeParseAsync(request.body);
    if (!parsed.success) throw validationFailed(...issuesToViolations(parsed.error.issues));
    (request as { body: unknown }).body = parsed.data;
    return update(request as unknown as Parameters<typeof update>[0], reply);
  });
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.ulid));
  route(app, api.rotateCredential, (request) => service.rotateCredential(requireActor(request), request.params.ulid));
  route(app, api.readings, (request) => readings.series(requireActor(request), request.params.ulid, request.query));
}
