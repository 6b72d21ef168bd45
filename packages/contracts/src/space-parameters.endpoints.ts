/**
 * The endpoints of the space settings (SPEC §2.7 "Space settings", issue 4): `/api/space_parameters`, always on the
 * actor's current space. Every one requires the owner action of that space (dealer owner or PCO owner; an admin or a
 * dealer substituted into it is its effective owner).
 */
import { z } from 'zod';
import { pageQuery } from './common.js';
import { defineEndpoint } from './endpoint.js';
import { hydraCollectionOf } from './jsonld.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import { LOGO_UPLOAD_DESCRIPTION, MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';
import {
  accountTransferInput,
  auditEventResource,
  spaceDeleteInput,
  spaceLogoAnswer,
  spaceParametersInput,
  spaceParametersResource,
} from './spaces.js';

const tags = ['Space settings'] as const;
const access = { anyOf: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER] } as const;

/** `PUT /api/space_parameters`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateSpaceParameters',
  method: 'PUT',
  path: '/api/space_parameters',
  tags,
  access,
  summary: 'Update the name, address and referral reseller of the current space',
  body: spaceParametersInput,
  responses: { 200: spaceParametersResource },
  errors: ['not_found'],
});

export const spaceParametersEndpoints = {
  get: defineEndpoint({
    operationId: 'getSpaceParameters',
    method: 'GET',
    path: '/api/space_parameters',
    tags,
    access,
    summary: 'Settings of the current space: name, address, logo, referral reseller, possible new owners',
    description:
      '`transfer_candidates`: the active members of the space other than the owner. 404 when the space is closed.',
    responses: { 200: spaceParametersResource },
    errors: ['not_found'],
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchSpaceParameters',
    summary: 'Partly update the name, address and referral reseller of the current space (merge patch)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: members left out stay as they are, `null` removes an ' +
      'optional member. The patched body must pass the PUT rules (same violations).',
  }),
  uploadLogo: defineEndpoint({
    operationId: 'uploadSpaceLogo',
    method: 'POST',
    path: '/api/space_parameters/logo',
    tags,
    access,
    summary: 'Upload the logo of the current space (answers its URL)',
    description: `Dealer owner or PCO owner. ${LOGO_UPLOAD_DESCRIPTION}`,
    consumes: [MULTIPART_FORM_DATA],
    responses: { 200: spaceLogoAnswer },
    errors: ['not_found', ...UPLOAD_ERRORS],
  }),
  transfer: defineEndpoint({
    operationId: 'transferSpaceOwnership',
    method: 'POST',
    path: '/api/space_parameters/transfer',
    tags,
    access,
    summary: 'Hand ownership of the current space to another active member (204)',
    description:
      '`new_owner`: ULID of an active membership of the space other than the owner (422 `new_owner_invalid`). ' +
      'The previous owner becomes manager (PCO) or user (dealer) and their sessions of that space end.',
    body: accountTransferInput,
    responses: { 204: null },
    errors: ['not_found'],
  }),
  remove: defineEndpoint({
    operationId: 'deleteSpace',
    method: 'POST',
    path: '/api/space_parameters/delete',
    tags,
    access,
    summary: 'Delete the account: close the current space (204)',
    description:
      '`confirmation` must equal the name of the space (422 `confirmation_invalid`). Members lose access at ' +
      'once and their sessions end; the data is purged after the retention period (SPACE_RETENTION_DAYS).',
    body: spaceDeleteInput,
    responses: { 204: null },
    errors: ['not_found'],
  }),
  audit: defineEndpoint({
    operationId: 'listAuditEvents',
    method: 'GET',
    path: '/api/space_parameters/audit',
    tags,
    access,
    summary: 'Changes made in my current space under substitution, newest first (hydra collection, 30 a page)',
    query: z.object(pageQuery),
    responses: { 200: hydraCollectionOf(auditEventResource).meta({ id: 'AuditEventCollection' }) },
  }),
};
