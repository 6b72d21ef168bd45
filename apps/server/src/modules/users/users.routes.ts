/**
 * HTTP of the members of a space (SPEC §4 "User lifecycle", §6, §7 "Users, per type"): for each user type, the
 * calls under `USERS_PATH[type]` (`/api/user_admins`, `/api/user_dealers`, `/api/user_pcos`), open only to an actor
 * whose current space is of that type and who holds its action (admin action, dealer action, PCO action); plus the
 * PCO people picker search. Every call is scoped to the actor's space.
 */
import {
  ACTIONS,
  type Action,
  referentSitesBody,
  roleChangeBody,
  USER_TYPES,
  USERS_PATH,
  type UserType,
  userEditBody,
  userListQuery,
  userSearchQuery,
} from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { ReferentSitesService } from './referent-sites.service.js';
import type { UsersService } from './users.service.js';

/** The action each user type's calls require (SPEC §2.2 "/users": admin, dealer or PCO action). */
export const USERS_ACTION: Record<UserType, Action> = {
  admin: ACTIONS.ADMIN_ACTION,
  dealer: ACTIONS.DEALER_ACTION,
  pco: ACTIONS.PCO_ACTION,
};

const memberParams = z.object({ ulid: z.string().describe('ULID of the membership (the member "user")') });

export const usersRoutes: FastifyPluginAsyncZod<{
  service: UsersService;
  referentSites: ReferentSitesService;
}> = async (app, { service, referentSites }) => {
  app.get(
    '/api/user_pcos/search',
    {
      config: { access: { anyOf: [ACTIONS.PCO_ACTION] } },
      schema: {
        tags: ['Users'],
        summary: 'Active members of the PCO for people pickers: {list, total}',
        querystring: userSearchQuery,
      },
    },
    async (request) => service.search(requireActor(request), request.query),
  );

  for (const type of USER_TYPES) {
    const base = USERS_PATH[type];
    const access = { anyOf: [USERS_ACTION[type]] } as const;
    const tags = ['Users'];

    app.get(
      base,
      {
        config: { access },
        schema: {
          tags,
          summary: `Members of the ${type} space, invited ones included (hydra collection of SpaceUser, 30 a page)`,
          description:
            'Order (SPEC §4): disabled first (latest `disabled_at` first), then invited (latest `last_invited_at` ' +
            'first), then active by last name, first name. `search` matches first name, last name or e-mail ' +
            '(ignoring case and accents); `role` one role; `status` one segment (active, invited, disabled).',
          querystring: userListQuery,
        },
      },
      async (request) => service.list(requireActor(request), request.query, request.url),
    );

    app.get(
      `${base}/:ulid`,
      {
        config: { access },
        schema: { tags, summary: 'A member of the space (SpaceUser); 404 user_not_found', params: memberParams },
      },
      async (request) => service.detail(requireActor(request), request.params.ulid),
    );

    app.put(
      `${base}/:ulid`,
      {
        config: { access },
        schema: {
          tags,
          summary: "Edit a member's name, e-mail, language, time zone and password (200 SpaceUser)",
          description:
            'The password changes only when `new_password1` is given (equal to `new_password2`); it ends the ' +
            "account's sessions. Other fields (role, status…) are ignored. Errors: 422 `email_already_exist` on " +
            '`email`; 403 `forbidden` when the member is not manageable; 409 `account_shared_with_other_space` when ' +
            'the e-mail or password of an account that also belongs to another space would change.',
          params: memberParams,
          body: userEditBody,
        },
      },
      async (request) => service.edit(requireActor(request), request.params.ulid, request.body),
    );

    app.put(
      `${base}/:ulid/role`,
      {
        config: { access },
        schema: {
          tags,
          summary: "Change a member's role: 204, or 200 {nb_referent_site} while the member is referent of sites",
          description:
            'With 200 the role is NOT changed: reassign the sites (`PUT …/referent-sites`), then repeat the call. ' +
            'Errors: 400 `no_change_your_role` (oneself), 422 `chosen_role_not_allowed` (a role the actor may not ' +
            'grant, or a member holding such a role, e.g. the owner), 422 `role_required` / `role_invalid`.',
          params: memberParams,
          body: roleChangeBody,
        },
      },
      async (request, reply) => {
        const pending = await service.changeRole(requireActor(request), request.params.ulid, request.body.new_role);
        return pending ? reply.code(200).send(pending) : reply.code(204).send();
      },
    );

    app.put(
      `${base}/:ulid/disable`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Disable a member and end their sessions (204)',
          description:
            'Errors: 400 `no_change_your_role` (oneself), 409 `user_is_referent` with `nb_referent_site` (reassign ' +
            'the sites first), 409 `conflict` for an invited member (cancel the invitation instead).',
          params: memberParams,
        },
      },
      async (request, reply) => {
        await service.disable(requireActor(request), request.params.ulid);
        return reply.code(204).send();
      },
    );

    app.put(
      `${base}/:ulid/enable`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Re-enable a disabled member (204)',
          description: 'Errors: 400 `no_change_your_role` (oneself).',
          params: memberParams,
        },
      },
      async (request, reply) => {
        await service.enable(requireActor(request), request.params.ulid);
        return reply.code(204).send();
      },
    );

    app.delete(
      `${base}/:ulid`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Delete a member, and their account when it belongs to no other space (204)',
          description:
            'Errors: 400 `no_change_your_role` (oneself), 409 `user_is_referent` with `nb_referent_site`, 409 ' +
            '`user_has_interventions` with `nb_intervention` (an intervener of visits: disable them instead, so ' +
            'that the visit history is kept).',
          params: memberParams,
        },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.ulid);
        return reply.code(204).send();
      },
    );

    app.get(
      `${base}/:ulid/referent-sites`,
      {
        config: { access },
        schema: {
          tags,
          summary: "The sites of which the member is the referent technician: {'hydra:member', 'hydra:totalItems'}",
          params: memberParams,
        },
      },
      async (request) => referentSites.list(requireActor(request), request.params.ulid),
    );

    app.put(
      `${base}/:ulid/referent-sites`,
      {
        config: { access },
        schema: {
          tags,
          summary: "Hand the member's referent sites over to other members (204)",
          description:
            '`assignments: [{site, referent}]` must cover every current referent site of the member ' +
            '(`referent_sites_required`); each `referent` is an active member of the space other than the member ' +
            '(`referent_invalid`); a site of another space answers 404 `site_not_found`. All or nothing.',
          params: memberParams,
          body: referentSitesBody,
        },
      },
      async (request, reply) => {
        await referentSites.reassign(requireActor(request), request.params.ulid, request.body);
        return reply.code(204).send();
      },
    );
  }
};
