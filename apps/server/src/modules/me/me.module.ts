import type { AppModule } from '../../platform/module.js';
import { createMeRepository } from './me.repository.js';
import { meRoutes } from './me.routes.js';
import { createMeService } from './me.service.js';

/** The current user. */
export const meModule: AppModule = {
  name: 'me',
  async register(app, { db }) {
    await app.register(meRoutes, { service: createMeService(createMeRepository(db)) });
  },
};
