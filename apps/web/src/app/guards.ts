/**
 * Route guards (SPEC §2.2 "Guard rules"): an unauthenticated user goes to Login; a user holding the
 * technician-only action goes to DownloadApp; a user lacking the route's action gets error 403. Plus the
 * BaseRoute hub: admin → /dealers, dealer → /pcos, PCO → /home, anyone else → error 403.
 */
import { ACTIONS, type Action } from '@isoptera/contracts';
import { type Actor, actorHasAction } from '../shared/auth/actor';
import type { SessionStatus } from '../shared/auth/session';

/** What a route requires: no session, any session, or one named action (ARCHITECTURE §3 rule 3). */
export type RouteAction = Action | readonly Action[] | 'public' | 'authenticated';

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';
export const DOWNLOAD_APP_PATH = '/download-app';
export const FORBIDDEN_PATH = '/error/403';

/** Decides whether the route may render for this session, must wait for it, or redirects (SPEC §2.2). */
export function decideAccess(action: RouteAction, status: SessionStatus, actor: Actor | null): GuardDecision {
  if (action === 'public') return { kind: 'allow' };
  if (status === 'unknown') return { kind: 'wait' };
  if (status === 'anonymous' || actor === null) return { kind: 'redirect', to: LOGIN_PATH };
  if (actorHasAction(actor, ACTIONS.PCO_TECHNICIAN)) return { kind: 'redirect', to: DOWNLOAD_APP_PATH };
  if (action === 'authenticated') return { kind: 'allow' };
  const anyOf: readonly Action[] = typeof action === 'string' ? [action] : action;
  if (anyOf.some((a) => actorHasAction(actor, a))) return { kind: 'allow' };
  return { kind: 'redirect', to: FORBIDDEN_PATH };
}

/**
 * `true` for a member of a PCO space holding the plain role (`ROLE_PCO_SPACE_USER`, SPEC §6): neither owner, manager
 * nor technician, so no PCO screen is theirs. BaseRoute shows them what they can do instead of error 403.
 */
export function isPlainPcoMember(actor: Actor | null): boolean {
  return actor?.userType === 'pco' && !actor.isSubstituting && actor.role === 'ROLE_PCO_SPACE_USER';
}

/**
 * Where BaseRoute (`/`) sends the actor (SPEC §2.2): admin → /dealers, dealer → /pcos, PCO owner or manager →
 * /home, anyone else → error 403; `null` for a plain PCO member, who stays on `/` (its page says what they can do).
 */
export function baseRouteTarget(actor: Actor | null): string | null {
  if (actorHasAction(actor, ACTIONS.ADMIN_ACTION)) return '/dealers';
  if (actorHasAction(actor, ACTIONS.DEALER_ACTION)) return '/pcos';
  if (actorHasAction(actor, ACTIONS.PCO_ACTION)) return '/home';
  if (isPlainPcoMember(actor)) return null;
  return FORBIDDEN_PATH;
}
