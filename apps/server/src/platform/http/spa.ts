/**
 * Serves the built SPA (apps/web/dist) on the API's port: static files, and `index.html` for every other GET of a
 * non-API path so that client-side routes load. API paths that match nothing answer a 404 problem.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../errors/error-handler.js';

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
    return sendProblem(request, reply, 404, 'not_found');
  });
}
