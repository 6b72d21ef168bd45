/**
 * `buildApp(deps)`: the Fastify application — platform plugins first (errors, cookies, security headers computed once,
 * one access-log line per request, rate limits (counted in the database), authentication, OpenAPI, Hydra description), then every domain
 * module, then the SPA.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { modules as defaultModules } from './modules/index.js';
import { accessPlugin } from './platform/auth/access-plugin.js';
import { registerSessionGuard } from './platform/auth/session-guard.js';
import type { Db } from './platform/db/database.js';
import { registerDatabaseGauges } from './platform/db/database-gauges.js';
import type { NotificationChannel } from './platform/db/notification-channel.js';
import { databaseRateLimitStore, sweepRateLimitCounters } from './platform/db/rate-limit-store.js';
import { registerErrorHandler } from './platform/errors/error-handler.js';
import { createEventBus, createNotifyEventBus, type EventBus } from './platform/events/event-bus.js';
import { AccessLogController } from './platform/http/access-log.js';
import { createIdempotencySweepJob, registerIdempotency } from './platform/http/idempotency.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerOperations, requestIdOf, serializeRequest } from './platform/http/operations.js';
import { requestValidatorCompiler } from './platform/http/request-validator.js';
import { responseSerializerCompiler } from './platform/http/response-serializer.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerSpa } from './platform/http/spa.js';
import { registerHydra } from './platform/hydra/hydra-plugin.js';
import { createMailPlatform, type MailPlatform } from './platform/mail/mail-queue.js';
import type { AppModule } from './platform/module.js';
import { createFileStorage } from './platform/storage/create-file-storage.js';

export interface AppDeps {
  config: Config;
  db: Db;
  modules?: AppModule[];
  /** Outgoing mail; default: the platform built from `config` (started with the app, stopped on close). */
  mail?: MailPlatform;
  /**
   * The database's `LISTEN/NOTIFY` channel (`Database.notifications`): live events then reach the browsers of every
   * instance on the database. Without it they stay in this process (a tool, or a test that wants them synchronous).
   */
  notifications?: NotificationChannel;
  /**
   * The database's session changes (`Database.sessionChanges`, ADR 026): the session guard caches open sessions and
   * forgets them as they are revoked. Without it every authenticated request looks its session up.
   */
  sessionChanges?: NotificationChannel;
  /** Where log lines go (pino's destination) instead of stdout; tests read them. */
  logStream?: { write(line: string): void };
}

/** How often expired rate-limit counters are deleted (each instance sweeps; the delete is idempotent). */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;

/** Builds (but does not start) the application. */
export async function buildApp({
  config,
  db,
  modules = defaultModules,
  mail,
  notifications,
  sessionChanges,
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  // A hop count trusts the nearest `n` hops (Fastify's types omit the number form its runtime accepts).
  const trusted = config.trustProxy;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : logStream
          ? { level: config.logLevel, stream: logStream, serializers: { req: serializeRequest } }
          : {
              level: config.logLevel,
              serializers: { req: serializeRequest },
              transport:
                config.env === 'development' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
            },
    // the load balancer's X-Request-Id, else a UUID: unique across instances (issue 16)
    genReqId: requestIdOf,
    // one access-log line per request: `info` for the API, `debug` for the SPA and its assets
    logController: new AccessLogController(),
    // API Platform style parameters: `order[name]=asc`, `users[]=…`; dotted keys such as `client.ulid` stay whole.
    routerOptions: {
      querystringParser: (s: string) =>
        qs.parse(s, { allowDots: false, depth: 1, arrayLimit: 200, parameterLimit: 200 }) as Record<string, unknown>,
      ignoreTrailingSlash: true,
    },
    bodyLimit: 1_048_576,
    // Only the configured proxies may set the client address (X-Forwarded-For): the rate limits count by it.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
  }).withTypeProvider<ZodTypeProvider>();

  // Every path, query and body schema first refuses NUL characters and lone surrogates (`text_invalid` at the field).
  app.setValidatorCompiler(requestValidatorCompiler);
  // One compiled encoder per response schema; outside production each answer is also checked against zod (ADR 017).
  app.setSerializerCompiler(responseSerializerCompiler(config.env === 'production' ? 'compiled' : 'checked'));
  // JSON-LD and merge-patch bodies are JSON.
  app.addContentTypeParser(
    ['application/ld+json', 'application/merge-patch+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  // the counters live in the database: every instance counts against the same limits (issue 16)
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(db) });
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      sweepRateLimitCounters(db).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
    }, RATE_LIMIT_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  await app.register(accessPlugin, { secret: config.jwtSecret });
  // after the access plugin: a token whose session ended (logout, reuse, disabled member …) is refused at once
  await registerSessionGuard(app, db, { changes: sessionChanges });
  await registerOpenApi(app, config.appUrl);
  // before the modules: it collects their endpoints' contracts as they are registered
  registerHydra(app);
  // the creates whose contract is `idempotent` store and replay their answers by `Idempotency-Key` (ADR 027)
  registerIdempotency(app, db);
  if (config.env !== 'test') {
    const sweepKeys = createIdempotencySweepJob({ db, log: app.log });
    app.addHook('onReady', () => sweepKeys.start());
    app.addHook('onClose', () => sweepKeys.stop());
  }

  const mailPlatform = mail ?? createMailPlatform({ config, db, log: app.log });
  let events: EventBus = createEventBus();
  if (notifications) {
    const shared = createNotifyEventBus(notifications, app.log);
    await shared.start();
    app.addHook('onClose', () => shared.stop());
    events = shared;
  }
  app.addHook('onReady', () => mailPlatform.start());
  app.addHook('onClose', () => mailPlatform.stop());

  const storage = createFileStorage(config, db);
  const operations = registerOperations(app, { metricsToken: config.metricsToken });
  registerDatabaseGauges(operations, db);
  await app.register(healthRoutes, { db, operations });
  for (const module of modules) {
    await module.register(app, { db, config, mail: mailPlatform, events, storage, operations });
  }
  await registerSpa(app, config.webDist);
  return app;
}
