/**
 * Brute-force limits of sign-in, the two-factor step and forgot-password (issue 3 "Sign-in and sessions",
 * ARCHITECTURE §4: 429 with `Retry-After`). Built on `@fastify/rate-limit` (`app.createRateLimit`, the database store
 * every instance shares); windows are fixed and start at the first counted request of a key.
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
 *
 * The technician API's device login (`POST /api/field/v1/auth/login`, docs/decisions/011) counts against the same
 * sign-in counters ({@link signInLimiter}): failures on either door add up.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLimiter, ipKey, type Limiter } from '../../platform/http/rate-limits.js';

const MINUTES_15 = 15;

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

/** One sign-in limiter per server, shared by the web sign-in and the field device login. */
const signInLimiters = new WeakMap<object, Limiter>();

/**
 * The sign-in limiter of the server `app` belongs to (created on first use): failed sign-ins, 10 per e-mail + IP and
 * 50 per IP in 15 minutes, counted together for the web sign-in and the technician API's device login.
 */
export function signInLimiter(app: FastifyInstance): Limiter {
  let limiter = signInLimiters.get(app.server);
  if (!limiter) {
    limiter = createLimiter(app, 'sign-in', [
      { max: 10, windowMinutes: MINUTES_15, key: emailIpKey },
      { max: 50, windowMinutes: MINUTES_15, key: ipKey },
    ]);
    signInLimiters.set(app.server, limiter);
  }
  return limiter;
}
