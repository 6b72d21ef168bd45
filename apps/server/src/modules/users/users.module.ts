import type { AppModule } from '../../platform/module.js';
import { avatarsRoutes } from './avatars.routes.js';
import { createAvatarsService } from './avatars.service.js';
import { createReferentSitesService } from './referent-sites.service.js';
import { createUsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/**
 * Members of a space (SPEC §4 "User lifecycle", §6, §7 "Users, per type"): the users list and management of each
 * user type, referent-site hand-over, avatars, and the PCO people picker search. Invitations live in `invites`.
 */
export const usersModule: AppModule = {
  name: 'users',
  async register(app, { db, config }) {
    const repository = createUsersRepository(db);
    const avatars = createAvatarsService(repository, { dataDir: config.dataDir });
    await app.register(usersRoutes, {
      service: createUsersService(repository, { onAvatarOrphaned: avatars.removeAvatar }),
      referentSites: createReferentSitesService(repository),
    });
    await app.register(avatarsRoutes, { avatars });
  },
};
