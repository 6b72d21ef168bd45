/**
 * HTTP of the generic user calls (SPEC §7 "Generic /api/users"; issue 14): `POST /api/users` creates a member with
 * a password; `GET`, `PUT`, `DELETE /api/users/{ulid}` are the per-type calls of the actor's current space under one
 * path (same service, same rules). Each route comes from its contract (`genericUserEndpoints`).
 */
import { genericUserEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { UsersService } from './users.service.js';
import type { UsersCreateService } from './users-create.service.js';

export async function genericUsersRoutes(
  app: FastifyInstance,
  { service, create }: { service: UsersService; create: UsersCreateService },
): Promise<void> {
  route(app, api.create, (request) => create.create(requireActor(request), request.body));
  route(app, api.get, (request) => service.detail(requireActor(request), request.params.ulid));
  route(app, api.update, (request) => service.edit(requireActor(request), request.params.ulid, request.body));
  route(app, api.remove, (request) => service.remove(requireActor(request), request.params.ulid));
}
