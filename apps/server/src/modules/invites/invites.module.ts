import type { AppModule } from '../../platform/module.js';
import { createInvitesRepository } from './invites.repository.js';
import { invitesRoutes } from './invites.routes.js';
import { createInvitesService } from './invites.service.js';

/** Invitations and activation of the three space types (SPEC §7 "Invites, per type"). */
export const invitesModule: AppModule = {
  name: 'invites',
  async register(app, { db, config, mail }) {
    const service = createInvitesService({ repository: createInvitesRepository(db), mail, appUrl: config.appUrl });
    await app.register(invitesRoutes, { service });
  },
};
