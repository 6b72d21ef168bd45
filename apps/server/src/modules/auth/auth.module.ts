import type { FastifyInstance } from 'fastify';
import type { AppModule, ModuleDeps } from '../../platform/module.js';
import { createAuthRepository } from './auth.repository.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createEasyConnectRepository } from './easy-connect.repository.js';
import { createEasyConnectService } from './easy-connect.service.js';

/**
 * Sign-in (with the two-factor step), one-time sign-in links, refresh, logout and the password flows. `now` replaces the clock of the
 * service (tests move it to expire codes and links).
 */
export function createAuthModule(options: { now?: () => Date } = {}): AppModule {
  return {
    name: 'auth',
    async register(app, { db, config, mail }) {
      const service = createAuthService({
        repository: createAuthRepository(db),
        signAccessToken: (claims) => app.jwt.sign(claims),
        mail,
        twoFactorSpaces: config.twoFactorSpaces,
        appUrl: config.appUrl,
        secret: config.jwtSecret,
        now: options.now,
        onBackgroundError: (error) => app.log.error({ err: error }, 'forgot-password mail failed'),
      });
      app.addHook('preClose', () => service.drain());
      const easyConnect = createEasyConnectService({
        repository: createEasyConnectRepository(db),
        auth: service,
        mail,
        appUrl: config.appUrl,
        now: options.now,
      });
      await app.register(authRoutes, { service, easyConnect, secureCookies: config.appUrl.startsWith('https:') });
    },
  };
}

/**
 * The sign-in service on the app's dependencies: what the technician API calls to check a device login with the
 * same rules as the web sign-in (issue 3; docs/decisions/011).
 */
export function authServiceOf(app: FastifyInstance, { db, config, mail }: ModuleDeps) {
  return createAuthService({
    repository: createAuthRepository(db),
    signAccessToken: (claims) => app.jwt.sign(claims),
    mail,
    twoFactorSpaces: config.twoFactorSpaces,
    appUrl: config.appUrl,
    secret: config.jwtSecret,
  });
}

export const authModule: AppModule = createAuthModule();
