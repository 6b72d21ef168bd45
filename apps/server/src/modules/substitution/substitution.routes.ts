/**
 * HTTP of substitution (SPEC §7 "Users": connect/disconnect-on-dealer|pco) and of the audit trail
 * (`GET /api/space_parameters/audit`), plus the hook that records changes made under substitution.
 */
import { ACTIONS, connectOnDealerInput, connectOnPcoInput, pageQuery } from '@isoptera/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, claimsFromActor, requireActor } from '../../platform/auth/actor.js';
import { setAccessCookie } from '../../platform/auth/token-cookies.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import type { SubstitutionService } from './substitution.service.js';

const tags = ['Users'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SubstitutionRoutesOptions {
  service: SubstitutionService;
  secureCookies: boolean;
}

export const substitutionRoutes: FastifyPluginAsyncZod<SubstitutionRoutesOptions> = async (
  app,
  { service, secureCookies },
) => {
  /** 204 with a new access cookie for `actor` (a Bearer client refreshes its tokens instead). */
  function answer(reply: FastifyReply, actor: Actor) {
    setAccessCookie(reply, app.jwt.sign(claimsFromActor(actor)), secureCookies);
    return reply.code(204).send();
  }
  // entering and leaving change the session, not the space: they are not changes of the audit trail
  const adminOnly = { access: { anyOf: [ACTIONS.ADMIN_ACTION] }, audit: false } as const;

  app.post(
    '/api/user_admins/connect-on-dealer',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Enter a dealer space as its owner (404 connected_on_dealer_not_found)',
        body: connectOnDealerInput,
      },
    },
    async (request, reply) =>
      answer(reply, await service.adminConnect(requireActor(request), 'dealer', request.body.connected_on_dealer_ulid)),
  );
  app.post(
    '/api/user_admins/connect-on-pco',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Enter a PCO space as its owner (404 connected_on_pco_not_found)',
        body: connectOnPcoInput,
      },
    },
    async (request, reply) =>
      answer(reply, await service.adminConnect(requireActor(request), 'pco', request.body.connected_on_pco_ulid)),
  );
  app.post(
    '/api/user_dealers/connect-on-pco',
    {
      config: { access: { anyOf: [ACTIONS.DEALER_ACTION] }, audit: false },
      schema: {
        tags,
        summary: "Enter one of my dealer's PCO spaces as its owner (404 connected_on_pco_not_found)",
        body: connectOnPcoInput,
      },
    },
    async (request, reply) =>
      answer(reply, await service.dealerConnect(requireActor(request), request.body.connected_on_pco_ulid)),
  );
  // During substitution the actor is the substituted space's owner: leaving needs only a session.
  for (const url of [
    '/api/user_admins/disconnect-on-dealer',
    '/api/user_admins/disconnect-on-pco',
    '/api/user_dealers/disconnect-on-pco',
  ]) {
    app.post(
      url,
      {
        config: { access: 'authenticated', audit: false },
        schema: { tags, summary: 'Leave the substituted space, at once' },
      },
      async (request, reply) => answer(reply, await service.disconnect(requireActor(request))),
    );
  }

  app.get(
    '/api/space_parameters/audit',
    {
      config: { access: { anyOf: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER] } },
      schema: {
        tags: ['Space settings'],
        summary: 'Changes made in my current space under substitution, newest first',
        querystring: z.object(pageQuery),
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { members, total } = await service.audit(requireActor(request), window);
      return hydraCollection(request.url, members, total, window, 'AuditEvent');
    },
  );
};

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
export function registerAuditHook(app: Parameters<FastifyPluginAsyncZod>[0], service: SubstitutionService): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.actor;
    if (!actor?.substituteSpaceId || !STATE_CHANGING.has(request.method)) return payload;
    if (request.routeOptions.config?.audit === false) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    try {
      await service.record(actor, {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? request.url,
        params: request.params as Record<string, string> | undefined,
        body: request.body,
        createdUlid: reply.statusCode === 201 ? createdUlidOf(payload) : null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit event not recorded');
    }
    return payload;
  });
}
