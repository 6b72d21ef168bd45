/** HTTP of sign-in (SPEC §7 "Authentication"): token request, refresh and logout. */
import { REFRESH_TOKEN_COOKIE, tokenRequestBody } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearTokenCookies, type IssuedTokens, setTokenCookies } from '../../platform/auth/token-cookies.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  secureCookies: boolean;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, secureCookies }) => {
  const answer = (tokens: IssuedTokens, clientType: unknown) =>
    clientType === 'mobile' ? { token: tokens.accessToken, refresh_token: tokens.refreshToken } : {};

  app.post(
    '/security/token/request',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `${request.ip}:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
        },
      },
      schema: { tags: ['Authentication'], summary: 'Sign in with e-mail and password', body: tokenRequestBody },
    },
    async (request, reply) => {
      const tokens = await service.requestToken({
        email: request.body.email,
        password: request.body.password,
        rememberMe: request.body._remember_me,
      });
      setTokenCookies(reply, tokens, secureCookies);
      return answer(tokens, request.headers['client-type']);
    },
  );

  app.post(
    '/security/token/refresh',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['Authentication'],
        summary: 'Rotate the refresh token',
        body: z.object({ refresh_token: z.string().optional() }).nullish(),
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? request.cookies[REFRESH_TOKEN_COOKIE];
      try {
        const tokens = await service.refresh(token);
        setTokenCookies(reply, tokens, secureCookies);
        return answer(tokens, request.headers['client-type']);
      } catch (error) {
        clearTokenCookies(reply);
        throw error;
      }
    },
  );

  app.get(
    '/security/logout',
    { config: { access: 'public' }, schema: { tags: ['Authentication'], summary: 'End the session' } },
    async (request, reply) => {
      await service.logout({
        sessionId: request.actor?.sessionId,
        refreshToken: request.cookies[REFRESH_TOKEN_COOKIE],
      });
      clearTokenCookies(reply);
      return reply.code(204).send();
    },
  );
};
