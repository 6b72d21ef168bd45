/**
 * HTTP of telemetry (issue 5): `POST /api/uplinks` (a gateway's uplink, authenticated by its device credential) and
 * `GET /api/sites/{id}/sync_logs` (the site's synchronisation log, PCO action).
 */
import {
  ACTIONS,
  MQTT_UPLINK_TOPIC,
  mqttAckTopic,
  mqttUplinkTopic,
  pageQuery,
  UPLINK_MAX_READINGS,
  uplinkPayload,
} from '@isoptera/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import { createLimiter, ipKey } from '../../platform/http/rate-limits.js';
import type { GatewayRecord } from './telemetry.repository.js';
import { deviceUnauthorized, type TelemetryService } from './telemetry.service.js';

/** Room for a full batch of {@link UPLINK_MAX_READINGS} readings, even pretty-printed. */
export const UPLINK_BODY_LIMIT = 2 * 1024 * 1024;

/** Failed device authentications allowed per client address (then 429 with `Retry-After` until the window ends). */
export const UPLINK_AUTH_FAILURES = { max: 30, windowMinutes: 15 } as const;

const UPLINK_DESCRIPTION = `A gateway's uplink: its own status and a batch of up to ${UPLINK_MAX_READINGS} station readings.

**HTTP**: send \`Authorization: Device <device_credential>\` (the credential shown once when the gateway was registered
or its credential rotated, \`<gateway ulid>.<secret>\`); \`gateway.serial_number\` must be that gateway's. Answers 200
\`{accepted, duplicates, rejected: [{index, serial_number, code}]}\` once the readings are committed; 401
\`device_unauthorized\` for an unknown, revoked or mismatched credential (after ${UPLINK_AUTH_FAILURES.max} of them from one
address in ${UPLINK_AUTH_FAILURES.windowMinutes} minutes, 429 with \`Retry-After\`); 400/422 for a malformed payload (nothing is
stored). A reading is stored once per (station, \`measured_at\`): sending an uplink again is safe and counts its readings
in \`duplicates\`. A reading of a station that is not on the gateway's site is rejected \`unknown_station\`; one more than
5 minutes in the future \`measured_at_in_future\`.

**MQTT** (broker \`MQTT_URL\`): the server subscribes with QoS 1 to \`${MQTT_UPLINK_TOPIC}\`. A gateway publishes QoS 1
on \`${mqttUplinkTopic('{serial_number}')}\` the same JSON object plus \`"credential": "<device_credential>"\`, and
subscribes to \`${mqttAckTopic('{serial_number}')}\`, where the server answers (QoS 1) the same result object once the
readings are committed, or \`{"error": "<code>"}\` (\`device_unauthorized\`, \`validation_failed\`, \`internal_error\`).
The topic's serial must be the gateway's. A message whose credential names no gateway of this server gets no answer.
Until it has the answer, the gateway keeps the uplink and sends it again.`;

const siteParams = z.object({ id: z.string().max(200) });

export const telemetryRoutes: FastifyPluginAsyncZod<{ service: TelemetryService }> = async (app, { service }) => {
  const gateways = new WeakMap<FastifyRequest, GatewayRecord>();
  // a credential's secret is 256 random bits, but guessing at it must stay expensive and visible
  const authFailures = createLimiter(app, [{ ...UPLINK_AUTH_FAILURES, key: ipKey }]);

  app.post(
    '/api/uplinks',
    {
      config: { access: 'public' },
      bodyLimit: UPLINK_BODY_LIMIT,
      schema: {
        tags: ['Telemetry'],
        summary: "A gateway's uplink (device credential): its status and a batch of station readings",
        description: UPLINK_DESCRIPTION,
        body: uplinkPayload,
      },
      // Authenticate before the body is read: an unknown device never gets its megabyte parsed.
      onRequest: async (request, reply) => {
        const header = request.headers.authorization;
        const credential = header?.startsWith('Device ') ? header.slice(7).trim() : undefined;
        await authFailures.check(request, reply);
        const authentication = await service.authenticate(credential);
        if (authentication.status !== 'ok') {
          await authFailures.hit(request);
          throw deviceUnauthorized();
        }
        gateways.set(request, authentication.gateway);
      },
    },
    async (request) => {
      const gateway = gateways.get(request);
      if (!gateway) throw deviceUnauthorized();
      return service.ingest(gateway, request.body, 'http');
    },
  );

  app.get(
    '/api/sites/:id/sync_logs',
    {
      config: { access: { anyOf: [ACTIONS.PCO_ACTION] } },
      schema: {
        tags: ['Telemetry'],
        summary: "The site's synchronisation log: one entry per uplink of its gateways, newest first, 30 a page",
        params: siteParams,
        querystring: z.object(pageQuery),
      },
    },
    async (request) => service.syncLogs(requireActor(request), request.params.id, request.query, request.url),
  );
};
