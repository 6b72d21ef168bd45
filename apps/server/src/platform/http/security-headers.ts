/**
 * Security headers of every answer (API, SPA, static assets, errors): helmet's defaults with our
 * Content-Security-Policy (the SPA's own resources and the equipment map's tiles, issue 5).
 *
 * helmet builds its headers per request (`@fastify/helmet` even rebuilds the middleware, CSP parsing included, on
 * every request: issue 11 "Each request costs far more than the framework"). None of our headers depends on the
 * request, so helmet runs once at start-up against a recording response and one `onRequest` hook copies the frozen
 * result onto each reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAP_TILE_ORIGIN } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Our helmet configuration: helmet's defaults, CSP directives narrowed to what the SPA loads. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      // the equipment map's tiles (issue 5)
      'img-src': ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
    },
  },
};

/**
 * The headers helmet sets for `options`, computed once: lower-case name → value. Throws when an option makes a
 * header depend on the request (a CSP directive given as a function, e.g. nonces): such a header cannot be shared.
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader() {},
  };
  let done = false;
  const request = new Proxy({} as IncomingMessage, {
    get() {
      throw new Error('security headers: an option depends on the request; they cannot be computed once');
    },
  });
  helmet(options)(request, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('security headers: helmet did not finish synchronously');
  return Object.freeze(headers);
}

/** Sets the security headers (computed once, here) on every reply of `app`, 404s and errors included. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions> = HELMET_OPTIONS): void {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
