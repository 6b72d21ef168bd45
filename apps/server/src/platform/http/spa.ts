/**
 * Serves the built SPA (apps/web/dist) on the API's port: static files, and `index.html` for every other GET of a
 * non-API path so that client-side routes load. An API path known with other methods answers 405 with `Allow`
 * (RFC 9110 §15.5.6); API paths that match nothing answer a 404 problem.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../errors/error-handler.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods `app` has a route for at `url` (path and query, as requested), in a fixed order. */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
}

const API_PREFIXES = ['/api', '/security', '/healthz', '/uploads'];

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    const allowed = isApi ? allowedMethods(app, request.url) : [];
    if (allowed.length)
      return sendProblem(request, reply.header('allow', allowed.join(', ')), 405, 'method_not_allowed');
    return sendProblem(request, reply, 404, 'not_found');
  });
}
