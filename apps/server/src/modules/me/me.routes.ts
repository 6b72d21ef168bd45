/**
 * HTTP of the current user (SPEC §7 "Self"), the time-zone list and the current user's rights (SPEC §6, issue 14),
 * each route registered from its contract (`meEndpoints`, `rightsEndpoints`).
 */
import {
  ACCESS_TOKEN_COOKIE,
  ACTIONS,
  meEndpoints as api,
  changeSpaceInput,
  hasAction,
  type Language,
  rightsEndpoints,
} from '@isoptera/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, claimsFromActor, requireActor } from '../../platform/auth/actor.js';
import { setAccessCookie } from '../../platform/auth/token-cookies.js';
import { AppError } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { MeService } from './me.service.js';

/** Password checks: 10 per account (or IP) per 15 minutes, so that a borrowed session cannot guess the password. */
const passwordChecked = {
  config: {
    rateLimit: {
      max: 10,
      timeWindow: 15 * 60_000,
      keyGenerator: (request: FastifyRequest) => `me:${request.actor?.accountId ?? request.ip}`,
    },
  },
};

export interface MeRoutesOptions {
  service: MeService;
  /** Cookies get `Secure` (APP_URL is https). */
  secureCookies: boolean;
}

export async function meRoutes(app: FastifyInstance, { service, secureCookies }: MeRoutesOptions): Promise<void> {
  /**
   * The access token carries the actor's language and time zone (`lng`, `tz`), which dates in requests are read in.
   * After a change, a browser session gets a token with the new values at once — with the expiry of the current
   * one, so nothing is prolonged; a Bearer client refreshes its tokens instead.
   */
  function reissueAccessCookie(
    request: Pick<FastifyRequest, 'cookies' | 'headers'>,
    reply: FastifyReply,
    actor: Actor,
  ): void {
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

  route(app, api.get, (request) => service.current(requireActor(request)));

  // "has right to execute action" (SPEC §6): the actor is the effective one (the owner of a substituted space)
  route(app, rightsEndpoints.get, (request) => {
    const actor = requireActor(request);
    const held = Object.values(ACTIONS).filter((action) => hasAction(actor.spaceType, actor.role, action));
    const asked = request.query.action;
    return { actions: asked ? held.filter((action) => action === asked) : held };
  });

  route(app, api.editName, (request) => service.editName(requireActor(request), request.body));

  route(app, api.editEmail, (request) => service.editEmail(requireActor(request), request.body), passwordChecked);

  route(app, api.validateEmail, (request) => service.validateEmail(request.params.token));

  route(
    app,
    api.editPassword,
    (request) => {
      const { current_password, new_password1 } = request.body;
      return service.editPassword(requireActor(request), { current_password, new_password: new_password1 });
    },
    passwordChecked,
  );

  route(
    app,
    api.replacePassword,
    (request) => service.editPassword(requireActor(request), request.body),
    passwordChecked,
  );

  route(app, api.editLanguage, async (request, reply) => {
    const actor = requireActor(request);
    const language = request.body.language as Language;
    await service.editLanguage(actor, language);
    reissueAccessCookie(request, reply, { ...actor, lang: language });
  });

  route(app, api.editTimezone, async (request, reply) => {
    const actor = requireActor(request);
    await service.editTimezone(actor, request.body.timezone);
    reissueAccessCookie(request, reply, { ...actor, timezone: request.body.timezone });
  });

  // the body is checked here, not by the contract: its codes answer 400 (SPEC §9), not 422 violations
  route(app, api.changeSpace, async (request, reply) => {
    const parsed = changeSpaceInput.safeParse(request.body ?? {});
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message === 'invalid_space' ? 'invalid_space' : 'space_required';
      throw new AppError(code);
    }
    const actor = await service.changeSpace(requireActor(request), parsed.data.space as 'admin' | 'dealer' | 'pco');
    setAccessCookie(reply, app.jwt.sign(claimsFromActor(actor)), secureCookies);
  });

  route(app, api.timezones, (_request, reply) => {
    const zones = service.timezones();
    reply.header('cache-control', 'public, max-age=86400');
    return { 'hydra:member': [...zones], 'hydra:totalItems': zones.length };
  });
}
