/**
 * The API's Hydra self-description (ADR 009), as API Platform's clients expect it:
 *
 * - every answer under `/api` (errors included) carries
 *   `Link: <https://host/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;
 * - `GET /api` (entrypoint), `GET /api/contexts/{Type}` and `GET /api/docs.jsonld`, public contract endpoints
 *   (`hydraEndpoints`), are built from the contracts of every endpoint registered with `route()` — collected here as
 *   they are registered, read once the app serves its first description.
 *
 * Call `registerHydra(app)` on the root instance before the modules register their routes.
 */
import {
  API_DOCUMENTATION_PATH,
  type EndpointDefinition,
  HYDRA_API_DOCUMENTATION_REL,
  hydraEndpoints,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors/app-error.js';
import { route } from '../http/endpoint-route.js';
import { contextOf, documentationOf, entrypointOf } from './hydra-documentation.js';
import { buildHydraModel, type HydraModel } from './hydra-model.js';

/** Whether `url` (path and query) is under `/api`. */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/** `https://host:port` of a request (behind a trusted proxy, the forwarded protocol and host). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Registers the `Link` header, the collection of endpoints and the three description endpoints on `app`. */
export function registerHydra(app: FastifyInstance): void {
  const documented = new Set<EndpointDefinition>();
  const own = new Set<EndpointDefinition>(Object.values(hydraEndpoints));
  app.addHook('onRoute', (options) => {
    const endpoint = options.config?.endpoint;
    if (endpoint && !own.has(endpoint)) documented.add(endpoint);
  });

  // on send, so that answers refused by an earlier hook (401, 403, 429) carry it too; the header of the last origin
  // is kept (one origin in practice: the header is built once, not per request)
  let linkOrigin = '';
  let link = '';
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url)) {
      const origin = originOf(request);
      if (origin !== linkOrigin) {
        link = `<${origin}${API_DOCUMENTATION_PATH}>; rel="${HYDRA_API_DOCUMENTATION_REL}"`;
        linkOrigin = origin;
      }
      reply.header('link', link);
    }
    done(null, payload);
  });

  let model: HydraModel | undefined;
  const hydraModel = () => {
    model ??= buildHydraModel([...documented]);
    return model;
  };
  // The documentation depends on the origin only through `@vocab`: the last one is kept.
  let documentation: { origin: string; body: ReturnType<typeof documentationOf> } | undefined;

  route(app, hydraEndpoints.entrypoint, () => entrypointOf(hydraModel()));
  route(app, hydraEndpoints.context, (request) => {
    const context = contextOf(hydraModel(), request.params.type, originOf(request));
    if (!context) throw notFound();
    return context;
  });
  route(app, hydraEndpoints.documentation, (request) => {
    const origin = originOf(request);
    if (documentation?.origin !== origin) documentation = { origin, body: documentationOf(hydraModel(), origin) };
    return documentation.body;
  });
}
