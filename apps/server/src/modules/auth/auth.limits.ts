/**
 * Brute-force limits of sign-in, the two-factor step and forgot-password (issue 3 "Sign-in and sessions",
 * ARCHITECTURE §4: 429 with `Retry-After`). Built on `@fastify/rate-limit` (`app.createRateLimit`, in-memory store
 * of this process); windows are fixed and start at the first counted request of a key.
 *
 * | Route                          | Key                          | Counts                          | Limit        |
 * |--------------------------------|------------------------------|---------------------------------|--------------|
 * | POST /security/token/request   | e-mail + IP                  | failed sign-ins                 | 10 / 15 min  |
 * | POST /security/token/request   | IP                           | failed sign-ins                 | 50 / 15 min  |
 * | POST /security/token/2fa       | login attempt (cookie) + IP  | wrong codes and ended attempts  | 10 / 15 min  |
 * | POST /security/token/2fa       | IP                           | wrong codes and ended attempts  | 30 / 15 min  |
 * | POST /security/token/2fa-resend| login attempt (cookie) + IP  | every request                   | 5 / 15 min   |
 * | POST /security/token/2fa-resend| IP                           | every request                   | 20 / 15 min  |
 * | POST /security/forgot-password | e-mail + IP                  | every request                   | 5 / 15 min   |
 * | POST /security/forgot-password | IP                           | every request                   | 20 / 15 min  |
 *
 * Sign-in and code checks count failures only, so people who type their password right are never slowed down;
 * once a key is at its limit, every request of that key (right password included) answers 429 until the window
 * ends. The keys never contain only the e-mail: a flood against one address from one place blocks that address
 * from that place, not its owner elsewhere nor other people (the looser per-IP cap stops password spraying).
 * Forgot-password and resend count every request because each one sends an e-mail.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';

const MINUTE_MS = 60_000;

/** One limit: `max` counted requests of a key per window of `windowMinutes`. */
export interface LimitRule {
  max: number;
  windowMinutes: number;
  /** The key of a request (the request body is parsed and validated when it is called). */
  key(request: FastifyRequest): string;
}

/** A set of limits applied together to one route. */
export interface Limiter {
  /** Answers 429 (with `Retry-After`) when any key of the request is at its limit; counts nothing. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts the request against every key (call on a failure). */
  hit(request: FastifyRequest): Promise<void>;
  /** Counts the request against every key and answers 429 when one goes over its limit. */
  take(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** 429 `too_many_requests` after setting `Retry-After` (seconds, at least 1). */
function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): AppError {
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  return new AppError('too_many_requests', { status: 429 });
}

/** Builds a limiter of `rules` on `app` (each rule has its own counters). */
export function createLimiter(app: FastifyInstance, rules: LimitRule[]): Limiter {
  const limits = rules.map((rule) =>
    app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMinutes * MINUTE_MS,
      keyGenerator: (request) => rule.key(request),
    }),
  );
  return {
    async check(request, reply) {
      for (const limit of limits) {
        const state = await limit(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) throw tooManyRequests(reply, state.ttlInSeconds);
      }
    },
    async hit(request) {
      for (const limit of limits) await limit(request);
    },
    async take(request, reply) {
      let blockedFor = 0;
      for (const limit of limits) {
        const state = await limit(request);
        if (!state.isAllowed && state.isExceeded) blockedFor = Math.max(blockedFor, state.ttlInSeconds);
      }
      if (blockedFor > 0) throw tooManyRequests(reply, blockedFor);
    },
  };
}

/** The client address as the rate limits see it. */
export const ipKey = (request: FastifyRequest) => request.ip;

/** `<e-mail>|<ip>` from a body `{email}` (lower-cased). */
export const emailIpKey = (request: FastifyRequest) =>
  `${String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase()}|${request.ip}`;

/** `<hash of the cookie>|<ip>`: a login attempt, by the value of its cookie. */
export const cookieIpKey = (cookieName: string) => (request: FastifyRequest) =>
  `${createHash('sha256')
    .update(request.cookies[cookieName] ?? '')
    .digest('base64url')}|${request.ip}`;
