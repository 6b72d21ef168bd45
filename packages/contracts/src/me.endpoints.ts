/**
 * The endpoints of the current user (SPEC §7 "Self", §2.6 "my profile") and the time-zone list. The password-checked
 * calls (`edit-email`, both `edit-password`) allow 10 attempts per account per 15 minutes (429).
 */
import { z } from 'zod';
import { currentUser } from './auth.js';
import { defineEndpoint } from './endpoint.js';
import {
  editEmailBody,
  editLanguageBody,
  editNameBody,
  editPasswordBody,
  editPasswordPutBody,
  editTimezoneBody,
  timezoneList,
} from './identity.js';

const tags = ['Self'] as const;
const access = 'authenticated';

export const meEndpoints = {
  get: defineEndpoint({
    operationId: 'getMe',
    method: 'GET',
    path: '/api/me',
    tags,
    access,
    summary: 'The current user (SPEC §3 "Current user")',
    description:
      '`user_type` and `role` are the effective ones: those of the space entered during a substitution ' +
      '(`connected_on_pco`, `connected_on_dealer`).',
    responses: { 200: currentUser },
  }),
  editName: defineEndpoint({
    operationId: 'editMyName',
    method: 'PUT',
    path: '/api/me/edit-name',
    tags,
    access,
    summary: 'Change my first and last name (204)',
    body: editNameBody,
    responses: { 204: null },
  }),
  editEmail: defineEndpoint({
    operationId: 'editMyEmail',
    method: 'PUT',
    path: '/api/me/edit-email',
    tags,
    access,
    summary: 'Ask to change my e-mail: a validation link goes to the new address (204)',
    description:
      'The address changes only once the link is used (`validate-email`). 422 `invalid_password` on `password`, ' +
      '`email_already_exist` on `new_email`; 429 after 10 attempts in 15 minutes.',
    body: editEmailBody,
    responses: { 204: null },
    errors: ['too_many_requests'],
  }),
  validateEmail: defineEndpoint({
    operationId: 'validateMyEmail',
    method: 'PUT',
    path: '/api/me/validate-email/:token',
    tags,
    access: 'public',
    summary: 'Apply a requested e-mail change from its link (204; public: the token is the credential)',
    description:
      '400 `invalid_email_token` (unknown, replaced or used link), 410 `expired_email_token`, 409 ' +
      '`email_already_exist` (another account took the address meanwhile).',
    params: z.object({ token: z.string().min(1).max(200).describe('The token of the e-mailed link') }),
    responses: { 204: null },
    errors: ['invalid_email_token', 'expired_email_token', 'email_already_exist'],
  }),
  editPassword: defineEndpoint({
    operationId: 'editMyPassword',
    method: 'POST',
    path: '/api/me/edit-password',
    tags,
    access,
    summary: 'Change my password (confirmation variant, 204); my other sessions and trusted devices end',
    description:
      '422 `invalid_password` on `current_password`, `password_must_be` on `new_password1`, ' +
      '`passwords_do_not_match` on `new_password2`; 429 after 10 attempts in 15 minutes.',
    body: editPasswordBody,
    responses: { 204: null },
    errors: ['too_many_requests'],
  }),
  replacePassword: defineEndpoint({
    operationId: 'replaceMyPassword',
    method: 'PUT',
    path: '/api/me/edit-password',
    tags,
    access,
    summary: 'Change my password (204); my other sessions and trusted devices end',
    description:
      '422 `invalid_password` on `current_password`, `password_must_be` on `new_password`; 429 after 10 attempts ' +
      'in 15 minutes.',
    body: editPasswordPutBody,
    responses: { 204: null },
    errors: ['too_many_requests'],
  }),
  editLanguage: defineEndpoint({
    operationId: 'editMyLanguage',
    method: 'PUT',
    path: '/api/me/edit-language',
    tags,
    access,
    summary: 'Change my language (204)',
    description: 'A browser session gets an access-token cookie carrying the new language at once.',
    body: editLanguageBody,
    responses: { 204: null },
  }),
  editTimezone: defineEndpoint({
    operationId: 'editMyTimezone',
    method: 'PUT',
    path: '/api/me/edit-timezone',
    tags,
    access,
    summary: 'Change my time zone (204)',
    description: 'A browser session gets an access-token cookie carrying the new time zone at once.',
    body: editTimezoneBody,
    responses: { 204: null },
  }),
  changeSpace: defineEndpoint({
    operationId: 'changeMySpace',
    method: 'PUT',
    path: '/api/me/change-space',
    tags,
    access,
    summary: 'Switch my session to my active membership of another space type (204)',
    description:
      'Body `{space: "admin" | "dealer" | "pco"}`, checked by the handler so that its errors answer 400 (SPEC §9): ' +
      '`space_required`, `invalid_space`; 409 `space_not_allowed` (no active membership of that type, during a ' +
      'substitution, or a two-factor space the session did not pass the code for).',
    body: z.unknown().meta({
      id: 'ChangeSpaceBody',
      examples: [{ space: 'pco' }],
      description: '`{space: "admin" | "dealer" | "pco"}`',
    }),
    responses: { 204: null },
    errors: ['space_required', 'invalid_space', 'space_not_allowed'],
  }),
  timezones: defineEndpoint({
    operationId: 'listTimezones',
    method: 'GET',
    path: '/api/timezones',
    tags,
    access: 'public',
    summary: 'The IANA time zones a user may choose (public: the activation page needs them)',
    description: 'Cached a day by the browser.',
    responses: { 200: timezoneList },
  }),
};
