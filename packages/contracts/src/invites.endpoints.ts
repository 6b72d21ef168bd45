/**
 * The endpoints of invitations (SPEC §7 "Invites, per type"): the same calls under `/api/invite_admins`,
 * `/api/invite_dealers` and `/api/invite_pcos`. Managing invitations requires the action of that space type; the
 * token calls of the activation page are public and limited to 30 a minute per address and route (429).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import type { UserType } from './enums.js';
import { inviteListQuery, inviteSendBody, newUserBody, roleChangeBody } from './identity.js';
import { activationResult, inviteLookup, inviteSendAnswer, pendingInviteCollection } from './invites.js';
import { USERS_ACCESS } from './users.endpoints.js';

/** The name of each user type in operation ids: `listInvitePcos`, `sendInviteDealers` … */
const TYPE_NAME = { admin: 'Admin', dealer: 'Dealer', pco: 'Pco' } as const;

const tags = ['Invites'] as const;
const idParams = z.object({ id: z.string().max(64).describe('Membership ULID of the invited member') });
const ulidParams = z.object({ ulid: z.string().max(64).describe('Membership ULID of the invited member') });
const tokenParams = z.object({ token: z.string().max(200).describe('The token of the activation link') });

/** The invitation endpoints of user type `type`, under `base` (`/api/invite_{type}s`), look-up segment `lookup`. */
function invitesOf<const T extends UserType, const B extends string, const L extends string>(
  type: T,
  base: B,
  lookup: L,
) {
  const access = USERS_ACCESS[type];
  const name = TYPE_NAME[type];
  return {
    list: defineEndpoint({
      operationId: `listInvite${name}s`,
      method: 'GET',
      path: base,
      tags,
      access,
      summary: `Pending invitations of the ${type} space (the last invited first, 30 a page)`,
      description: '`email` keeps the invitations whose address contains it (case-insensitive).',
      query: inviteListQuery,
      responses: { 200: pendingInviteCollection },
    }),
    send: defineEndpoint({
      operationId: `sendInvite${name}s`,
      method: 'POST',
      path: `${base}/send`,
      tags,
      access,
      summary: `Invite people into the ${type} space by e-mail, a role each (201 {invites})`,
      description:
        'All or nothing. 422 violations on `invites.{i}.email`: `email_entered_several_times` (the later copies), ' +
        '`email_already_exist` (already a member of this space, or of another space of this type); on ' +
        '`invites.{i}.role`: `chosen_role_not_allowed` (above what the inviter may grant, an owner role, or a ' +
        'role of another space type). Each person gets an `invitation` e-mail with a link valid 7 days.',
      body: inviteSendBody,
      idempotent: true,
      responses: { 201: inviteSendAnswer },
    }),
    resend: defineEndpoint({
      operationId: `resendInvite${name}`,
      method: 'POST',
      path: `${base}/resend/:id`,
      tags,
      access,
      summary: 'Send the invitation again with a new link; the previous links stop working (204)',
      description: '404 `invitation_not_found` when the member is not invited or belongs to another space.',
      params: idParams,
      responses: { 204: null },
      errors: ['invitation_not_found'],
    }),
    cancel: defineEndpoint({
      operationId: `cancelInvite${name}`,
      method: 'DELETE',
      path: `${base}/:ulid`,
      tags,
      access,
      summary: 'Cancel an invitation: the invited member and its links are removed (204)',
      description:
        'The account goes too when it has no password and no other membership. 404 `invitation_not_found`; ' +
        '403 `forbidden` when the invited role is above what the actor may grant.',
      params: ulidParams,
      responses: { 204: null },
      errors: ['invitation_not_found'],
    }),
    changeRole: defineEndpoint({
      operationId: `changeInvite${name}Role`,
      method: 'PUT',
      path: `${base}/:ulid/role`,
      tags,
      access,
      summary: 'Change the role of an invited member (204)',
      description:
        '422 `chosen_role_not_allowed` when the new or the current role is above what the actor may grant; ' +
        '404 `invitation_not_found`; 422 `role_required` / `role_invalid`. An invited member is never the ' +
        'referent of a site, so this call never answers the 200 `{nb_referent_site}` of the members’ one.',
      params: ulidParams,
      body: roleChangeBody,
      responses: { 204: null },
      errors: ['invitation_not_found', 'chosen_role_not_allowed'],
    }),
    lookup: defineEndpoint({
      operationId: `getInvite${name}ByToken`,
      method: 'GET',
      path: `${base}/${lookup}/:token`,
      tags,
      access: 'public',
      summary: `What the activation page shows for a ${type} invitation link (the space under "${type}")`,
      description:
        '404 `invalid_invite_token` (unknown, cancelled, replaced by a resend, already used, or a link of ' +
        'another space type); 410 `expire_invite_token` (older than 7 days). Public; 30 requests a minute per IP.',
      params: tokenParams,
      responses: { 200: inviteLookup },
      errors: ['invalid_invite_token', 'expire_invite_token', 'too_many_requests'],
    }),
    activateNewUser: defineEndpoint({
      operationId: `activateInvite${name}NewUser`,
      method: 'POST',
      path: `${base}/new-user/:token`,
      tags,
      access: 'public',
      summary: 'Activate an invitation as a new account: names, password and time zone (200 ActivationResult)',
      description:
        'The link is used up and the membership becomes active; the person can then sign in. 404 ' +
        '`invalid_invite_token`, 410 `expire_invite_token`, 409 `conflict` with `user_exist: true` when the ' +
        'account already has a password (use `join-space`), 422 on the fields. Public; 30 requests a minute per IP.',
      params: tokenParams,
      body: newUserBody,
      responses: { 200: activationResult },
      errors: ['invalid_invite_token', 'expire_invite_token', 'conflict', 'too_many_requests'],
    }),
    joinSpace: defineEndpoint({
      operationId: `activateInvite${name}JoinSpace`,
      method: 'POST',
      path: `${base}/join-space/:token`,
      tags,
      access: 'public',
      summary: 'Activate an invitation with the existing account: it joins the space (200 ActivationResult)',
      description:
        'The link is used up and the membership becomes active. 404 `invalid_invite_token`, 410 ' +
        '`expire_invite_token`, 409 `conflict` with `user_exist: false` when the account has no password yet ' +
        '(use `new-user`). Public; 30 requests a minute per IP.',
      params: tokenParams,
      body: z.looseObject({}).nullish().describe('`{}`: nothing to send'),
      responses: { 200: activationResult },
      errors: ['invalid_invite_token', 'expire_invite_token', 'conflict', 'too_many_requests'],
    }),
  };
}

export const inviteEndpoints = {
  admin: invitesOf('admin', '/api/invite_admins', 'get-admin'),
  dealer: invitesOf('dealer', '/api/invite_dealers', 'get-dealer'),
  pco: invitesOf('pco', '/api/invite_pcos', 'get-pco'),
};
