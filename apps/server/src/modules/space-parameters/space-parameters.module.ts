import type { AppModule } from '../../platform/module.js';
import { createSpaceParametersRepository } from './space-parameters.repository.js';
import { spaceParametersRoutes } from './space-parameters.routes.js';
import { createSpaceParametersService } from './space-parameters.service.js';
import { createSpacePurgeJob } from './space-purge-job.js';

/**
 * Space settings of dealer and PCO owners (SPEC §2.7 "Space settings"), and the daily purge of closed spaces
 * (started with the app, except under NODE_ENV=test where tests drive it themselves).
 */
export const spaceParametersModule: AppModule = {
  name: 'space-parameters',
  async register(app, { db, config }) {
    await app.register(spaceParametersRoutes, {
      service: createSpaceParametersService(createSpaceParametersRepository(db)),
    });
    if (config.env !== 'test') {
      const purge = createSpacePurgeJob({ db, log: app.log });
      app.addHook('onReady', () => purge.start());
      app.addHook('onClose', () => purge.stop());
    }
  },
};
