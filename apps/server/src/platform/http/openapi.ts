/**
 * The OpenAPI document (`/api/docs/json`, reference page at `/api/docs`), built by `@fastify/swagger` from the
 * endpoints' contracts (ADR 008): every operation has its `operationId`, its security requirement, the schema of each
 * answer (problem+json for errors) and its media types. This module adds what is document-wide: the servers, the
 * security schemes (access-token cookie, bearer token, gateway device credential) and `deepObject` serialisation of
 * the API Platform style query objects (`order[name]=asc`).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ACCESS_TOKEN_COOKIE } from '@isoptera/contracts';
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
    transform: jsonSchemaTransform,
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
