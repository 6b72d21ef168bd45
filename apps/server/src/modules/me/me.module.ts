import type { AppModule } from '../../platform/module.js';
import { createMeRepository } from './me.repository.js';
import { meRoutes } from './me.routes.js';
import { createMeService } from './me.service.js';

/** The current user and the self-service calls of "my profile" (SPEC §2.6, §7 "Self"), and `GET /api/timezones`. */
export const meModule: AppModule = {
  name: 'me',
  async register(app, { db, config, mail }) {
    const service = createMeService({
      repository: createMeRepository(db),
      mail,
      appUrl: config.appUrl,
      twoFactorSpaces: config.twoFactorSpaces,
    });
    await app.register(meRoutes, { service, secureCookies: config.appUrl.startsWith('https:') });
  },
};
