/**
 * The OpenAPI document (`/api/docs/json`, reference page at `/api/docs`), built by `@fastify/swagger` from the
 * endpoints' contracts (ADR 008): every operation has its `operationId`, its security requirement, the schema of each
 * answer (problem+json for errors) and its media types. This module adds what is document-wide: the servers, the
 * security schemes (access-token cookie, bearer token, gateway device credential) and `deepObject` serialisation of
 * the API Platform style query objects (`order[name]=asc`), and the optimistic-concurrency headers of the endpoints
 * whose contract declares `entityTag` (an `ETag` on their success answer; an `If-Match` parameter on the edits that
 * check it, whose 412 `edit_conflict` the contract's error list already documents; docs/decisions/024), and the
 * `Idempotency-Key` header of the creates whose contract says `idempotent` (docs/decisions/027).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  ACCESS_TOKEN_COOKIE,
  type EndpointDefinition,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_TTL_HOURS,
} from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

interface OpenApiParameter {
  in: string;
  name?: string;
  required?: boolean;
  description?: string;
  schema?: { type?: string | string[] };
  style?: string;
  explode?: boolean;
}
interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const ETAG_HEADER = {
  description:
    'Strong entity tag of the record’s current version (opaque). Send it back as `If-Match` on an edit so that a ' +
    'change made meanwhile by someone else answers 412 `edit_conflict` instead of being overwritten.',
  schema: { type: 'string', example: '"v3"' },
};
const IF_MATCH_PARAMETER: OpenApiParameter = {
  in: 'header',
  name: 'If-Match',
  required: false,
  description:
    'The `ETag` of the record as it was read (`GET` of the resource; for `/api/client_contacts/{id}` the client’s, ' +
    'for `/api/site_contacts/{id}` the site’s), or `*`. When the record has changed since, nothing is changed and ' +
    'the answer is 412 `edit_conflict`. Without it the edit is unconditional.',
  schema: { type: 'string' },
};

/** `If-Match` on the edits that check it and `ETag` on the success answers of every endpoint declaring `entityTag`. */
function withEntityTags(document: OpenApiDocument, modes: ReadonlyMap<string, EndpointDefinition['entityTag']>) {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const mode = operation.operationId ? modes.get(operation.operationId) : undefined;
      if (!mode) continue;
      if (mode === 'checks') operation.parameters = [...(operation.parameters ?? []), IF_MATCH_PARAMETER];
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2')) answer.headers = { ...answer.headers, ETag: ETAG_HEADER };
      }
    }
  }
  return document;
}

/** Query parameters that are objects (`order[name]`) are sent as `deepObject`, as `qs` reads them. */
function withDeepObjects(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        const type = parameter.schema?.type;
        if (parameter.in === 'query' && (type === 'object' || (Array.isArray(type) && type.includes('object')))) {
          parameter.style = 'deepObject';
          parameter.explode = true;
        }
      }
    }
  }
  return document;
}

/** The `Idempotency-Key` request header of an idempotent create (ADR 027), as a JSON Schema of the headers. */
const idempotencyHeaders = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description:
        'A unique string of the client (a UUID) sent again with every retry of this create: the first answer is ' +
        `replayed ${IDEMPOTENCY_TTL_HOURS} h with \`Idempotent-Replayed: true\` (one record however many times it ` +
        'arrives); the same key with another body answers 422 `idempotency_key_reused`, while the first request ' +
        'runs 409 `idempotency_key_in_progress`. A failed request does not keep the key.',
    },
  },
};

/** The route's schema as OpenAPI shows it: zod converted, plus the `Idempotency-Key` header of idempotent creates. */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const endpoint = (input.route.config as { endpoint?: { idempotent?: boolean } } | undefined)?.endpoint;
  if (!endpoint?.idempotent) return output;
  return { ...output, schema: { ...output.schema, headers: idempotencyHeaders } };
};

/** Registers the OpenAPI document and its reference page; `appUrl` is the server the document names. */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  // the routes' contracts, collected as the modules register them (this runs before the modules)
  const entityTags = new Map<string, EndpointDefinition['entityTag']>();
  app.addHook('onRoute', (route) => {
    const endpoint = route.config?.endpoint;
    if (endpoint?.entityTag) entityTags.set(endpoint.operationId, endpoint.entityTag);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Isoptera API',
        version: '0.1.0',
        description:
          'Back-office API of Isoptera (SPEC §7): JSON-LD resources (`application/ld+json`) with Hydra collections, ' +
          'merge-patch partial updates, problem+json errors whose `error` member is a stable code.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: appUrl, description: 'This server' }],
      components: {
        securitySchemes: {
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_TOKEN_COOKIE,
            description:
              'The web app: the access token set by `POST /security/token/request` as an httpOnly cookie. A ' +
              'state-changing request must also carry `Client-Type: webapp` (CSRF defence).',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Mobile and integrations: the access token answered to `Client-Type: mobile` sign-ins.',
          },
          deviceCredential: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'A gateway: `Authorization: Device <gateway ULID>.<secret>` (shown once at registration).',
          },
        },
      },
    },
    transform,
    transformObject: (input) =>
      withEntityTags(withDeepObjects(jsonSchemaTransformObject(input) as OpenApiDocument), entityTags) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
}
