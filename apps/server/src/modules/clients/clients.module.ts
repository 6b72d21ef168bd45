import type { AppModule } from '../../platform/module.js';
import { createClientsRepository } from './clients.repository.js';
import { clientsRoutes } from './clients.routes.js';
import { createClientsService } from './clients.service.js';

/** Clients and their contacts (SPEC §7 "Clients"). */
export const clientsModule: AppModule = {
  name: 'clients',
  async register(app, { db }) {
    await app.register(clientsRoutes, { service: createClientsService(createClientsRepository(db)) });
  },
};
