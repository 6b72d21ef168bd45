/**
 * The endpoints of the members of a space (SPEC §4 "User lifecycle", §6, §7 "Users, per type"): the same calls under
 * `/api/user_admins`, `/api/user_dealers` and `/api/user_pcos`, each open only to an actor whose current space is of
 * that type and who holds its action; plus the PCO people picker search and the avatar images.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import type { UserType } from './enums.js';
import { referentSitesBody, roleChangeBody, userEditBody, userListQuery } from './identity.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import {
  referentSiteCollection,
  referentSitesPending,
  spaceUser,
  spaceUserCollection,
  userSearchQuery,
  userSearchResult,
} from './users.js';

/** The action each user type's calls require (SPEC §2.2 "/users": admin, dealer or PCO action). */
export const USERS_ACCESS = {
  admin: { anyOf: [ACTIONS.ADMIN_ACTION] },
  dealer: { anyOf: [ACTIONS.DEALER_ACTION] },
  pco: { anyOf: [ACTIONS.PCO_ACTION] },
} as const;

/** The name of each user type in operation ids: `listUserPcos`, `getUserDealer` … */
const TYPE_NAME = { admin: 'Admin', dealer: 'Dealer', pco: 'Pco' } as const;

const tags = ['Users'] as const;
const memberParams = z.object({ ulid: z.string().describe('ULID of the membership (the member "user")') });

/** The endpoints of the members of user type `type`, under `base` (`/api/user_{type}s`). */
function memberEndpoints<const T extends UserType, const B extends string>(type: T, base: B) {
  const access = USERS_ACCESS[type];
  const name = TYPE_NAME[type];
  /** `PUT {users}/{ulid}`, declared apart: its merge-patch twin is made from it. */
  const update = defineEndpoint({
    operationId: `updateUser${name}`,
    method: 'PUT',
    path: `${base}/:ulid`,
    tags,
    access,
    summary: "Edit a member's name, e-mail, language, time zone, licence number and password (200 SpaceUser)",
    description:
      'The password changes only when `new_password1` is given (equal to `new_password2`); it ends the ' +
      "account's sessions. `licence_number`: the applicator licence, at most 50 characters (null, empty or " +
      'left out: none). Other fields (role, status…) are ignored. Errors: 422 ' +
      '`email_already_exist` on `email`, `licence_number_invalid`; 403 `forbidden` when the member is not manageable; 409 `account_shared_with_other_space` when ' +
      'the e-mail or password of an account that also belongs to another space would change.',
    params: memberParams,
    body: userEditBody,
    responses: { 200: spaceUser },
    errors: ['user_not_found', 'account_shared_with_other_space'],
  });
  return {
    list: defineEndpoint({
      operationId: `listUser${name}s`,
      method: 'GET',
      path: base,
      tags,
      access,
      summary: `Members of the ${type} space, invited ones included (30 a page)`,
      description:
        'Order (SPEC §4): disabled first (latest `disabled_at` first), then invited (latest `last_invited_at` ' +
        'first), then active by last name, first name. `search` matches first name, last name or e-mail ' +
        '(ignoring case and accents); `role` one role; `status` one segment (active, invited, disabled).',
      query: userListQuery,
      responses: { 200: spaceUserCollection },
    }),
    get: defineEndpoint({
      operationId: `getUser${name}`,
      method: 'GET',
      path: `${base}/:ulid`,
      tags,
      access,
      summary: `A member of the ${type} space`,
      params: memberParams,
      responses: { 200: spaceUser },
      errors: ['user_not_found'],
    }),
    update,
    patch: defineMergePatchOf(update, {
      operationId: `patchUser${name}`,
      summary: "Edit some of a member's name, e-mail, language, time zone and password (merge patch; 200 SpaceUser)",
      description:
        'A JSON merge patch (RFC 7396) of the PUT body: members left out keep their value, so ' +
        '`{"firstname": "Sophie"}` renames without repeating the rest. The patched body must pass the PUT rules ' +
        '(422 with the same violations) and has the same effects and errors.',
    }),
    changeRole: defineEndpoint({
      operationId: `changeUser${name}Role`,
      method: 'PUT',
      path: `${base}/:ulid/role`,
      tags,
      access,
      summary: "Change a member's role: 204, or 200 {nb_referent_site} while the member is referent of sites",
      description:
        'With 200 the role is NOT changed: reassign the sites (`PUT …/referent-sites`), then repeat the call. ' +
        'Errors: 400 `no_change_your_role` (oneself), 422 `chosen_role_not_allowed` (a role the actor may not ' +
        'grant, or a member holding such a role, e.g. the owner), 422 `role_required` / `role_invalid`.',
      params: memberParams,
      body: roleChangeBody,
      responses: { 200: referentSitesPending, 204: null },
      errors: ['user_not_found', 'no_change_your_role', 'chosen_role_not_allowed'],
    }),
    disable: defineEndpoint({
      operationId: `disableUser${name}`,
      method: 'PUT',
      path: `${base}/:ulid/disable`,
      tags,
      access,
      summary: 'Disable a member and end their sessions (204)',
      description:
        'Errors: 400 `no_change_your_role` (oneself), 409 `user_is_referent` with `nb_referent_site` (reassign ' +
        'the sites first), 409 `conflict` for an invited member (cancel the invitation instead).',
      params: memberParams,
      responses: { 204: null },
      errors: ['user_not_found', 'no_change_your_role', 'user_is_referent', 'conflict'],
    }),
    enable: defineEndpoint({
      operationId: `enableUser${name}`,
      method: 'PUT',
      path: `${base}/:ulid/enable`,
      tags,
      access,
      summary: 'Re-enable a disabled member (204)',
      description: 'Errors: 400 `no_change_your_role` (oneself).',
      params: memberParams,
      responses: { 204: null },
      errors: ['user_not_found', 'no_change_your_role'],
    }),
    remove: defineEndpoint({
      operationId: `deleteUser${name}`,
      method: 'DELETE',
      path: `${base}/:ulid`,
      tags,
      access,
      summary: 'Delete a member, and their account when it belongs to no other space (204)',
      description:
        'Errors: 400 `no_change_your_role` (oneself), 409 `user_is_referent` with `nb_referent_site`, 409 ' +
        '`user_has_interventions` with `nb_intervention` (an intervener of visits: disable them instead, so ' +
        'that the visit history is kept).',
      params: memberParams,
      responses: { 204: null },
      errors: ['user_not_found', 'no_change_your_role', 'user_is_referent', 'user_has_interventions'],
    }),
    referentSites: defineEndpoint({
      operationId: `listUser${name}ReferentSites`,
      method: 'GET',
      path: `${base}/:ulid/referent-sites`,
      tags,
      access,
      summary: 'The sites of which the member is the referent technician (every one, unpaged)',
      params: memberParams,
      responses: { 200: referentSiteCollection },
      errors: ['user_not_found'],
    }),
    reassignReferentSites: defineEndpoint({
      operationId: `reassignUser${name}ReferentSites`,
      method: 'PUT',
      path: `${base}/:ulid/referent-sites`,
      tags,
      access,
      summary: "Hand the member's referent sites over to other members (204)",
      description:
        '`assignments: [{site, referent}]` must cover every current referent site of the member ' +
        '(`referent_sites_required`); each `referent` is an active member of the space other than the member ' +
        '(`referent_invalid`); a site of another space answers 404 `site_not_found`. All or nothing.',
      params: memberParams,
      body: referentSitesBody,
      responses: { 204: null },
      errors: ['user_not_found', 'site_not_found'],
    }),
    uploadAvatar: defineEndpoint({
      operationId: `uploadUser${name}Avatar`,
      method: 'POST',
      path: `${base}/:ulid/avatar`,
      tags,
      access,
      summary: "Upload a member's avatar (multipart field `file`; 200 SpaceUser)",
      description:
        'A `multipart/form-data` body whose field `file` is a JPEG, PNG or WebP judged by content (422 ' +
        '`avatar_invalid` on `file` otherwise), at most 5 MB (413 `payload_too_large`); stored resized to fit ' +
        '256×256 as WebP, served from `avatar`. Another media type answers 415, a body that cannot be read 400 ' +
        '`multipart_invalid`.',
      params: memberParams,
      consumes: ['multipart/form-data'],
      responses: { 200: spaceUser },
      errors: [
        'user_not_found',
        'validation_failed',
        'payload_too_large',
        'unsupported_media_type',
        'multipart_invalid',
      ],
    }),
  };
}

export const userEndpoints = {
  admin: memberEndpoints('admin', '/api/user_admins'),
  dealer: memberEndpoints('dealer', '/api/user_dealers'),
  pco: memberEndpoints('pco', '/api/user_pcos'),
  search: defineEndpoint({
    operationId: 'searchUserPcos',
    method: 'GET',
    path: '/api/user_pcos/search',
    tags,
    access: USERS_ACCESS.pco,
    summary: 'Active members of the PCO for people pickers: {list, total}, 30 a page',
    description:
      '`search` on first name, last name or e-mail (ignoring case and accents), `role` one or many (`role[]=…`), ' +
      '`order[lastname]`, `order[firstname]` (default last name then first name, ascending).',
    query: userSearchQuery,
    responses: { 200: userSearchResult },
  }),
  avatar: defineEndpoint({
    operationId: 'getAvatar',
    method: 'GET',
    path: '/api/avatars/:file',
    tags,
    access: 'authenticated',
    summary: 'An avatar image (WebP); the URL is the `avatar` of a member',
    description: 'Cached a year by the browser: a stored file never changes (a new upload gets a new name).',
    params: z.object({ file: z.string().describe('File name, `<32 hex>.webp`') }),
    produces: ['image/webp'],
    responses: { 200: z.string().meta({ format: 'binary', description: 'The WebP image' }) },
  }),
};
