/**
 * Ends substituted rights at once (SPEC §1, §4 "Substitution exit"): an access token that claims a substitution
 * (`ssp`) is honoured only while its session still substitutes that very space. Leaving, or being sent back to one's
 * own space, thus takes effect on the next request, not when the 15-minute token expires.
 *
 * Cost: one primary-key query on `sessions` per request whose token claims a substitution; none for ordinary
 * requests (decided from the token alone). A mismatch answers 401 `unauthorized` (the web client refreshes: the new
 * token carries the session's current state), or drops the actor on a public route.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { currentSubstitution } from './sessions.repository.js';

/** Adds the check to every route of `app` (runs after the access plugin's own `onRequest`). */
export function registerSubstitutionGuard(
  app: FastifyInstance,
  db: Db,
  lookUp: (sessionId: string) => Promise<string | null> = (sessionId) => currentSubstitution(db, sessionId),
): void {
  app.addHook('onRequest', async (request) => {
    const actor = request.actor;
    if (!actor?.substituteSpaceId) return;
    const current = await lookUp(actor.sessionId);
    if (current === actor.substituteSpaceId) return;
    request.actor = null;
    if (request.routeOptions.config?.access !== 'public') throw new AppError('unauthorized', { status: 401 });
  });
}
