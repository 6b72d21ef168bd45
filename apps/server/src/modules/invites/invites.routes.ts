/**
 * HTTP of invitations (SPEC §7 "Invites, per type"): the same routes under `/api/invite_admins`,
 * `/api/invite_dealers` and `/api/invite_pcos`. Managing invitations requires the action of that space type
 * (admin_action, dealer_action, pco_action); the token routes of the activation page are public and rate-limited
 * per IP address.
 */
import {
  ACTIONS,
  type Action,
  INVITE_LOOKUP,
  INVITES_PATH,
  inviteListQuery,
  inviteSendBody,
  newUserBody,
  roleChangeBody,
  type UserType,
} from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { InvitesService } from './invites.service.js';

const MANAGING_ACTION: Record<UserType, Action> = {
  admin: ACTIONS.ADMIN_ACTION,
  dealer: ACTIONS.DEALER_ACTION,
  pco: ACTIONS.PCO_ACTION,
};

/** Public token routes: at most this many requests a minute per IP address and route (429 with `Retry-After`). */
export const INVITE_TOKEN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const idParams = z.object({ id: z.string().max(64).describe('Membership ULID of the invited member') });
const ulidParams = z.object({ ulid: z.string().max(64).describe('Membership ULID of the invited member') });
const tokenParams = z.object({ token: z.string().max(200).describe('The token of the activation link') });

export const invitesRoutes: FastifyPluginAsyncZod<{ service: InvitesService }> = async (app, { service }) => {
  for (const type of ['admin', 'dealer', 'pco'] as const satisfies readonly UserType[]) {
    const path = INVITES_PATH[type];
    const access = { anyOf: [MANAGING_ACTION[type]] };
    const tags = ['Invites'];
    const publicConfig = { access: 'public' as const, rateLimit: INVITE_TOKEN_RATE_LIMIT };

    app.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `Pending invitations of the ${type} space (hydra collection of PendingInvite, the last invited first)`,
          description: '`email` keeps the invitations whose address contains it (case-insensitive).',
          querystring: inviteListQuery,
        },
      },
      async (request) => service.list(requireActor(request), request.query, request.url),
    );

    app.post(
      `${path}/send`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Invite people into the ${type} space by e-mail, a role each (201 {invites: PendingInvite[]})`,
          description:
            'All or nothing. 422 violations on `invites.{i}.email`: `email_entered_several_times` (the later copies), ' +
            '`email_already_exist` (already a member of this space, or of another space of this type); on ' +
            '`invites.{i}.role`: `chosen_role_not_allowed` (above what the inviter may grant, an owner role, or a ' +
            'role of another space type). Each person gets an `invitation` e-mail with a link valid 7 days.',
          body: inviteSendBody,
        },
      },
      async (request, reply) => reply.code(201).send(await service.send(requireActor(request), request.body)),
    );

    app.post(
      `${path}/resend/:id`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Send the invitation again with a new link; the previous links stop working (204)',
          description: '404 `invitation_not_found` when the member is not invited or belongs to another space.',
          params: idParams,
        },
      },
      async (request, reply) => {
        await service.resend(requireActor(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.delete(
      `${path}/:ulid`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Cancel an invitation: the invited member and its links are removed (204)',
          description:
            'The account goes too when it has no password and no other membership. 404 `invitation_not_found`; ' +
            '403 `forbidden` when the invited role is above what the actor may grant.',
          params: ulidParams,
        },
      },
      async (request, reply) => {
        await service.cancel(requireActor(request), request.params.ulid);
        return reply.code(204).send();
      },
    );

    app.put(
      `${path}/:ulid/role`,
      {
        config: { access },
        schema: {
          tags,
          summary: 'Change the role of an invited member (204)',
          description:
            '422 `chosen_role_not_allowed` when the new or the current role is above what the actor may grant; ' +
            '404 `invitation_not_found`; 422 `role_required` / `role_invalid`.',
          params: ulidParams,
          body: roleChangeBody,
        },
      },
      async (request, reply) => {
        await service.changeRole(requireActor(request), request.params.ulid, request.body.new_role);
        return reply.code(204).send();
      },
    );

    app.get(
      `${path}/${INVITE_LOOKUP[type]}/:token`,
      {
        config: publicConfig,
        schema: {
          tags,
          summary: `What the activation page shows for a ${type} invitation link (InviteLookup, the space under "${type}")`,
          description:
            '404 `invalid_invite_token` (unknown, cancelled, replaced by a resend, already used, or a link of ' +
            'another space type); 410 `expire_invite_token` (older than 7 days). Public; 30 requests a minute per IP.',
          params: tokenParams,
        },
      },
      async (request) => service.lookup(type, request.params.token),
    );

    app.post(
      `${path}/new-user/:token`,
      {
        config: publicConfig,
        schema: {
          tags,
          summary: 'Activate an invitation as a new account: names, password and time zone (200 ActivationResult)',
          description:
            'The link is used up and the membership becomes active; the person can then sign in. 404 ' +
            '`invalid_invite_token`, 410 `expire_invite_token`, 409 `conflict` with `user_exist: true` when the ' +
            'account already has a password (use `join-space`), 422 on the fields. Public; 30 requests a minute per IP.',
          params: tokenParams,
          body: newUserBody,
        },
      },
      async (request) => service.activateNewUser(type, request.params.token, request.body),
    );

    app.post(
      `${path}/join-space/:token`,
      {
        config: publicConfig,
        schema: {
          tags,
          summary: 'Activate an invitation with the existing account: it joins the space (200 ActivationResult)',
          description:
            'The link is used up and the membership becomes active. 404 `invalid_invite_token`, 410 ' +
            '`expire_invite_token`, 409 `conflict` with `user_exist: false` when the account has no password yet ' +
            '(use `new-user`). Public; 30 requests a minute per IP.',
          params: tokenParams,
          body: z.object({}).passthrough().nullish(),
        },
      },
      async (request) => service.joinSpace(type, request.params.token),
    );
  }
};
