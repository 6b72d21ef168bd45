import type { AppModule } from '../../platform/module.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/** Sign-in, refresh and logout. */
export const authModule: AppModule = {
  name: 'auth',
  async register(app, { db, config }) {
    const service = createAuthService({
      repository: createAuthRepository(db),
      signAccessToken: (claims) => app.jwt.sign(claims),
    });
    await app.register(authRoutes, { service, secureCookies: config.appUrl.startsWith('https:') });
  },
};
