/**
 * Brute-force limits of a route (ARCHITECTURE §4: 429 with `Retry-After`), built on `@fastify/rate-limit`
 * (`app.createRateLimit`) over the database store shared by every instance (platform/db/rate-limit-store.ts);
 * windows are fixed and start at the first counted request of a key. Used by sign-in (modules/auth/auth.limits.ts)
 * and by the gateways' uplinks (modules/telemetry).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

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

/**
 * Builds the limiter `name` of `rules` on `app`: each rule has its own counters, named `<name>#<index>` — names must
 * be unique in the app, since every instance (and every limiter) shares one store.
 */
export function createLimiter(app: FastifyInstance, name: string, rules: LimitRule[]): Limiter {
  const limits = rules.map((rule, index) =>
    app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMinutes * MINUTE_MS,
      keyGenerator: (request) => `${name}#${index}:${rule.key(request)}`,
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
