import type { AppModule } from '../../platform/module.js';
import { avatarsRoutes } from './avatars.routes.js';
import { createAvatarsService } from './avatars.service.js';
import { genericUsersRoutes } from './generic-users.routes.js';
import { createReferentSitesService } from './referent-sites.service.js';
import { createUsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';
import { createUsersCreateRepository } from './users-create.repository.js';
import { createUsersCreateService } from './users-create.service.js';

/**
 * Members of a space (SPEC §4 "User lifecycle", §6, §7 "Users, per type"): the users list and management of each
 * user type, the generic `/api/users` calls (create with a password, read, edit, delete in the current space),
 * referent-site hand-over, avatars, and the PCO people picker search. Invitations live in `invites`.
 */
export const usersModule: AppModule = {
  name: 'users',
  async register(app, { db, storage }) {
    const repository = createUsersRepository(db);
    const avatars = createAvatarsService(repository, { storage });
    const service = createUsersService(repository, { onAvatarOrphaned: avatars.removeAvatar });
    await app.register(usersRoutes, { service, referentSites: createReferentSitesService(repository) });
    await app.register(genericUsersRoutes, {
      service,
      create: createUsersCreateService(createUsersCreateRepository(db), service),
    });
    await app.register(avatarsRoutes, { avatars });
  },
};
