/**
 * Registers a route from its contract (ADR 008): `route(app, endpoint, handler)` takes the endpoint's definition from
 * `packages/contracts` and gives Fastify its access declaration, request schemas (validation), response schemas
 * (serialisation: a field the schema does not name never leaves) and OpenAPI metadata (operationId, tags, security,
 * the problem+json answers it can give).
 *
 * The handler returns the body of the endpoint's default (lowest) success status, or `undefined` for 204; to answer
 * another declared status it calls `reply.code(status)` first. It may also send the reply itself (files, streams).
 */
import {
  defaultStatus,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  errorStatuses,
  JSON_LD,
  MERGE_PATCH_JSON,
  PROBLEM_JSON,
  problemSchema,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

/** A request as the endpoint's schemas parsed it. */
export type EndpointRequest<E extends EndpointDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

/** The handler of an endpoint: returns the success body (see the module's doc). */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract this route was registered from (absent on the few routes outside `/api`). */
    endpoint?: EndpointDefinition;
  }
}

const JSON_BODIES = [JSON_LD, 'application/json'];

/** The OpenAPI security requirement of an endpoint (schemes declared in `openapi.ts`). */
function security(endpoint: EndpointDefinition): Record<string, string[]>[] {
  if (endpoint.access === 'public') return [];
  if (endpoint.auth === 'device') return [{ deviceCredential: [] }];
  return [{ cookieAuth: [] }, { bearerAuth: [] }];
}

/** The `response` map Fastify serialises with and `@fastify/swagger` documents. */
function responses(endpoint: EndpointDefinition): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    map[status] = schema ?? z.null().describe('No content');
  }
  for (const [status, codes] of errorStatuses(endpoint)) {
    map[String(status)] = {
      description: `Error: ${codes.map((code) => `\`${code}\``).join(', ')}`,
      content: { [PROBLEM_JSON]: { schema: problemSchema } },
    };
  }
  return map;
}

/** The Fastify route options of an endpoint, without its handler. */
export function endpointRouteOptions(endpoint: EndpointDefinition): Omit<RouteOptions, 'handler'> {
  const consumes =
    endpoint.consumes ?? (endpoint.method === 'PATCH' ? [MERGE_PATCH_JSON, ...JSON_BODIES] : JSON_BODIES);
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, endpoint },
    schema: {
      operationId: endpoint.operationId,
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      security: security(endpoint),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body, consumes: [...consumes] } : {}),
      produces: [...(endpoint.produces ?? [JSON_LD])],
      response: responses(endpoint),
    },
  };
}

/** Registers `endpoint` on `app` with `handler` (see the module's doc). */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const status = defaultStatus(endpoint);
  const mediaType = endpoint.produces?.[0] ?? JSON_LD;
  app.route({
    ...endpointRouteOptions(endpoint),
    handler: async (request, reply) => {
      reply.code(status);
      const body = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent || body === reply) return reply;
      if (body === undefined) return reply.send();
      if (!reply.hasHeader('content-type')) reply.type(mediaType);
      return reply.send(body);
    },
  });
}
