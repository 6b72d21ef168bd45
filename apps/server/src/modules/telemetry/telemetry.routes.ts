/**
 * HTTP of telemetry (issue 5): `POST /api/uplinks` (a gateway's uplink, authenticated by its device credential before
 * the body is read) and `GET /api/sites/{id}/sync_logs` (the site's synchronisation log, PCO action), each registered
 * from its contract.
 */
import { telemetryEndpoints as api, UPLINK_AUTH_FAILURES, UPLINK_BODY_LIMIT } from '@isoptera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { route } from '../../platform/http/endpoint-route.js';
import { createLimiter, ipKey } from '../../platform/http/rate-limits.js';
import type { GatewayRecord } from './telemetry.repository.js';
import { deviceUnauthorized, type TelemetryService } from './telemetry.service.js';

export async function telemetryRoutes(app: FastifyInstance, { service }: { service: TelemetryService }): Promise<void> {
  const gateways = new WeakMap<FastifyRequest, GatewayRecord>();
  // a credential's secret is 256 random bits, but guessing at it must stay expensive and visible
  const authFailures = createLimiter(app, 'uplink-auth', [{ ...UPLINK_AUTH_FAILURES, key: ipKey }]);

  route(
    app,
    api.uplink,
    (request) => {
      const gateway = gateways.get(request as FastifyRequest);
      if (!gateway) throw deviceUnauthorized();
      return service.ingest(gateway, request.body, 'http');
    },
    {
      bodyLimit: UPLINK_BODY_LIMIT,
      // Authenticate before the body is read: an unknown device never gets its megabyte parsed.
      onRequest: async (request, reply) => {
        const header = request.headers.authorization;
        const credential = header?.startsWith('Device ') ? header.slice(7).trim() : undefined;
        // two round trips at once: whether this address is blocked, and the gateway the credential names
        const [, authentication] = await Promise.all([
          authFailures.check(request, reply),
          service.authenticate(credential),
        ]);
        if (authentication.status !== 'ok') {
          await authFailures.hit(request);
          throw deviceUnauthorized();
        }
        gateways.set(request, authentication.gateway);
      },
    },
  );

  route(app, api.syncLogs, (request) =>
    service.syncLogs(requireActor(request), request.params.id, request.query, request.url),
  );
}
