/**
 * HTTP of the technician API `/api/field/v1` (issue 12; docs/decisions/011-technician-api.md), registered from its
 * contracts (`fieldEndpoints`). Every authenticated call's device session is checked by the session guard
 * (platform/auth/session-guard.ts, ADR 026): logout and refresh-token reuse bite before the access token expires. Every write runs through {@link idempotent}: the
 * `Idempotency-Key` header is required (400 `idempotency_key_required`); the first answer of a key is stored with
 * the method, path and request hash; a replay answers it again with `Idempotent-Replayed: true`; the same key with
 * another request answers 422 `idempotency_key_reused`, one still running 409 `idempotency_key_in_progress`. A
 * failed request stores nothing (its retry runs again). Keys are kept {@link FIELD_IDEMPOTENCY_TTL_HOURS} hours.
 */
import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import {
  fieldEndpoints as api,
  type EndpointDefinition,
  FIELD_IDEMPOTENCY_TTL_HOURS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  REPORT_PHOTO_MAX_BYTES,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { readUploadedForm } from '../../platform/http/multipart.js';
import { signInLimiter } from '../auth/auth.limits.js';
import type { FieldRepository } from './field.repository.js';
import type { FieldService } from './field.service.js';
import type { FieldAuthService } from './field-auth.service.js';

const HOUR_MS = 3_600_000;

export interface FieldRoutesOptions {
  auth: FieldAuthService;
  service: FieldService;
  repository: FieldRepository;
}

/** A strong ETag of a JSON body: the SHA-256 of its text. */
const etagOf = (body: unknown) => `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}"`;

export async function fieldRoutes(app: FastifyInstance, { auth, service, repository }: FieldRoutesOptions) {
  // the photo upload's multipart parser, in this plugin's scope only (as the reports' photo routes)
  await app.register(fastifyMultipart, {
    limits: { fileSize: REPORT_PHOTO_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 1024, headerPairs: 100 },
  });

  // the web sign-in's limiter itself (auth.limits.ts): failures on either door count together
  const signInLimits = signInLimiter(app);

  /** The write `handler` behind the idempotency store (see the module's doc). */
  function idempotent<E extends EndpointDefinition>(handler: EndpointHandler<E>): EndpointHandler<E> {
    return async (request, reply): Promise<never> => {
      const actor = requireActor(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof key !== 'string' || key.trim() === '' || key.length > 200) {
        throw new AppError('idempotency_key_required', { status: 400 });
      }
      const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
      // a multipart body is read by the handler: its length stands for it (the photo's `client_id` dedupes it too)
      const payload = multipart
        ? `multipart:${request.headers['content-length'] ?? ''}`
        : JSON.stringify(request.body ?? null);
      const requestHash = createHash('sha256').update(payload).digest('base64url');
      const path = request.url.split('?')[0] ?? request.url;
      const claim = await repository.claimKey({
        membershipId: actor.membershipId,
        key,
        method: request.method,
        path,
        requestHash,
        since: new Date(Date.now() - FIELD_IDEMPOTENCY_TTL_HOURS * HOUR_MS),
      });
      if (!claim.claimed) {
        const { row } = claim;
        if (row.method !== request.method || row.path !== path || row.requestHash !== requestHash) {
          throw new AppError('idempotency_key_reused', { status: 422 });
        }
        if (row.status === null) throw new AppError('idempotency_key_in_progress', { status: 409 });
        reply.code(row.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return (row.body ?? undefined) as never;
      }
      try {
        const body = await handler(request, reply);
        await repository.storeAnswer(actor.membershipId, key, reply.statusCode, body === undefined ? null : body);
        return body as never;
      } catch (error) {
        await repository.releaseKey(actor.membershipId, key);
        throw error;
      }
    };
  }

  /** Registers the write `endpoint` with its `handler` behind the idempotency store ({@link idempotent}). */
  function write<E extends EndpointDefinition>(endpoint: E, handler: EndpointHandler<E>) {
    route(app, endpoint, idempotent(handler));
  }

  route(app, api.login, async (request, reply) => {
    await signInLimits.check(request, reply);
    try {
      const result = await auth.login({
        email: request.body.email,
        password: request.body.password,
        deviceName: request.body.device_name,
        code: request.body.two_factor_code,
      });
      if ('two_factor' in result) reply.code(202);
      return result;
    } catch (error) {
      if (error instanceof AppError && ['invalid_credentials', 'auth_code_invalid'].includes(error.code)) {
        await signInLimits.hit(request);
      }
      throw error;
    }
  });

  route(app, api.refresh, (request) => auth.refresh(request.body.refresh_token), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });

  route(app, api.logout, async (request) => {
    await auth.logout(request.body.refresh_token);
  });

  route(app, api.agenda, (request) => service.agenda(requireActor(request), request.query.from, request.query.to));
  route(app, api.site, (request) => service.site(requireActor(request), request.params.ulid));

  route(app, api.products, async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await service.products(requireActor(request));
    const etag = etagOf(body);
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const match = request.headers['if-none-match'];
    if (match?.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
    return body;
  });

  route(app, api.changes, (request) => service.changes(requireActor(request), request.query.since));

  write(api.checkIn, (request) => service.check(requireActor(request), request.params.ulid, 'in', request.body));
  write(api.checkOut, (request) => service.check(requireActor(request), request.params.ulid, 'out', request.body));
  write(api.putStationCheck, (request) =>
    service.putCheck(requireActor(request), request.params.ulid, request.params.stationUlid, request.body),
  );
  write(api.installStation, (request) => service.install(requireActor(request), request.params.ulid, request.body));
  write(api.replaceStation, (request) =>
    service.replace(requireActor(request), request.params.ulid, request.params.stationUlid, request.body),
  );
  write(api.removeStation, (request) =>
    service.remove(requireActor(request), request.params.ulid, request.params.stationUlid, request.body),
  );
  write(api.uploadPhoto, async (request, reply) => {
    const { photo, created } = await service.uploadPhoto(requireActor(request), request.params.ulid, () =>
      readUploadedForm(request as unknown as FastifyRequest),
    );
    reply.code(created ? 201 : 200);
    return photo;
  });
  write(api.putProductUse, (request) =>
    service.putProductUse(requireActor(request), request.params.ulid, request.params.clientId, request.body),
  );
  write(api.complete, (request) => service.complete(requireActor(request), request.params.ulid, request.body));

  // stored answers older than the replay window are purged now and then (every instance; a delete by index)
  const purge = setInterval(() => {
    repository.purgeKeys(new Date(Date.now() - FIELD_IDEMPOTENCY_TTL_HOURS * HOUR_MS)).catch((error: unknown) => {
      app.log.error({ err: error }, 'idempotency purge failed');
    });
  }, HOUR_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
