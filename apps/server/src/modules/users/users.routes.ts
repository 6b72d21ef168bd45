/**
 * HTTP of the members of a space (SPEC §4 "User lifecycle", §6, §7 "Users, per type"): for each user type, the
 * calls under `USERS_PATH[type]` (`/api/user_admins`, `/api/user_dealers`, `/api/user_pcos`), open only to an actor
 * whose current space is of that type and who holds its action (admin action, dealer action, PCO action); plus the
 * PCO people picker search. `PATCH {users}/{ulid}` is the merge-patch twin of the `PUT` (ADR 009). Every call is scoped to the actor's space; each route comes from its contract
 * (`userEndpoints`).
 */
import { USER_TYPES, userEndpoints } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { ReferentSitesService } from './referent-sites.service.js';
import type { UsersService } from './users.service.js';

export async function usersRoutes(
  app: FastifyInstance,
  { service, referentSites }: { service: UsersService; referentSites: ReferentSitesService },
): Promise<void> {
  route(app, userEndpoints.search, (request) => service.search(requireActor(request), request.query));

  for (const type of USER_TYPES) {
    const api = userEndpoints[type];
    route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
    route(app, api.get, (request) => service.detail(requireActor(request), request.params.ulid));
    const update: EndpointHandler<typeof api.update> = (request) =>
      service.edit(requireActor(request), request.params.ulid, request.body);
    route(app, api.update, update);
    routeMergePatch(
      app,
      api.patch,
      (request) => service.currentBody(requireActor(request), request.params.ulid),
      update,
    );
    route(app, api.changeRole, async (request, reply) => {
      const pending = await service.changeRole(requireActor(request), request.params.ulid, request.body.new_role);
      if (pending) return pending;
      reply.code(204);
      return undefined;
    });
    route(app, api.disable, (request) => service.disable(requireActor(request), request.params.ulid));
    route(app, api.enable, (request) => service.enable(requireActor(request), request.params.ulid));
    route(app, api.remove, (request) => service.remove(requireActor(request), request.params.ulid));
    route(app, api.referentSites, (request) =>
      referentSites.list(requireActor(request), request.params.ulid, request.url),
    );
    route(app, api.reassignReferentSites, (request) =>
      referentSites.reassign(requireActor(request), request.params.ulid, request.body),
    );
  }
}
