/**
 * HTTP of sign-in and the password flows (SPEC §7 "Authentication"): token request, two-factor step and resend,
 * refresh, logout, forgot / reset / validate password. Brute-force limits: see `auth.limits.ts`.
 */
import {
  forgotPasswordBody,
  REFRESH_TOKEN_COOKIE,
  resetPasswordBody,
  TRUSTED_DEVICE_COOKIE,
  TWO_FACTOR_COOKIE,
  type TwoFactorRequired,
  tokenRequestBody,
  twoFactorBody,
  validatePasswordBody,
} from '@isoptera/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearTokenCookies, type IssuedTokens, setTokenCookies } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createLimiter, ipKey } from '../../platform/http/rate-limits.js';
import { cookieIpKey, emailIpKey } from './auth.limits.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  secureCookies: boolean;
}

/** The two-factor and trusted-device cookies are sent only to `/security` (sign-in calls). */
const SECURITY_PATH = '/security';
const MINUTES_15 = 15;

const isError = (error: unknown, ...codes: string[]) => error instanceof AppError && codes.includes(error.code);

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, secureCookies }) => {
  const answer = (tokens: IssuedTokens, clientType: unknown) =>
    clientType === 'mobile' ? { token: tokens.accessToken, refresh_token: tokens.refreshToken } : {};
  const clearTwoFactorCookie = (reply: FastifyReply) => reply.clearCookie(TWO_FACTOR_COOKIE, { path: SECURITY_PATH });

  const signInLimits = createLimiter(app, [
    { max: 10, windowMinutes: MINUTES_15, key: emailIpKey },
    { max: 50, windowMinutes: MINUTES_15, key: ipKey },
  ]);
  const codeLimits = createLimiter(app, [
    { max: 10, windowMinutes: MINUTES_15, key: cookieIpKey(TWO_FACTOR_COOKIE) },
    { max: 30, windowMinutes: MINUTES_15, key: ipKey },
  ]);
  const resendLimits = createLimiter(app, [
    { max: 5, windowMinutes: MINUTES_15, key: cookieIpKey(TWO_FACTOR_COOKIE) },
    { max: 20, windowMinutes: MINUTES_15, key: ipKey },
  ]);
  const forgotLimits = createLimiter(app, [
    { max: 5, windowMinutes: MINUTES_15, key: emailIpKey },
    { max: 20, windowMinutes: MINUTES_15, key: ipKey },
  ]);

  app.post(
    '/security/token/request',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'Sign in with e-mail and password',
        description:
          'Answers the session cookies (`{}` for the web app, `{token, refresh_token}` for `Client-Type: mobile`), ' +
          'or `{two_factor: true, email}` without a session when the member must confirm an e-mailed code ' +
          '(`TWO_FACTOR_SPACES`) and the browser holds no valid trusted-device cookie. 401 `invalid_credentials`; ' +
          '429 after 10 failures per e-mail and address, or 50 per address, in 15 minutes.',
        body: tokenRequestBody,
      },
      preHandler: (request, reply) => signInLimits.check(request, reply),
    },
    async (request, reply) => {
      let result: Awaited<ReturnType<AuthService['requestToken']>>;
      try {
        result = await service.requestToken({
          email: request.body.email,
          password: request.body.password,
          rememberMe: request.body._remember_me,
          trustedDevice: request.cookies[TRUSTED_DEVICE_COOKIE],
        });
      } catch (error) {
        if (isError(error, 'invalid_credentials')) await signInLimits.hit(request);
        throw error;
      }
      if (result.kind === 'two_factor') {
        reply.setCookie(TWO_FACTOR_COOKIE, result.challengeToken, {
          path: SECURITY_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          expires: result.expiresAt,
        });
        const body: TwoFactorRequired = { two_factor: true, email: result.email };
        return body;
      }
      setTokenCookies(reply, result.tokens, secureCookies);
      return answer(result.tokens, request.headers['client-type']);
    },
  );

  app.post(
    '/security/token/2fa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'Confirm a sign-in with the e-mailed 6-digit code',
        description:
          'Reads the login attempt from the two-factor cookie. Opens the session like a sign-in; `trusted` also ' +
          'sets the trusted-device cookie (180 days). 400 `auth_code_invalid` (wrong or older than 10 minutes; the ' +
          '5th wrong code ends the attempt), 401 `two_factor_expired`, 429.',
        body: twoFactorBody,
      },
      preHandler: (request, reply) => codeLimits.check(request, reply),
    },
    async (request, reply) => {
      let result: Awaited<ReturnType<AuthService['verifyTwoFactor']>>;
      try {
        result = await service.verifyTwoFactor({
          challengeToken: request.cookies[TWO_FACTOR_COOKIE],
          code: request.body.auth_code,
          trusted: request.body.trusted,
        });
      } catch (error) {
        if (isError(error, 'auth_code_invalid', 'two_factor_expired')) await codeLimits.hit(request);
        if (isError(error, 'two_factor_expired')) clearTwoFactorCookie(reply);
        throw error;
      }
      clearTwoFactorCookie(reply);
      setTokenCookies(reply, result.tokens, secureCookies);
      if (result.trustedDevice) {
        reply.setCookie(TRUSTED_DEVICE_COOKIE, result.trustedDevice.value, {
          path: SECURITY_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          expires: result.trustedDevice.expiresAt,
        });
      }
      return answer(result.tokens, request.headers['client-type']);
    },
  );

  app.post(
    '/security/token/2fa-resend',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'E-mail a new code for the current login attempt (204)',
        description:
          'The previous code stops working at once. 401 `two_factor_expired` when the attempt ended; 429 after ' +
          '5 resends per attempt, or 20 per address, in 15 minutes.',
      },
      preHandler: (request, reply) => resendLimits.take(request, reply),
    },
    async (request, reply) => {
      try {
        await service.resendTwoFactor(request.cookies[TWO_FACTOR_COOKIE]);
      } catch (error) {
        if (isError(error, 'two_factor_expired')) clearTwoFactorCookie(reply);
        throw error;
      }
      return reply.code(204).send();
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

  app.post(
    '/security/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'E-mail a password-reset link (always 204)',
        description:
          'The same answer, in the same time, whether the e-mail belongs to an account or not. A known account ' +
          'receives a link to `/renew-password?token=…`, valid 1 hour and used once; older links stop working. ' +
          '429 after 5 requests per e-mail and address, or 20 per address, in 15 minutes.',
        body: forgotPasswordBody,
      },
      preHandler: (request, reply) => forgotLimits.take(request, reply),
    },
    async (request, reply) => {
      service.forgotPassword(request.body.email);
      return reply.code(204).send();
    },
  );

  app.post(
    '/security/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'Set a new password from a reset link (204)',
        description:
          'Ends every session and trusted device of the account. 400 `error_token_renew` (unknown or used link), ' +
          '410 `expired_token_renew`, 422 `password_must_be`.',
        body: resetPasswordBody,
      },
    },
    async (request, reply) => {
      await service.resetPassword({ token: request.body.token, newPassword: request.body.new_password });
      return reply.code(204).send();
    },
  );

  app.post(
    '/security/validate-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'Check a candidate password against the password rule (204, or 422 `password_must_be`)',
        body: validatePasswordBody,
      },
    },
    async (_request, reply) => reply.code(204).send(),
  );
};
