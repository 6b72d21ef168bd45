/**
 * HTTP of the product catalogue (issue 12): each route registered from its contract; the `PATCH` is the merge-patch
 * twin of the `PUT`. A `DELETE` answers 204, or 200 with the product when it was archived instead.
 */
import { productEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { ProductsService } from './products.service.js';

/** Registers the product catalogue routes. */
export async function productsRoutes(app: FastifyInstance, { service }: { service: ProductsService }): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.get, (request) => service.get(requireActor(request), request.params.ulid));
  route(app, api.create, (request) => service.create(requireActor(request), request.body));
  const update: EndpointHandler<typeof api.update> = (request) =>
    service.update(requireActor(request), request.params.ulid, request.body);
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.current(requireActor(request), request.params.ulid), update);
  route(app, api.remove, async (request, reply) => {
    const archived = await service.remove(requireActor(request), request.params.ulid);
    if (archived) return archived;
    return reply.code(204).send();
  });
}
