/**
 * Idempotent creates (issue 16 "Creates accept an `Idempotency-Key` header"; ADR 027; IETF draft "The
 * Idempotency-Key HTTP Header Field"), for every endpoint whose contract says `idempotent: true` — one mechanism,
 * three hooks, no per-route code:
 *
 * - `preHandler` (after authentication and validation): a request with `Idempotency-Key` claims the key for the
 *   actor's membership and the endpoint (its operationId) in `idempotency_keys`. If the key is taken: another
 *   request (method, path or body differ) → 422 `idempotency_key_reused`; the first one still running → 409
 *   `idempotency_key_in_progress`; otherwise its stored answer is replayed — same status, body (byte for byte),
 *   `Location` and media type — with `Idempotent-Replayed: true`, and the handler does not run.
 * - `onSend`: a claimed request that succeeded (< 400) stores its answer; one that failed releases the key, so the
 *   client can correct the request and send it again with the same key.
 * - `onResponse`: a claim still open (the answer was never stored: a stream, a store that failed) is released.
 *
 * The fingerprint is the SHA-256 of the method, the path (with its query) and the validated body as JSON; a
 * multipart body, which the handler reads itself, stands by its `Content-Type` boundary-less type and length (as
 * the technician API does). Keys are 1–200 characters (400 `idempotency_key_invalid`), replayed
 * {@link IDEMPOTENCY_TTL_HOURS} hours, then swept ({@link createIdempotencySweepJob}). A claim whose instance died
 * mid-request is taken over after {@link IN_FLIGHT_TIMEOUT_SECONDS}. Everything is in the database: a retry that
 * reaches another instance gets the same answer.
 */
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_TTL_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { createJobBoss } from '../mail/job-database.js';
import { createIdempotencyRepository, type IdempotencyScope } from './idempotency.repository.js';

/** After how long a claim without an answer is deemed abandoned (its instance stopped mid-request), in seconds. */
export const IN_FLIGHT_TIMEOUT_SECONDS = 300;
const TTL_SECONDS = IDEMPOTENCY_TTL_HOURS * 3600;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request claimed and has not yet answered (null otherwise). */
    idempotencyClaim: IdempotencyScope | null;
  }
}

/** The fingerprint of a request: what a retry must repeat exactly. */
function fingerprintOf(request: FastifyRequest): string {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  const body = type.startsWith('multipart/')
    ? `${type}:${request.headers['content-length'] ?? ''}`
    : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('base64url');
}

/** The text of a serialised answer, or undefined when it cannot be stored (a stream). */
function storedText(payload: unknown): string | null | undefined {
  if (payload === null || payload === undefined || payload === '') return null;
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

const headerText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Adds the idempotency hooks to every route of `app` (they act on the routes whose contract is `idempotent`). */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  const repository = createIdempotencyRepository(db);
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint?.idempotent || !request.actor) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new AppError('idempotency_key_invalid', { status: 400 });
    }
    const id = { membershipId: request.actor.membershipId, scope: endpoint.operationId, key };
    const fingerprint = fingerprintOf(request);
    const claim = await repository.claim(id, fingerprint, {
      ttlSeconds: TTL_SECONDS,
      staleSeconds: IN_FLIGHT_TIMEOUT_SECONDS,
    });
    if (claim.claimed) {
      request.idempotencyClaim = id;
      return;
    }
    const { row } = claim;
    if (row.fingerprint !== fingerprint) throw new AppError('idempotency_key_reused', { status: 422 });
    if (row.status === null) throw new AppError('idempotency_key_in_progress', { status: 409 });
    reply.code(row.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    if (row.location) reply.header('location', row.location);
    if (row.contentType) reply.header('content-type', row.contentType);
    return reply.send(row.body ?? undefined);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const id = request.idempotencyClaim;
    if (!id) return payload;
    request.idempotencyClaim = null;
    const body = storedText(payload);
    try {
      if (reply.statusCode >= 400 || body === undefined) {
        await repository.release(id);
      } else {
        await repository.store(id, {
          status: reply.statusCode,
          body,
          contentType: headerText(reply.getHeader('content-type')),
          location: headerText(reply.getHeader('location')),
        });
      }
    } catch (error) {
      // the change is made: its answer goes out even if it could not be kept (a retry then runs again)
      request.log.error({ err: error }, 'idempotent answer not stored');
      await repository.release(id).catch(() => {});
    }
    return payload;
  });

  app.addHook('onResponse', async (request: FastifyRequest) => {
    const id = request.idempotencyClaim;
    if (!id) return;
    request.idempotencyClaim = null;
    await repository.release(id).catch((error: unknown) => request.log.error({ err: error }, 'idempotency release'));
  });
}

/** The pg-boss queue of the sweep. */
export const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-sweep';
/** Every hour, at minute 41. */
export const IDEMPOTENCY_SWEEP_CRON = '41 * * * *';

/** The hourly sweep of keys older than {@link IDEMPOTENCY_TTL_HOURS} hours (pg-boss cron: once across instances). */
export function createIdempotencySweepJob(options: {
  db: Db;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}): { start(): Promise<void>; stop(): Promise<void> } {
  const repository = createIdempotencyRepository(options.db);
  const boss: PgBoss = createJobBoss(options.db, { schedule: true });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'idempotency sweep job error'));
  let started = false;
  return {
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(IDEMPOTENCY_SWEEP_QUEUE);
      await boss.schedule(IDEMPOTENCY_SWEEP_QUEUE, IDEMPOTENCY_SWEEP_CRON, {}, { tz: 'UTC' });
      await boss.work(IDEMPOTENCY_SWEEP_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
        const swept = await repository.sweep(TTL_SECONDS);
        if (swept) options.log.info({ swept }, 'idempotency keys swept');
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: false, close: false });
    },
  };
}
