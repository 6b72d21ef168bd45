/**
 * Registers a route from its contract (ADR 008): `route(app, endpoint, handler)` takes the endpoint's definition from
 * `packages/contracts` and gives Fastify its access declaration, request schemas (validation), response schemas
 * (serialisation: a field the schema does not name never leaves) and OpenAPI metadata (operationId, tags, security,
 * the problem+json answers it can give).
 *
 * The handler returns the body of the endpoint's default (lowest) success status, or `undefined` for 204; to answer
 * another declared status it calls `reply.code(status)` first. It may also send the reply itself (files, streams).
 *
 * JSON-LD answers (ADR 009): a top-level resource (a body whose `@type` is a class, `Client`) gets its `@context`
 * (`/api/contexts/Client`; its schema must allow one, as `jsonLdKeys` does, or registration throws). The media type
 * is `application/ld+json`, or `application/json` when the request's `Accept` names `application/json` and not
 * `application/ld+json` (same body). A merge-patch twin (`mergePatchOf`) accepts only `application/merge-patch+json`
 * (415 `merge_patch_required`) and takes any JSON object as its body: its handler (`routeMergePatch`) validates the
 * patched result with the `PUT` body schema.
 *
 * What a contract does not describe — a rate limiter's hook, a body limit, more route `config` — comes as `extra`.
 */
import {
  contextIri,
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
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { answerShapes, classOf, shapeOf } from '../hydra/zod-walk.js';
import { requestValidatorCompiler } from './request-validator.js';

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

/** What a route adds to its contract: Fastify route `config` (e.g. `rateLimit`), merged under the contract's access. */
export interface EndpointRouteOptions {
  config?: Omit<FastifyContextConfig, 'access' | 'endpoint'>;
}

const PLAIN_JSON = 'application/json';
const JSON_BODIES = [JSON_LD, PLAIN_JSON];

/**
 * The media type of a JSON-LD answer for an `Accept` header: `application/json` when it names `application/json` and
 * not `application/ld+json` (a client asking only for JSON), otherwise `application/ld+json`. The body is the same.
 */
export function jsonLdMediaType(accept: string | undefined): string {
  if (!accept || accept.includes(JSON_LD)) return JSON_LD;
  return /(^|[\s,])application\/json\s*(;|,|$)/.test(accept) ? PLAIN_JSON : JSON_LD;
}

/** A top-level resource with its `@context` (`/api/contexts/{Type}`); any other body unchanged. */
function withContext(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || '@context' in body) return body;
  const type = (body as { '@type'?: unknown })['@type'];
  if (typeof type !== 'string' || type === '' || type.includes(':')) return body;
  return { '@context': contextIri(type), ...body };
}

/** What the body of a merge-patch twin must be before it is applied: a JSON object (RFC 7396 §2). */
const mergePatchDocument = z.record(z.string(), z.unknown(), { error: 'value_invalid' });

/**
 * Validates a merge-patch twin's body as a JSON object only; its path parameters and query by their schemas; all of
 * them after the text check every route has (request-validator.ts).
 */
const mergePatchValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) =>
  requestValidatorCompiler({
    ...route,
    schema: route.httpPart === 'body' ? mergePatchDocument : (route.schema as z.ZodType),
  });

/** Refuses a merge-patch twin's request whose body is not `application/merge-patch+json`, before it is parsed. */
async function requireMergePatch(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== MERGE_PATCH_JSON) throw new AppError('merge_patch_required');
  return payload;
}

/** The OpenAPI security requirement of an endpoint (schemes declared in `openapi.ts`). */
function security(endpoint: EndpointDefinition): Record<string, string[]>[] {
  if (endpoint.auth === 'device') return [{ deviceCredential: [] }];
  if (endpoint.auth === 'field' && endpoint.access !== 'public') return [{ bearerAuth: [] }];
  if (endpoint.access === 'public') return [];
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
export function endpointRouteOptions(
  endpoint: EndpointDefinition,
  options: EndpointRouteOptions = {},
): Omit<RouteOptions, 'handler'> {
  const consumes =
    endpoint.consumes ?? (endpoint.method === 'PATCH' ? [MERGE_PATCH_JSON, ...JSON_BODIES] : JSON_BODIES);
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, access: endpoint.access, endpoint },
    ...(endpoint.mergePatchOf ? { validatorCompiler: mergePatchValidatorCompiler, preParsing: requireMergePatch } : {}),
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

/**
 * Throws when a success answer of `endpoint` is a resource (an object with a `@type` literal) whose schema has no
 * `@context` member: the serialiser would drop the context `route()` adds. Resource schemas spread `jsonLdKeys(type)`.
 */
function assertContextAllowed(endpoint: EndpointDefinition): void {
  for (const schema of Object.values(endpoint.responses)) {
    for (const shape of schema ? answerShapes(schema) : []) {
      const type = classOf(shape);
      if (type && !('@context' in shapeOf(shape))) {
        throw new Error(`${endpoint.operationId}: its ${type} answer has no @context; spread jsonLdKeys()`);
      }
    }
  }
}

/** Route options a contract does not hold (hooks, `bodyLimit` …); `config` is merged under the contract's own. */
export type ExtraRouteOptions = Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

/** Registers `endpoint` on `app` with `handler` and the `extra` route options (see the module's doc). */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extra: ExtraRouteOptions = {},
): void {
  const status = defaultStatus(endpoint);
  const mediaType = endpoint.produces?.[0] ?? JSON_LD;
  const jsonLd = mediaType === JSON_LD;
  if (jsonLd) assertContextAllowed(endpoint);
  const options = endpointRouteOptions(endpoint);
  app.route({
    ...extra,
    ...options,
    config: { ...extra.config, ...options.config },
    handler: async (request, reply) => {
      reply.code(status);
      const body = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent || body === reply) return reply;
      if (body === undefined) return reply.send();
      if (!reply.hasHeader('content-type')) reply.type(jsonLd ? jsonLdMediaType(request.headers.accept) : mediaType);
      return reply.send(jsonLd ? withContext(body) : body);
    },
  });
}
