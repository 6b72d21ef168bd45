/** `GET /healthz`: liveness and database reachability. */
import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync<{ ping(): Promise<void> }> = async (app, { ping }) => {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    await ping();
    return { status: 'ok' };
  });
};
