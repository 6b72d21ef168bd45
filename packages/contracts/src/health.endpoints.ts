/**
 * The probes of an instance, outside `/api` (issue 16 "Operations"):
 * - `GET /healthz` — liveness: the process answers (it does not touch the database, so a database outage does not
 *   make an orchestrator restart every instance);
 * - `GET /readyz` — readiness: the database answers, every committed migration is applied, and the MQTT broker is
 *   connected when one is configured; 503 with the failing checks otherwise (a load balancer sends no traffic).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** The outcome of one readiness check: `ok`, `failing`, or `not_configured` (e.g. no `MQTT_URL`). */
export const READINESS_OUTCOMES = ['ok', 'failing', 'not_configured'] as const;

const readiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: z.enum(READINESS_OUTCOMES),
      migrations: z.enum(READINESS_OUTCOMES),
      broker: z.enum(READINESS_OUTCOMES),
    }),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.output<typeof readiness>;

export const healthEndpoints = {
  get: defineEndpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/healthz',
    tags: ['Health'],
    access: 'public',
    summary: 'Liveness: 200 `{status: "ok"}` while the process serves requests',
    produces: ['application/json'],
    responses: { 200: z.object({ status: z.literal('ok') }).meta({ id: 'Health' }) },
  }),
  ready: defineEndpoint({
    operationId: 'getReadiness',
    method: 'GET',
    path: '/readyz',
    tags: ['Health'],
    access: 'public',
    summary: 'Readiness: 200 when the database, the migrations and the MQTT broker (if configured) are ready, else 503',
    produces: ['application/json'],
    responses: { 200: readiness, 503: readiness },
  }),
};
