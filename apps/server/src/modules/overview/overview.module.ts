import type { AppModule } from '../../platform/module.js';
import { createOverviewRepository } from './overview.repository.js';
import { overviewRoutes } from './overview.routes.js';
import { createOverviewService } from './overview.service.js';

/**
 * The overview per space (issue 15 "The overview per space"): the map of a PCO's sites (`GET /api/sites/map`) and the
 * fleet health of a dealer's or the admin's PCOs (`GET /api/fleet_health`). Read-only; no job.
 */
export const overviewModule: AppModule = {
  name: 'overview',
  async register(app, { db }) {
    const service = createOverviewService({ repository: createOverviewRepository(db) });
    await app.register(overviewRoutes, { service });
  },
};
