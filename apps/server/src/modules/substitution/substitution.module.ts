import { registerSubstitutionGuard } from '../../platform/auth/substitution-guard.js';
import type { AppModule } from '../../platform/module.js';
import { createSubstitutionRepository } from './substitution.repository.js';
import { registerAuditHook, substitutionRoutes } from './substitution.routes.js';
import { createSubstitutionService } from './substitution.service.js';

/**
 * Substitution (SPEC §1, §4, §7 "Users") and its audit trail. Adds two hooks to every route of the app: the check
 * that a token's substitution is still the session's, and the recording of changes made under substitution.
 */
export const substitutionModule: AppModule = {
  name: 'substitution',
  async register(app, { db, config }) {
    const service = createSubstitutionService({ repository: createSubstitutionRepository(db) });
    registerSubstitutionGuard(app, db);
    registerAuditHook(app, service);
    await app.register(substitutionRoutes, { service, secureCookies: config.appUrl.startsWith('https:') });
  },
};
