import type { AppModule } from '../../platform/module.js';
import { createSitesRepository } from './sites.repository.js';
import { sitesRoutes } from './sites.routes.js';
import { createSitesService } from './sites.service.js';

/** Sites and their main contact (SPEC §7 "Sites"). */
export const sitesModule: AppModule = {
  name: 'sites',
  async register(app, { db }) {
    await app.register(sitesRoutes, { service: createSitesService(createSitesRepository(db)) });
  },
};
