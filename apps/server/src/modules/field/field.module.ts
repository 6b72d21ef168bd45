import type { AppModule } from '../../platform/module.js';
import { authServiceOf } from '../auth/auth.module.js';
import { equipmentServiceOf } from '../equipment/equipment.module.js';
import { reportDraftsServiceOf } from '../reports/reports.module.js';
import { createFieldRepository } from './field.repository.js';
import { fieldRoutes } from './field.routes.js';
import { createFieldService } from './field.service.js';
import { createFieldAuthService } from './field-auth.service.js';

/**
 * The technician API `/api/field/v1` (issue 12 "The technician API"; docs/decisions/011-technician-api.md): device
 * login with bearer and refresh tokens, the agenda, a site, the catalogue, the changes feed and the writes of a
 * visit. It calls the auth module's sign-in checks, the reports module's drafts service and the equipment module's
 * service, never their repositories.
 */
export const fieldModule: AppModule = {
  name: 'field',
  async register(app, deps) {
    const repository = createFieldRepository(deps.db);
    const auth = createFieldAuthService({
      repository,
      auth: authServiceOf(app, deps),
      sign: (claims, expiresIn) => app.jwt.sign(claims, { expiresIn }),
    });
    const service = createFieldService({
      repository,
      drafts: reportDraftsServiceOf(deps),
      equipment: equipmentServiceOf(deps),
    });
    await app.register(fieldRoutes, { auth, service, repository });
  },
};
