/**
 * HTTP of sites (SPEC §7 "Sites"): each route is registered from its contract (`siteEndpoints`); the `PATCH` of a site
 * contact is the merge-patch twin of its `PUT` (same handler, applied to the current body).
 */
import { siteEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { answerTagged, ifMatchOf } from '../../platform/http/entity-tag.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { SitesService } from './sites.service.js';

export async function sitesRoutes(app: FastifyInstance, { service }: { service: SitesService }): Promise<void> {
  route(app, api.list, (request) =>
    request.query.pagination === 'false'
      ? service.listAll(requireActor(request), request.query, request.url)
      : service.list(requireActor(request), request.query, request.url),
  );
  route(app, api.search, (request) => service.search(requireActor(request), request.query));
  route(app, api.get, (request, reply) =>
    answerTagged(reply, service.detail(requireActor(request), request.params.id)),
  );
  route(app, api.light, (request) => service.light(requireActor(request), request.params.id));
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.id));
  route(app, api.createContact, (request) => service.create(requireActor(request), request.body));
  const updateContact: EndpointHandler<typeof api.updateContact> = (request, reply) =>
    answerTagged(reply, service.update(requireActor(request), request.params.id, request.body, ifMatchOf(request)));
  route(app, api.updateContact, updateContact);
  routeMergePatch(
    app,
    api.patchContact,
    (request) => service.current(requireActor(request), request.params.id),
    updateContact,
  );
}
