/** HTTP of the current user (SPEC §7 "Self") and the time-zone list. */
import {
  ACCESS_TOKEN_COOKIE,
  changeSpaceInput,
  editEmailBody,
  editLanguageBody,
  editNameBody,
  editPasswordBody,
  editPasswordPutBody,
  editTimezoneBody,
  type Language,
} from '@isoptera/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, claimsFromActor, requireActor } from '../../platform/auth/actor.js';
import { setAccessCookie } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { MeService } from './me.service.js';

const tags = ['Self'];
const authenticated = { access: 'authenticated' } as const;
/** Password checks: 10 per account (or IP) per 15 minutes, so that a borrowed session cannot guess the password. */
const passwordChecked = {
  access: 'authenticated',
  rateLimit: {
    max: 10,
    timeWindow: 15 * 60_000,
    keyGenerator: (request: FastifyRequest) => `me:${request.actor?.accountId ?? request.ip}`,
  },
} as const;

export interface MeRoutesOptions {
  service: MeService;
  /** Cookies get `Secure` (APP_URL is https). */
  secureCookies: boolean;
}

export const meRoutes: FastifyPluginAsyncZod<MeRoutesOptions> = async (app, { service, secureCookies }) => {
  /**
   * The access token carries the actor's language and time zone (`lng`, `tz`), which dates in requests are read in.
   * After a change, a browser session gets a token with the new values at once — with the expiry of the current
   * one, so nothing is prolonged; a Bearer client refreshes its tokens instead.
   */
  function reissueAccessCookie(request: FastifyRequest, reply: FastifyReply, actor: Actor): void {
    const current = request.cookies[ACCESS_TOKEN_COOKIE];
    if (!current || request.headers.authorization?.startsWith('Bearer ')) return;
    const exp = app.jwt.decode<{ exp?: number }>(current)?.exp;
    const remaining = exp ? exp - Math.floor(Date.now() / 1000) : 0;
    if (remaining <= 0) return;
    const token = app.jwt.sign(claimsFromActor(actor), { expiresIn: remaining });
    reply.setCookie(ACCESS_TOKEN_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: remaining,
    });
  }

  app.get(
    '/api/me',
    { config: authenticated, schema: { tags, summary: 'The current user (SPEC §3)' } },
    async (request) => service.current(requireActor(request)),
  );

  app.put(
    '/api/me/edit-name',
    {
      config: authenticated,
      schema: { tags, summary: 'Change my first and last name', body: editNameBody },
    },
    async (request, reply) => {
      await service.editName(requireActor(request), request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/edit-email',
    {
      config: passwordChecked,
      schema: {
        tags,
        summary:
          'Ask to change my e-mail: a validation link goes to the new address (422 invalid_password, email_already_exist)',
        body: editEmailBody,
      },
    },
    async (request, reply) => {
      await service.editEmail(requireActor(request), request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/validate-email/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Apply a requested e-mail change from its link (public: the token is the credential; 400 invalid_email_token, 410 expired_email_token, 409 email_already_exist)',
        params: z.object({ token: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      await service.validateEmail(request.params.token);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/me/edit-password',
    {
      config: passwordChecked,
      schema: {
        tags,
        summary: 'Change my password (confirmation variant); my other sessions and trusted devices end',
        body: editPasswordBody,
      },
    },
    async (request, reply) => {
      const { current_password, new_password1 } = request.body;
      await service.editPassword(requireActor(request), { current_password, new_password: new_password1 });
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/edit-password',
    {
      config: passwordChecked,
      schema: {
        tags,
        summary: 'Change my password; my other sessions and trusted devices end',
        body: editPasswordPutBody,
      },
    },
    async (request, reply) => {
      await service.editPassword(requireActor(request), request.body);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/edit-language',
    {
      config: authenticated,
      schema: { tags, summary: 'Change my language', body: editLanguageBody },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const language = request.body.language as Language;
      await service.editLanguage(actor, language);
      reissueAccessCookie(request, reply, { ...actor, lang: language });
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/edit-timezone',
    {
      config: authenticated,
      schema: { tags, summary: 'Change my time zone', body: editTimezoneBody },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await service.editTimezone(actor, request.body.timezone);
      reissueAccessCookie(request, reply, { ...actor, timezone: request.body.timezone });
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/me/change-space',
    {
      config: authenticated,
      schema: {
        tags,
        summary:
          'Switch my session to my active membership of another space type (400 space_required, invalid_space; 409 space_not_allowed)',
        // validated below: the contract's codes answer 400 (SPEC §9), not 422 violations
        body: z.unknown(),
      },
    },
    async (request, reply) => {
      const parsed = changeSpaceInput.safeParse(request.body ?? {});
      if (!parsed.success) {
        const code = parsed.error.issues[0]?.message === 'invalid_space' ? 'invalid_space' : 'space_required';
        throw new AppError(code);
      }
      const actor = await service.changeSpace(requireActor(request), parsed.data.space as 'admin' | 'dealer' | 'pco');
      setAccessCookie(reply, app.jwt.sign(claimsFromActor(actor)), secureCookies);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/timezones',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The IANA time zones a user may choose (public: the activation page needs them)' },
    },
    async (_request, reply) => {
      const zones = service.timezones();
      reply.header('cache-control', 'public, max-age=86400');
      return { 'hydra:member': zones, 'hydra:totalItems': zones.length };
    },
  );
};
