import type { Db } from '../../platform/db/database.js';
import type { MailQueue } from '../../platform/mail/mail.js';
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

/**
 * The owner invitations other modules may send (the spaces module, when a dealer or a PCO is created): see
 * `inviteOwner` and `ownerEmailFree` of the invites service.
 */
export function createOwnerInvites(deps: { db: Db; mail: MailQueue; appUrl: string }) {
  const service = createInvitesService({
    repository: createInvitesRepository(deps.db),
    mail: deps.mail,
    appUrl: deps.appUrl,
  });
  return { inviteOwner: service.inviteOwner, ownerEmailFree: service.ownerEmailFree };
}
export type OwnerInvites = ReturnType<typeof createOwnerInvites>;
