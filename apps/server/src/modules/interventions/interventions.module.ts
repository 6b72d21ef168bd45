import type { AppModule } from '../../platform/module.js';
import { createInterventionsRepository } from './interventions.repository.js';
import { interventionsRoutes } from './interventions.routes.js';
import { createInterventionsService } from './interventions.service.js';

/** Interventions (visits) and the site status on scheduling (SPEC §7 "Interventions", docs/decisions/004). */
export const interventionsModule: AppModule = {
  name: 'interventions',
  async register(app, { db, mail }) {
    const service = createInterventionsService(createInterventionsRepository(db), { mail });
    await app.register(interventionsRoutes, { service });
  },
};
