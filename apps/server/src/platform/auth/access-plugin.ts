/**
 * Authentication and access control of every route (ARCHITECTURE §4 rules 2–3, SPEC §6):
 * - reads the access token from the httpOnly cookie (web) or `Authorization: Bearer` (mobile) into `request.actor`;
 * - refuses a route without an `access` declaration at registration time;
 * - answers 401 without a valid token, 403 when the actor lacks every action the route accepts;
 * - refuses a cookie-authenticated state-changing request without `Client-Type` (CSRF defence), 400 (a request that
 *   authenticates with an `Authorization` header — `Bearer` or a gateway's `Device` credential — is exempt).
 *
 * Field (mobile app) tokens (docs/decisions/011): a route whose contract says `auth: 'field'` (`/api/field/v1`) reads
 * only `Authorization: Bearer` and accepts only a token carrying a device session (`fld`); every other route ignores
 * such a token (401 as if none was sent). So neither kind of token opens the other API.
 *
 * Verification is cached (issue 11): a token verified once maps to its frozen actor in a bounded LRU cache (keyed by
 * the token itself, at most `cacheSize` entries) until the token's own `exp`, so a client's later requests skip the
 * signature check and the claims decoding. The cache holds only what the token itself says, never the session's state:
 * whether the session still grants access (logout, refresh-token reuse, a disabled member, leaving a substitution) is
 * checked on every request after this plugin, by the session guard (`session-guard.ts`, ADR 026). A token that fails
 * verification is not cached.
 */
import fastifyJwt from '@fastify/jwt';
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_SECONDS,
  CLIENT_TYPE_HEADER,
  hasAnyAction,
  type RouteAccess,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { AppError } from '../errors/app-error.js';
import { type AccessClaims, type Actor, actorFromClaims } from './actor.js';

/** One registered route and what it requires; `app.routeAccessTable` lists them all (tests walk it). */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeAccessTable: RouteAccessEntry[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths whose routes must declare `config.access`. */
export function isGuardedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/security/');
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** Options of {@link accessPlugin}. */
export interface AccessPluginOptions {
  /** HS256 secret of the access tokens (`JWT_SECRET`). */
  secret: string;
  /** Most verified tokens remembered at once (least recently used dropped first); default 10 000 (a few MB). */
  cacheSize?: number;
}

/**
 * A cache of verified access tokens: token → its actor (frozen: every request of that token shares it), each entry
 * expiring with its token (`exp`, in seconds since the epoch).
 */
export function createTokenCache(max: number) {
  const cache = new LRUCache<string, Readonly<Actor>>({ max });
  return {
    get: (token: string) => cache.get(token),
    /** Remembers `actor` for `token` until `expSeconds`; does nothing for a token already expired. */
    set(token: string, actor: Readonly<Actor>, expSeconds: number | undefined) {
      const ttl = expSeconds === undefined ? 0 : expSeconds * 1000 - Date.now();
      if (ttl > 0) cache.set(token, actor, { ttl });
    },
    get size() {
      return cache.size;
    },
  };
}

export const accessPlugin = fp(
  async (app: FastifyInstance, options: AccessPluginOptions) => {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
      cookie: { cookieName: ACCESS_TOKEN_COOKIE, signed: false },
    });
    app.decorateRequest('actor', null);
    const verified = createTokenCache(options.cacheSize ?? 10_000);

    /** The actor of a valid, unexpired `token`; null otherwise. */
    const actorOf = (token: string): Actor | null => {
      const cached = verified.get(token);
      if (cached) return cached;
      try {
        const claims = app.jwt.verify<AccessClaims & { exp?: number }>(token);
        const actor = Object.freeze(actorFromClaims(claims));
        verified.set(token, actor, claims.exp);
        return actor;
      } catch {
        return null;
      }
    };
    const table: RouteAccessEntry[] = [];
    app.decorate('routeAccessTable', table);

    app.addHook('onRoute', (route) => {
      // The API reference (SPEC §7 document) is public by design.
      if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
      if (isGuardedPath(route.url) && !route.config?.access && route.method !== 'HEAD') {
        throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') table.push({ method, url: route.url, access: route.config?.access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      if (request.routeOptions.config?.endpoint?.auth === 'field') {
        const token = bearer(request);
        const actor = token ? actorOf(token) : null;
        request.actor = actor?.fieldDeviceId ? actor : null;
        if (access === 'public') return;
        if (!request.actor) throw new AppError('unauthorized', { status: 401 });
        if (access !== 'authenticated' && !hasAnyAction(request.actor.spaceType, request.actor.role, access.anyOf)) {
          throw new AppError('forbidden', { status: 403 });
        }
        return;
      }
      const fromHeader = bearer(request);
      // A device (`Authorization: Device …`, POST /api/uplinks) never acts with a user session: its cookie is ignored,
      // so, like a bearer request, it needs no CSRF defence.
      const fromDevice = request.headers.authorization?.startsWith('Device ') ?? false;
      const fromCookie = fromDevice ? undefined : request.cookies[ACCESS_TOKEN_COOKIE];
      const token = fromHeader ?? fromCookie;
      if (token) {
        const actor = actorOf(token);
        request.actor = actor?.fieldDeviceId ? null : actor;
      }
      if (!SAFE_METHODS.has(request.method) && !fromHeader && !fromDevice && !request.headers[CLIENT_TYPE_HEADER]) {
        throw new AppError('client_type_required', { status: 400 });
      }
      if (access === 'public') return;
      const actor = request.actor;
      if (!actor) throw new AppError('unauthorized', { status: 401 });
      if (access !== 'authenticated' && !hasAnyAction(actor.spaceType, actor.role, access.anyOf)) {
        throw new AppError('forbidden', { status: 403 });
      }
    });
  },
  { name: 'access' },
);
