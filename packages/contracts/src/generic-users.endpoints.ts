/**
 * The generic user calls of SPEC §7 "Users, per type" (last line): `POST /api/users {firstname, lastname, email,
 * lang, new_password1, new_password2}`, `PUT /api/users/{ulid}`, `GET /api/users/{id}`, `DELETE /api/users/{ulid}`
 * (issue 14). They work on the members of the actor's CURRENT space, whatever its type (admin, dealer or PCO action,
 * SPEC §2.2 "/users"): `GET`, `PUT` and `DELETE` are the per-type calls (`/api/user_{type}s/{ulid}`) under one path,
 * with the same rules; `POST` creates an account with a password and an active membership at once (no invitation).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { LANGUAGES } from './enums.js';
import { newPassword, timeZoneName, userEditBody } from './identity.js';
import { ACTIONS, ROLES, type Role } from './roles.js';
import { emailAddress, personName } from './rules.js';
import { spaceUser } from './users.js';

/** Who may call the generic user calls: any member holding the users screens' action of its space type. */
export const GENERIC_USERS_ACCESS = {
  anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION, ACTIONS.PCO_ACTION],
} as const;

/** The role a created member gets when the body names none: the plain role of each space type. */
export const DEFAULT_CREATED_ROLE = {
  admin: 'ROLE_ADMIN_SPACE_USER',
  dealer: 'ROLE_DEALER_SPACE_USER',
  pco: 'ROLE_PCO_SPACE_USER',
} as const satisfies Record<string, Role>;

/**
 * `POST /api/users` (201 SpaceUser). SPEC §5 "User": names, e-mail and language required, both password fields
 * required and equal (`passwords_do_not_match` on `new_password2`), the password rule (`password_must_be`).
 * `role` (optional; default {@link DEFAULT_CREATED_ROLE} of the actor's space type) must be one the actor may grant;
 * `timezone` defaults to Europe/Paris (SPEC §9).
 */
export const userCreateBody = z
  .object({
    firstname: personName('firstname'),
    lastname: personName('lastname'),
    email: emailAddress,
    lang: z.enum(LANGUAGES, { error: 'language_not_accepted' }),
    new_password1: newPassword,
    new_password2: z.string({ error: 'new_password_required' }).min(1, { error: 'new_password_required' }),
    role: z.enum(ROLES, { error: 'role_invalid' }).optional(),
    timezone: timeZoneName.optional(),
  })
  .refine((v) => v.new_password1 === v.new_password2, {
    error: 'passwords_do_not_match',
    path: ['new_password2'],
  });
export type UserCreateBody = z.input<typeof userCreateBody>;

const tags = ['Users'] as const;
const access = GENERIC_USERS_ACCESS;
const memberParams = z.object({ ulid: z.string().describe('ULID of the membership (the member "user")') });

export const genericUserEndpoints = {
  create: defineEndpoint({
    operationId: 'createUser',
    method: 'POST',
    path: '/api/users',
    tags,
    access,
    summary: "Create a member of the actor's space with a password (201 SpaceUser)",
    description:
      'Creates the account and an active membership of the current space at once: the person signs in with this ' +
      'password. 422 violations: `firstname_required`, `lastname_required`, `email_invalid`, ' +
      '`email_already_exist` (the address already has an account: invite it instead, its password is its ' +
      "holder's own), `language_not_accepted`, `password_must_be`, `passwords_do_not_match`, " +
      '`chosen_role_not_allowed` on `role` (an owner role, a higher rank than the actor’s, or another space type).',
    body: userCreateBody,
    idempotent: true,
    responses: { 201: spaceUser },
  }),
  get: defineEndpoint({
    operationId: 'getUser',
    method: 'GET',
    path: '/api/users/:ulid',
    tags,
    access,
    summary: "A member of the actor's space (as `GET /api/user_{type}s/{ulid}`)",
    params: memberParams,
    responses: { 200: spaceUser },
    errors: ['user_not_found'],
  }),
  update: defineEndpoint({
    operationId: 'updateUser',
    method: 'PUT',
    path: '/api/users/:ulid',
    tags,
    access,
    summary: "Edit a member of the actor's space (as `PUT /api/user_{type}s/{ulid}`; 200 SpaceUser)",
    description:
      'Same body, rules and errors as the per-type call: 403 `forbidden` when the member is not manageable, 409 ' +
      '`account_shared_with_other_space`, 422 `email_already_exist`.',
    params: memberParams,
    body: userEditBody,
    responses: { 200: spaceUser },
    errors: ['user_not_found', 'account_shared_with_other_space'],
  }),
  remove: defineEndpoint({
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/api/users/:ulid',
    tags,
    access,
    summary: "Delete a member of the actor's space (as `DELETE /api/user_{type}s/{ulid}`; 204)",
    description:
      'Errors: 400 `no_change_your_role` (oneself), 409 `user_is_referent` with `nb_referent_site`, 409 ' +
      '`user_has_interventions` with `nb_intervention`.',
    params: memberParams,
    responses: { 204: null },
    errors: ['user_not_found', 'no_change_your_role', 'user_is_referent', 'user_has_interventions'],
  }),
};
