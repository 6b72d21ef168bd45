/**
 * Serves the built SPA (apps/web/dist) on the API's port: static files, and `index.html` for every other GET of a
 * non-API path so that client-side routes load. An API path known with other methods answers 405 with `Allow`
 * (RFC 9110 §15.5.6); API paths that match nothing answer a 404 problem.
 *
 * Delivery (issue 11): the build writes `<file>.br` and `<file>.gz` beside each compressible file
 * (apps/web/vite.config.ts), served with `content-encoding` by the request's `Accept-Encoding` (brotli first, then
 * gzip, else the file itself; always `Vary: Accept-Encoding`). Caching: the content-hashed files under `assets/`
 * are `public, max-age=31536000, immutable` (a new build has new names); everything else — `index.html`, the SPA
 * fallback, `favicon.svg` — is `no-cache` (revalidated by ETag on every use, so a deploy is seen at once).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../errors/error-handler.js';
import { isApiPath } from './api-paths.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods `app` has a route for at `url` (path and query, as requested), in a fixed order. */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
}

/** Cache-Control of the content-hashed build output (`assets/`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the SPA serves: revalidate on every use. */
export const REVALIDATE = 'no-cache';

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    const hashed = `${path.join(path.resolve(webDist), 'assets')}${path.sep}`;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(hashed) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (!isApiPath(url) && hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      return reply.sendFile('index.html', webDist);
    }
    const allowed = isApiPath(url) ? allowedMethods(app, request.url) : [];
    if (allowed.length)
      return sendProblem(request, reply.header('allow', allowed.join(', ')), 405, 'method_not_allowed');
    return sendProblem(request, reply, 404, 'not_found');
  });
}
