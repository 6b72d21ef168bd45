import { createImageStore } from '../../platform/images/images.js';
import type { AppModule } from '../../platform/module.js';
import { createOwnerInvites } from '../invites/invites.module.js';
import { createSpacesRepository } from './spaces.repository.js';
import { spacesRoutes } from './spaces.routes.js';
import { createSpacesService } from './spaces.service.js';

/** URL prefix of stored logos (`GET /api/logos/{file}`). */
export const LOGO_URL_PREFIX = '/api/logos/';

/**
 * Dealer and PCO management and space logos (SPEC §2.7 "Dealer and PCO management", "Space settings"): the dealers
 * and PCOs lists and forms; creating a space invites its owner through the invites module.
 */
export const spacesModule: AppModule = {
  name: 'spaces',
  async register(app, { db, config, mail, storage }) {
    const service = createSpacesService({
      repository: createSpacesRepository(db),
      owners: createOwnerInvites({ db, mail, appUrl: config.appUrl }),
      logos: createImageStore({ storage, folder: 'logos', urlPrefix: LOGO_URL_PREFIX }),
    });
    await app.register(spacesRoutes, { service });
  },
};
