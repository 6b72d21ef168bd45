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
  /**
   * Set while the session is on substitution (SPEC §1): the substituted space (= `spaceId`); `membershipId` and
   * `accountId` stay the real person's. Every request carrying it is checked against the session (one indexed query).
   */
  substituteSpaceId?: string | undefined;
  /**
   * Set when the request is authenticated by a field (mobile app) access token: the device session (docs/decisions/
   * 011). Such an actor is accepted by the `/api/field/v1` routes only; `sessionId` is then the device's id too.
   */
  fieldDeviceId?: string | undefined;
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
  /** Substituted space id, only while on substitution. */
  ssp?: string;
  /** Device session of a field access token (docs/decisions/011); absent from web tokens. */
  fld?: string;
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
    ...(c.ssp ? { substituteSpaceId: c.ssp } : {}),
    ...(c.fld ? { fieldDeviceId: c.fld } : {}),
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
    ...(a.substituteSpaceId ? { ssp: a.substituteSpaceId } : {}),
    ...(a.fieldDeviceId ? { fld: a.fieldDeviceId } : {}),
  };
}

/** The owner role of a dealer or PCO space: the effective role during substitution (SPEC §1). */
export function ownerRoleOf(type: 'dealer' | 'pco'): 'ROLE_DEALER_SPACE_OWNER' | 'ROLE_PCO_SPACE_OWNER' {
  return type === 'dealer' ? 'ROLE_DEALER_SPACE_OWNER' : 'ROLE_PCO_SPACE_OWNER';
}

/** `actor` acting in the substituted `space` as its owner (SPEC §1); account and membership stay the real ones. */
export function substitutedActor(actor: Actor, space: { id: string; type: 'dealer' | 'pco' }): Actor {
  return {
    ...actor,
    spaceId: space.id,
    spaceType: space.type,
    role: ownerRoleOf(space.type),
    substituteSpaceId: space.id,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** What the route requires (ARCHITECTURE §4 rule 3). Every /api and /security route must declare it. */
    access?: RouteAccess;
    /** `false`: a change made through this route under substitution is not written to the audit trail. */
    audit?: boolean;
  }
}

/** The actor of an authenticated route; throws 401 `unauthorized` when there is none. */
export function requireActor(request: Pick<FastifyRequest, 'actor'>): Actor {
  if (!request.actor) throw new AppError('unauthorized', { status: 401 });
  return request.actor;
}

/** `true` when the actor holds `action` in its effective space (SPEC §6). */
export function actorCan(actor: Actor, action: Action): boolean {
  return hasAction(actor.spaceType, actor.role, action);
}
