import type { AppModule } from '../../platform/module.js';
import { createUsersRepository } from './users.repository.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** Members of a space (SPEC §7 "Users"); for now the people picker search. */
export const usersModule: AppModule = {
  name: 'users',
  async register(app, { db }) {
    await app.register(usersRoutes, { service: createUsersService(createUsersRepository(db)) });
  },
};
