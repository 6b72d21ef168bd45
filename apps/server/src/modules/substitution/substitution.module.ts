import type { AppModule } from '../../platform/module.js';
import { createSubstitutionRepository } from './substitution.repository.js';
import { registerAuditHook, substitutionRoutes } from './substitution.routes.js';
import { createSubstitutionService } from './substitution.service.js';

/**
 * Substitution (SPEC §1, §4, §7 "Users") and its audit trail. Adds a hook to every route of the app: the recording
 * of changes made under substitution. That a token's substitution is still the session's is checked by the session
 * guard (platform/auth/session-guard.ts, ADR 026) with every other session check.
 */
export const substitutionModule: AppModule = {
  name: 'substitution',
  async register(app, { db, config }) {
    const service = createSubstitutionService({ repository: createSubstitutionRepository(db) });
    registerAuditHook(app, service);
    await app.register(substitutionRoutes, { service, secureCookies: config.appUrl.startsWith('https:') });
  },
};
