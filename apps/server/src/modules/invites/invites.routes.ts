/**
 * HTTP of invitations (SPEC §7 "Invites, per type"): the same routes under `/api/invite_admins`,
 * `/api/invite_dealers` and `/api/invite_pcos`, each registered from its contract (`inviteEndpoints`). Managing
 * invitations requires the action of that space type (admin_action, dealer_action, pco_action); the token routes of
 * the activation page are public and rate-limited per IP address.
 */
import { inviteEndpoints, USER_TYPES } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { InvitesService } from './invites.service.js';

/** Public token routes: at most this many requests a minute per IP address and route (429 with `Retry-After`). */
export const INVITE_TOKEN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export async function invitesRoutes(app: FastifyInstance, { service }: { service: InvitesService }): Promise<void> {
  const limited = { config: { rateLimit: INVITE_TOKEN_RATE_LIMIT } };
  for (const type of USER_TYPES) {
    const api = inviteEndpoints[type];
    route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
    route(app, api.send, (request) => service.send(requireActor(request), request.body));
    route(app, api.resend, (request) => service.resend(requireActor(request), request.params.id));
    route(app, api.cancel, (request) => service.cancel(requireActor(request), request.params.ulid));
    route(app, api.changeRole, (request) =>
      service.changeRole(requireActor(request), request.params.ulid, request.body.new_role),
    );
    route(app, api.lookup, (request) => service.lookup(type, request.params.token), limited);
    route(
      app,
      api.activateNewUser,
      (request) => service.activateNewUser(type, request.params.token, request.body),
      limited,
    );
    route(app, api.joinSpace, (request) => service.joinSpace(type, request.params.token), limited);
  }
}
