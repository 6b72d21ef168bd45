/**
 * Access tokens end with their session (issue 16 "Concurrent users", ADR 026): every request that carries a valid
 * access token — web cookie or bearer, field bearer — is refused (401 `unauthorized`, or served anonymously on a
 * public route) once its session is revoked or expired, its membership no longer active, or, for a token that claims
 * a substitution (`ssp`), once its session no longer substitutes that space (SPEC §1, §4 "Substitution exit"). A
 * field token's session is its device (docs/decisions/011): revoked at logout or refresh-token reuse.
 *
 * Cost: a per-instance cache of "session known open" entries (an LRU of at most `cacheSize` sessions, each kept at
 * most `ttlMs` and never past the session's expiry) answers without any query; a miss is one primary-key look-up
 * ({@link openSession}). A cached entry that does not grant what the token claims (a token minted after a change
 * whose notification is still on its way: a new membership, a new substitution) is looked up again, never refused
 * from the cache. A substituted token is looked up on every request, as before this guard (SPEC §4 "Substitution
 * exit" bites on the very next request, even before the notification arrives); substitution is rare. The cache is
 * kept true by the database: triggers notify the channel `isoptera_sessions` on every revocation, substitution
 * change, membership status change or deletion (migration 0024), whoever makes it;
 * each instance drops the matching entries when the notification arrives (milliseconds after the commit). While the
 * listening connection is down, the cache is bypassed (every request looks up), and it is emptied when the connection
 * is back. A look-up that overlaps a notification does not fill the cache (its answer may predate the change).
 * The instance that made a change sees it before it answers that request (a barrier notification, read-your-writes);
 * other instances within the notification's delivery, milliseconds.
 * Without a channel (tools, unit tests) nothing is cached.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database.js';
import type { NotificationChannel } from '../db/notification-channel.js';
import { AppError } from '../errors/app-error.js';
import type { Actor } from './actor.js';
import { type OpenSession, openSession } from './sessions.repository.js';

/** A payload of the channel that is not a change: a barrier of {@link registerSessionGuard} (`b:<uuid>`). */
const BARRIER_PREFIX = 'b:';
/** The longest a state-changing request waits for its barrier, in ms. */
const BARRIER_WAIT_MS = 1_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Looks a session (or, with `fieldDevice`, a field device) up for a membership: the open session, or null. */
export type SessionLookUp = (
  sessionId: string,
  membershipId: string,
  fieldDevice: boolean,
) => Promise<OpenSession | null>;

/** Options of {@link registerSessionGuard}. */
export interface SessionGuardOptions {
  /** The session changes' channel (`Database.sessionChanges`); without it every request looks its session up. */
  changes?: NotificationChannel | undefined;
  /** How a session is looked up; default {@link openSession} on the app's database (tests count the calls). */
  lookUp?: SessionLookUp;
  /** Longest a session stays known open without a look-up, in ms (the safety net); default 60 000. */
  ttlMs?: number;
  /** Most sessions remembered at once; default 10 000. */
  cacheSize?: number;
  /** Where a lost or regained listening connection is logged. */
  log?: { warn(object: object, message: string): void };
}

/** The cache of open sessions, fed by look-ups and emptied by notifications (see the module's doc). */
export interface SessionCache {
  /** The open session of `actor` from the cache, or undefined (look it up). */
  hit(actor: Actor): OpenSession | undefined;
  /** Looks `actor`'s session up and remembers it when open and no change was heard meanwhile. */
  load(actor: Actor): Promise<OpenSession | null>;
  /** Applies a notification of the channel (`s:<id>`, `m:<membership id>`; anything else empties the cache). */
  forget(payload: string): void;
  /** The listening connection was lost (`false`: bypass the cache) or is back (`true`: empty it, trust it again). */
  listening(on: boolean): void;
  readonly size: number;
}

/** A new cache; `enabled: false` caches nothing (no channel to keep it true). */
export function createSessionCache(
  lookUp: SessionLookUp,
  options: { ttlMs: number; max: number; enabled: boolean },
): SessionCache {
  const cache = new LRUCache<string, OpenSession>({ max: options.max });
  let trusted = options.enabled;
  // bumped by every notification: a look-up that started before one may hold a stale answer
  let epoch = 0;
  const keyOf = (actor: Actor) => actor.fieldDeviceId ?? actor.sessionId;
  return {
    hit: (actor) => (trusted ? cache.get(keyOf(actor)) : undefined),
    async load(actor) {
      const key = keyOf(actor);
      const started = epoch;
      const open = await lookUp(key, actor.membershipId, actor.fieldDeviceId !== undefined);
      if (open && trusted && epoch === started) {
        const left = open.expiresAt ? open.expiresAt.getTime() - Date.now() : options.ttlMs;
        const ttl = Math.min(options.ttlMs, left);
        if (ttl > 0) cache.set(key, open, { ttl });
      }
      return open;
    },
    forget(payload) {
      epoch++;
      const id = payload.slice(2);
      if (payload.startsWith('s:')) {
        cache.delete(id);
      } else if (payload.startsWith('m:')) {
        for (const [key, open] of cache.entries()) if (open.membershipId === id) cache.delete(key);
      } else {
        cache.clear();
      }
    },
    listening(on) {
      epoch++;
      cache.clear();
      trusted = on && options.enabled;
    },
    get size() {
      return cache.size;
    },
  };
}

/** `true` when `open` still grants what `actor`'s token claims (same membership, same substitution if any). */
function grants(actor: Actor, open: OpenSession | null | undefined): boolean {
  if (!open || open.membershipId !== actor.membershipId) return false;
  return !actor.substituteSpaceId || open.substituteSpaceId === actor.substituteSpaceId;
}

/** Drops the actor of a refused token: 401 on a non-public route, anonymous on a public one. */
function refuse(request: FastifyRequest): void {
  request.actor = null;
  if (request.routeOptions.config?.access !== 'public') throw new AppError('unauthorized', { status: 401 });
}

/**
 * Adds the check to every route of `app` (an `onRequest` hook registered after the access plugin's, so it sees
 * `request.actor`) and starts listening to `changes`; returns the cache (tests read it).
 */
export async function registerSessionGuard(
  app: FastifyInstance,
  db: Db,
  options: SessionGuardOptions = {},
): Promise<SessionCache> {
  const lookUp = options.lookUp ?? ((id, membershipId, fieldDevice) => openSession(db, id, membershipId, fieldDevice));
  const cache = createSessionCache(lookUp, {
    ttlMs: options.ttlMs ?? 60_000,
    max: options.cacheSize ?? 10_000,
    enabled: options.changes !== undefined,
  });
  if (options.changes) {
    const changes = options.changes;
    const log = options.log ?? app.log;
    /** Barriers sent by this instance and not heard back yet: id → what resolves its wait. */
    const barriers = new Map<string, () => void>();
    /** Whether the listening connection is up (while it is down the cache is bypassed: no barrier is needed). */
    let listening = true;
    const stop = await changes.listen(
      (payload) => {
        if (payload.startsWith(BARRIER_PREFIX)) return barriers.get(payload.slice(BARRIER_PREFIX.length))?.();
        cache.forget(payload);
      },
      (on) => {
        listening = on;
        cache.listening(on);
        log.warn({ listening: on }, on ? 'session changes heard again' : 'session changes not heard: cache bypassed');
      },
    );
    app.addHook('onClose', () => stop());
    /**
     * Read-your-writes on this instance: before a state-changing request (or a `/security` call, logout being a GET)
     * answers, a barrier goes through the channel and the answer waits until it comes back. Notifications arrive in
     * commit order, so every session change the request committed has then been applied to this cache: the very
     * next request here already sees it. At most {@link BARRIER_WAIT_MS} (the listener may be down: the cache is
     * then bypassed anyway).
     */
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!listening || (SAFE_METHODS.has(request.method) && !request.url.startsWith('/security/'))) return payload;
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        barriers.set(id, resolve);
        timer = setTimeout(resolve, BARRIER_WAIT_MS);
        changes.notify(`${BARRIER_PREFIX}${id}`).catch(() => resolve());
      });
      clearTimeout(timer);
      barriers.delete(id);
      return payload;
    });
  }
  // not async: a cache hit answers synchronously (issue 11's per-request cost)
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const actor = request.actor;
    if (!actor) return done();
    // a substituted token is always looked up (SPEC §4: leaving bites on the very next request, on this instance too)
    if (!actor.substituteSpaceId && grants(actor, cache.hit(actor))) return done();
    // not cached, or cached in another state: a token newer than the notification of its change must not wait for it
    cache.load(actor).then(
      (open) => {
        try {
          if (!grants(actor, open)) refuse(request);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      (error: unknown) => done(error as Error),
    );
  });
  return cache;
}
