/** `GET /healthz`: liveness and database reachability, registered from its contract (plain JSON). */
import { healthEndpoints } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/endpoint-route.js';

export async function healthRoutes(app: FastifyInstance, { ping }: { ping(): Promise<void> }): Promise<void> {
  route(app, healthEndpoints.get, async () => {
    await ping();
    return { status: 'ok' as const };
  });
}
