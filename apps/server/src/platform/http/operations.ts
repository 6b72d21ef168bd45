/**
 * What operators watch (issue 16 "Operations"):
 * - **Metrics** (measured only when `METRICS_TOKEN` is set: no per-request work otherwise) in the Prometheus text
 *   format at `GET /metrics`, only with `Authorization: Bearer <METRICS_TOKEN>`
 *   (404 when no token is configured, 401 with a wrong one): requests per route and status and their latency
 *   (seconds), the database pool's connections, the job queues' depth per state, uplinks and readings ingested,
 *   alerts opened — plus Node's own process metrics. One registry per app (tests build many apps in one process).
 * - **Readiness** at `GET /readyz` (modules/health): checks registered here by the parts that can fail (the MQTT
 *   bridge registers the broker's).
 * - **Request ids**: an incoming `X-Request-Id` (from the load balancer; 1–128 visible characters) or a random UUID,
 *   in every log line of the request (`reqId`), in the `X-Request-Id` answer header and in problem+json
 *   (`request_id`).
 * - **Redaction**: secrets in URLs (`?token=`, `?code=`, and path segments that look like one — 32 or more
 *   base64url characters, as every token this app issues) never reach the logs.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';

/** The counters the domain modules increase. */
export interface AppMetrics {
  /** One uplink ingested (`transport`: `http` or `mqtt`) with `readings` new readings. */
  uplinkIngested(transport: string, readings: number): void;
  /** One alert opened, by alert type. */
  alertOpened(type: string): void;
}

/** The parts of the app `/readyz` asks; each answers `ok`, `failing` or `not_configured`. */
export type ReadinessCheck = () => Promise<'ok' | 'failing' | 'not_configured'> | 'ok' | 'failing' | 'not_configured';

export interface Operations {
  registry: client.Registry;
  metrics: AppMetrics;
  /** Sets the check of the MQTT broker (default `not_configured`). */
  setBrokerCheck(check: ReadinessCheck): void;
  /** Runs the broker's check. */
  checkBroker(): Promise<'ok' | 'failing' | 'not_configured'>;
  /** Adds a gauge collected at each scrape (e.g. the pool's connections). */
  addGauge(
    name: string,
    help: string,
    labelNames: string[],
    collect: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
  ): void;
}

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;
const SECRET_QUERY = /([?&](?:token|code|auth_code|credential)=)[^&#]*/gi;
const SECRET_SEGMENT = /\/[A-Za-z0-9_-]{32,}(?=\/|\?|#|$)/g;

/** `url` with its secrets replaced by `[redacted]` (see the module's doc). */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_SEGMENT, '/[redacted]');
}

/** Fastify's `genReqId`: the load balancer's `X-Request-Id` when it is sane, else a random UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** pino's serializer of a request: method, redacted URL, remote address. */
export function serializeRequest(request: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/** The metrics registry and counters of one app, and its `/metrics` route when `token` is set. */
export function registerOperations(app: FastifyInstance, options: { metricsToken: string | undefined }): Operations {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: 'isoptera_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'isoptera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const uplinks = new client.Counter({
    name: 'isoptera_uplinks_ingested_total',
    help: 'Gateway uplinks ingested, by transport',
    labelNames: ['transport'],
    registers: [registry],
  });
  const readings = new client.Counter({
    name: 'isoptera_readings_ingested_total',
    help: 'Station readings stored from uplinks',
    registers: [registry],
  });
  const alerts = new client.Counter({
    name: 'isoptera_alerts_opened_total',
    help: 'Alerts opened by the alert engine, by type',
    labelNames: ['type'],
    registers: [registry],
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const token = options.metricsToken;
  // without a token nothing is measured (no per-request work) and the route does not exist: `/metrics` answers the
  // API's 404 problem, never the SPA
  if (token) {
    client.collectDefaultMetrics({ register: registry });
    // the route pattern, not the URL: one series per route whatever the ids
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      }
      done();
    });
    const expected = Buffer.from(token);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const actual = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }

  let brokerCheck: ReadinessCheck = () => 'not_configured';
  const operations: Operations = {
    registry,
    metrics: {
      uplinkIngested(transport, stored) {
        uplinks.inc({ transport });
        readings.inc(stored);
      },
      alertOpened(type) {
        alerts.inc({ type });
      },
    },
    setBrokerCheck(check) {
      brokerCheck = check;
    },
    checkBroker: async () => brokerCheck(),
    addGauge(name, help, labelNames, collect) {
      new client.Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          await collect((labels, value) => this.set(labels, value));
        },
      });
    },
  };
  return operations;
}
