/**
 * The actor: the authenticated account plus the effective space and role of this request (ARCHITECTURE §1).
 * Services take it as their first argument; repositories take its `spaceId` to scope every query.
 */
import type { Action, Language, RouteAccess, UserType } from '@isoptera/contracts';
import { hasAction } from '@isoptera/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

export interface Actor {
  accountId: string;
  sessionId: string;
  /** The membership ("user") the session acts as. */
  membershipId: string;
  /** The effective space (after substitution). */
  spaceId: string;
  spaceType: UserType;
  role: string;
  /** IANA time zone of the account, e.g. `Europe/Paris`. */
  timezone: string;
  lang: Language;
}

/** The claims of an access token (JWT). */
export interface AccessClaims {
  sub: string;
  sid: string;
  mid: string;
  spc: string;
  typ: UserType;
  rol: string;
  tz: string;
  lng: Language;
}

export function actorFromClaims(c: AccessClaims): Actor {
  return {
    accountId: c.sub,
    sessionId: c.sid,
    membershipId: c.mid,
    spaceId: c.spc,
    spaceType: c.typ,
    role: c.rol,
    timezone: c.tz,
    lang: c.lng,
  };
}

export function claimsFromActor(a: Actor): AccessClaims {
  return {
    sub: a.accountId,
    sid: a.sessionId,
    mid: a.membershipId,
    spc: a.spaceId,
    typ: a.spaceType,
    rol: a.role,
    tz: a.timezone,
    lng: a.lang,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** What the route requires (ARCHITECTURE §4 rule 3). Every /api and /security route must declare it. */
    access?: RouteAccess;
  }
}

/** The actor of an authenticated route; throws 401 `unauthorized` when there is none. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('unauthorized', { status: 401 });
  return request.actor;
}

/** `true` when the actor holds `action` in its effective space (SPEC §6). */
export function actorCan(actor: Actor, action: Action): boolean {
  return hasAction(actor.spaceType, actor.role, action);
}
