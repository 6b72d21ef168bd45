/**
 * HTTP of sign-in and the password flows (SPEC §7 "Authentication"): token request, two-factor step and resend,
 * refresh, logout, forgot / reset / validate password, each registered from its contract (`authEndpoints`); and the
 * one-time sign-in links (`easyConnectEndpoints`: an owner sends one, the member signs in with it).
 * Brute-force limits: see `auth.limits.ts`; each handler checks its limiter first, once the body is validated.
 */
import {
  authEndpoints as api,
  easyConnectEndpoints,
  REFRESH_TOKEN_COOKIE,
  type TokenAnswer,
  TRUSTED_DEVICE_COOKIE,
  TWO_FACTOR_COOKIE,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { clearTokenCookies, type IssuedTokens, setTokenCookies } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import { createLimiter, ipKey } from '../../platform/http/rate-limits.js';
import { cookieIpKey, emailIpKey, signInLimiter } from './auth.limits.js';
import type { AuthService, SignedIn, TwoFactorPending } from './auth.service.js';
import type { EasyConnectService } from './easy-connect.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  easyConnect: EasyConnectService;
  secureCookies: boolean;
}

/** The two-factor and trusted-device cookies are sent only to `/security` (sign-in calls). */
const SECURITY_PATH = '/security';
const MINUTES_15 = 15;

const isError = (error: unknown, ...codes: string[]) => error instanceof AppError && codes.includes(error.code);

/** The tokens in the body for `Client-Type: mobile`; `{}` for the web app (cookies only). */
const answer = (tokens: IssuedTokens, clientType: unknown): TokenAnswer =>
  clientType === 'mobile' ? { token: tokens.accessToken, refresh_token: tokens.refreshToken } : {};

export async function authRoutes(
  app: FastifyInstance,
  { service, easyConnect, secureCookies }: AuthRoutesOptions,
): Promise<void> {
  const clearTwoFactorCookie = (reply: FastifyReply) => reply.clearCookie(TWO_FACTOR_COOKIE, { path: SECURITY_PATH });

  /** The answer of a sign-in (password or one-time link): the session cookies, or the two-factor cookie and step. */
  const signedIn = (result: SignedIn | TwoFactorPending, reply: FastifyReply, clientType: unknown) => {
    if (result.kind === 'two_factor') {
      reply.setCookie(TWO_FACTOR_COOKIE, result.challengeToken, {
        path: SECURITY_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        expires: result.expiresAt,
      });
      return { two_factor: true as const, email: result.email };
    }
    setTokenCookies(reply, result.tokens, secureCookies);
    return answer(result.tokens, clientType);
  };

  const signInLimits = signInLimiter(app);
  const codeLimits = createLimiter(app, '2fa-code', [
    { max: 10, windowMinutes: MINUTES_15, key: cookieIpKey(TWO_FACTOR_COOKIE) },
    { max: 30, windowMinutes: MINUTES_15, key: ipKey },
  ]);
  const resendLimits = createLimiter(app, '2fa-resend', [
    { max: 5, windowMinutes: MINUTES_15, key: cookieIpKey(TWO_FACTOR_COOKIE) },
    { max: 20, windowMinutes: MINUTES_15, key: ipKey },
  ]);
  const forgotLimits = createLimiter(app, 'forgot-password', [
    { max: 5, windowMinutes: MINUTES_15, key: emailIpKey },
    { max: 20, windowMinutes: MINUTES_15, key: ipKey },
  ]);

  route(app, api.requestToken, async (request, reply) => {
    await signInLimits.check(request, reply);
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
    return signedIn(result, reply, request.headers['client-type']);
  });

  // one-time sign-in links (issue 14): refused links count against the address; a sender is limited per member
  const linkLimits = createLimiter(app, 'easy-connect-link', [{ max: 30, windowMinutes: MINUTES_15, key: ipKey }]);
  route(app, easyConnectEndpoints.signIn, async (request, reply) => {
    await linkLimits.check(request, reply);
    let result: SignedIn | TwoFactorPending;
    try {
      result = await easyConnect.signIn({
        token: request.body.token,
        trustedDevice: request.cookies[TRUSTED_DEVICE_COOKIE],
      });
    } catch (error) {
      if (isError(error, 'invalid_easy_connect_token', 'expired_easy_connect_token')) await linkLimits.hit(request);
      throw error;
    }
    return signedIn(result, reply, request.headers['client-type']);
  });
  const sendLimits = createLimiter(app, 'easy-connect-send', [
    { max: 5, windowMinutes: MINUTES_15, key: (request) => `member|${(request.params as { ulid: string }).ulid}` },
    { max: 30, windowMinutes: MINUTES_15, key: (request) => `sender|${request.actor?.membershipId ?? request.ip}` },
  ]);
  for (const endpoint of [easyConnectEndpoints.sendPco, easyConnectEndpoints.sendDealer]) {
    route(app, endpoint, async (request, reply) => {
      await sendLimits.take(request, reply);
      await easyConnect.send(requireActor(request), request.params.ulid);
    });
  }

  route(app, api.verifyTwoFactor, async (request, reply) => {
    await codeLimits.check(request, reply);
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
  });

  route(app, api.resendTwoFactor, async (request, reply) => {
    await resendLimits.take(request, reply);
    try {
      await service.resendTwoFactor(request.cookies[TWO_FACTOR_COOKIE]);
    } catch (error) {
      if (isError(error, 'two_factor_expired')) clearTwoFactorCookie(reply);
      throw error;
    }
  });

  route(
    app,
    api.refresh,
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
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );

  route(app, api.logout, async (request, reply) => {
    await service.logout({ sessionId: request.actor?.sessionId, refreshToken: request.cookies[REFRESH_TOKEN_COOKIE] });
    clearTokenCookies(reply);
  });

  route(app, api.forgotPassword, async (request, reply) => {
    await forgotLimits.take(request, reply);
    service.forgotPassword(request.body.email);
  });

  route(app, api.resetPassword, (request) =>
    service.resetPassword({ token: request.body.token, newPassword: request.body.new_password }),
  );

  route(app, api.validatePassword, () => undefined);
}
