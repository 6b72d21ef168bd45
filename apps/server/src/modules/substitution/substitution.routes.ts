/**
 * HTTP of substitution (SPEC §7 "Users": connect/disconnect-on-dealer|pco) and of the audit trail
 * (`GET /api/space_parameters/audit`), each route registered from its contract, plus the hook that records changes
 * made under substitution.
 */
import { substitutionEndpoints as api, spaceParametersEndpoints } from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Actor, claimsFromActor, requireActor } from '../../platform/auth/actor.js';
import { setAccessCookie } from '../../platform/auth/token-cookies.js';
import { route } from '../../platform/http/endpoint-route.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import type { SubstitutionService } from './substitution.service.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// entering and leaving change the session, not the space: they are not changes of the audit trail
const NOT_AUDITED = { config: { audit: false } };

export interface SubstitutionRoutesOptions {
  service: SubstitutionService;
  secureCookies: boolean;
}

export async function substitutionRoutes(
  app: FastifyInstance,
  { service, secureCookies }: SubstitutionRoutesOptions,
): Promise<void> {
  /** A new access cookie for `actor`, the answer being 204 (a Bearer client refreshes its tokens instead). */
  function newAccessCookie(reply: FastifyReply, actor: Actor): void {
    setAccessCookie(reply, app.jwt.sign(claimsFromActor(actor)), secureCookies);
  }

  route(
    app,
    api.adminConnectOnDealer,
    async (request, reply) =>
      newAccessCookie(
        reply,
        await service.adminConnect(requireActor(request), 'dealer', request.body.connected_on_dealer_ulid),
      ),
    NOT_AUDITED,
  );
  route(
    app,
    api.adminConnectOnPco,
    async (request, reply) =>
      newAccessCookie(
        reply,
        await service.adminConnect(requireActor(request), 'pco', request.body.connected_on_pco_ulid),
      ),
    NOT_AUDITED,
  );
  route(
    app,
    api.dealerConnectOnPco,
    async (request, reply) =>
      newAccessCookie(reply, await service.dealerConnect(requireActor(request), request.body.connected_on_pco_ulid)),
    NOT_AUDITED,
  );
  // During substitution the actor is the substituted space's owner: leaving needs only a session.
  for (const endpoint of [api.adminDisconnectOnDealer, api.adminDisconnectOnPco, api.dealerDisconnectOnPco]) {
    route(
      app,
      endpoint,
      async (request, reply) => newAccessCookie(reply, await service.disconnect(requireActor(request))),
      NOT_AUDITED,
    );
  }

  route(app, spaceParametersEndpoints.audit, async (request) => {
    const window = pageWindow(request.query);
    const { members, total } = await service.audit(requireActor(request), window);
    return hydraCollection(request.url, members, total, window, 'AuditEvent');
  });
}

/**
 * The record a creation answered: the `ulid` of the JSON answer, else that of its first member object that has one
 * (`POST /api/client_contacts` answers `{client, contact}`: the client). Null when there is none.
 */
function createdUlidOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (typeof body.ulid === 'string') return body.ulid;
    for (const value of Object.values(body)) {
      const ulid = (value as { ulid?: unknown } | null)?.ulid;
      if (typeof ulid === 'string') return ulid;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Records every successful (2xx) state-changing request made under substitution, on every route of `app` (issue 4
 * "Audit trail"). Runs at `onSend` — before the answer leaves — so the row exists once the client has its answer; a
 * failure to record is logged and does not change the answer.
 */
export function registerAuditHook(app: FastifyInstance, service: SubstitutionService): void {
  // a callback hook, not an async one: the requests that record nothing (all but writes under substitution) pass
  // without a promise and a microtask
  app.addHook('onSend', (request, reply, payload, done) => {
    const actor = request.actor;
    if (
      !actor?.substituteSpaceId ||
      !STATE_CHANGING.has(request.method) ||
      request.routeOptions.config?.audit === false ||
      reply.statusCode < 200 ||
      reply.statusCode >= 300
    ) {
      done(null, payload);
      return;
    }
    service
      .record(actor, {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
        params: request.params as Record<string, string> | undefined,
        body: request.body,
        createdUlid: reply.statusCode === 201 ? createdUlidOf(payload) : null,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit event not recorded'))
      .then(() => done(null, payload));
  });
}
