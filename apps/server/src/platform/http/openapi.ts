/**
 * The OpenAPI document (`/api/docs/json`, reference page at `/api/docs`), built by `@fastify/swagger` from the
 * endpoints' contracts (ADR 008): every operation has its `operationId`, its security requirement, the schema of each
 * answer (problem+json for errors) and its media types. This module adds what is document-wide: the servers, the
 * security schemes (access-token cookie, bearer token, gateway device credential) and `deepObject` serialisation of
 * the API Platform style query objects (`order[name]=asc`).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ACCESS_TOKEN_COOKIE, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_TTL_HOURS } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

interface OpenApiParameter {
  in: string;
  schema?: { type?: string | string[] };
  style?: string;
  explode?: boolean;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
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

/** The `Idempotency-Key` request header of an idempotent create (ADR 024), as a JSON Schema of the headers. */
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
      withDeepObjects(jsonSchemaTransformObject(input) as OpenApiDocument) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
}
