/**
 * Substitution (SPEC §1, §4 "Substitution exit", §7 "Users"): an admin enters any open dealer or PCO, a dealer any
 * open PCO of its own dealer space, and acts there as its owner; leaving brings the session back to its own
 * membership. The state lives on the session (`sessions.substitute_space_id`), so every refreshed token keeps it,
 * and the access tokens claiming it are checked against it (platform/auth/session-guard.ts).
 *
 * Audit trail (issue 4): every successful state-changing request made under substitution is recorded in
 * `audit_events` with the real account and membership.
 */
import { type AuditEvent, iri } from '@isoptera/contracts';
import { type Actor, substitutedActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { newUlid } from '../../platform/ids.js';
import { formatZoned } from '../../platform/time/zoned.js';
import type { SubstitutionRepository } from './substitution.repository.js';

/** Keys whose values never reach the audit trail (passwords, tokens, codes, secrets), at any depth. */
const SECRET_KEY = /pass|token|secret|auth_code|code_2fa/i;

/** `body` without password-like members (recursively), or null when there is no JSON body. */
export function redactSecrets(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactSecrets);
  if (body && typeof body === 'object') {
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, value]) => [key, redactSecrets(value)]),
    );
  }
  return body ?? null;
}

export interface AuditRecord {
  method: string;
  /** The route pattern, e.g. `/api/clients/:ulid`. */
  route: string;
  params: Record<string, string> | undefined;
  body: unknown;
  /** The `ulid` of the record a creation (201) answered, when there is one. */
  createdUlid?: string | null;
}

export function createSubstitutionService({ repository }: { repository: SubstitutionRepository }) {
  /** Sets the session's substitution; 401 when the session was revoked meanwhile. */
  async function enter(actor: Actor, space: { id: string; type: 'dealer' | 'pco' }): Promise<Actor> {
    if (!(await repository.setSubstitution(actor.sessionId, space.id))) {
      throw new AppError('unauthorized', { status: 401 });
    }
    return substitutedActor(actor, space);
  }

  return {
    /**
     * `POST /api/user_admins/connect-on-dealer|connect-on-pco`: the admin (admin_action, checked by the route) enters
     * any open dealer/PCO. Throws 404 `connected_on_<type>_not_found` for an unknown, closed or wrong-type ulid.
     * Answers the actor to put in the new access token.
     */
    async adminConnect(actor: Actor, type: 'dealer' | 'pco', ulid: string): Promise<Actor> {
      const space = await repository.findOpenSpace(ulid, type);
      if (!space) throw notFound(type === 'dealer' ? 'connected_on_dealer_not_found' : 'connected_on_pco_not_found');
      return enter(actor, space);
    },

    /**
     * `POST /api/user_dealers/connect-on-pco`: the dealer (dealer_action in its effective dealer space) enters an open
     * PCO of that dealer; another dealer's PCO answers 404 `connected_on_pco_not_found` like an unknown one.
     */
    async dealerConnect(actor: Actor, ulid: string): Promise<Actor> {
      const space = await repository.findOpenSpace(ulid, 'pco');
      if (!space || space.dealerId !== actor.spaceId) throw notFound('connected_on_pco_not_found');
      return enter(actor, space);
    },

    /**
     * `POST {users}/disconnect-on-*`: back to the session's own membership at once (clears the substitution; does
     * nothing more when there is none). Answers the actor of the own membership; 401 when it no longer exists.
     */
    async disconnect(actor: Actor): Promise<Actor> {
      const membership = await repository.findMembership(actor.membershipId);
      if (!membership || !(await repository.setSubstitution(actor.sessionId, null))) {
        throw new AppError('unauthorized', { status: 401 });
      }
      const { substituteSpaceId: _left, ...own } = actor;
      return { ...own, spaceId: membership.spaceId, spaceType: membership.spaceType, role: membership.role };
    },

    /**
     * Records one change made under substitution: `action` = `METHOD /route/pattern`, the entity type = the first
     * segment after `/api/` (`clients`, `client_contacts`, `space_parameters` …), its id = the route's `ulid`/`id`
     * parameter or, for a creation, the `ulid` it answered; `changes` = the body without secrets.
     */
    async record(actor: Actor, request: AuditRecord): Promise<void> {
      if (!actor.substituteSpaceId) return;
      const who = await repository.findAccountLabel(actor.accountId);
      const entityId = request.params?.ulid ?? request.params?.id ?? request.createdUlid ?? null;
      const entityType = request.route.split('/')[2] || null;
      await repository.insertAuditEvent({
        id: newUlid(),
        spaceId: actor.substituteSpaceId,
        actorAccountId: actor.accountId,
        actorMembershipId: actor.membershipId,
        actorLabel: who ? `${who.firstname} ${who.lastname} <${who.email}>` : actor.accountId,
        action: `${request.method} ${request.route}`,
        entityType,
        entityId,
        changes: redactSecrets(request.body),
      });
    },

    /** `GET /api/space_parameters/audit`: a page of the actor's current space's events, newest first. */
    async audit(actor: Actor, window: { limit: number; offset: number }) {
      const { rows, total } = await repository.listAuditEvents(actor.spaceId, window);
      const members: AuditEvent[] = rows.map(({ event, actorType }) => ({
        '@id': iri('audit_events', event.id),
        '@type': 'AuditEvent',
        ulid: event.id,
        actor: event.actorLabel,
        actor_type: actorType ?? null,
        action: event.action,
        entity_type: event.entityType,
        entity_id: event.entityId,
        changes: event.changes ?? null,
        created_at: formatZoned(event.createdAt, actor.timezone),
      }));
      return { members, total };
    },
  };
}
export type SubstitutionService = ReturnType<typeof createSubstitutionService>;
