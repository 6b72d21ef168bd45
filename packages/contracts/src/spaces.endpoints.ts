/**
 * The endpoints of dealer and PCO management and of the space logos (SPEC §2.7 "Dealer and PCO management", §7
 * style): `/api/dealers` (admin action), `/api/pcos` (admin action: every PCO; dealer action: the PCOs of its own
 * dealer, the others answer 404), their logos, and the public `GET /api/logos/{file}`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { hydraCollectionOf } from './jsonld.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import { dealerInput, dealerUpdate, managedDealer, managedPco, pcoInput, pcoUpdate, spaceListQuery } from './spaces.js';

const tags = ['Spaces'] as const;
const dealerAccess = { anyOf: [ACTIONS.ADMIN_ACTION] } as const;
const pcoAccess = { anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION] } as const;
const spaceParams = z.object({ ulid: z.string().describe('ULID of the space') });
const PCO_WHO = 'Admin action (every PCO) or dealer action (the PCOs of its own dealer; the others answer 404).';

/** The multipart media type of the logo uploads. */
export const MULTIPART_FORM_DATA = 'multipart/form-data';

/** How a logo is uploaded (dealer, PCO and own-space logos alike). */
export const LOGO_UPLOAD_DESCRIPTION =
  'Multipart field `file`: JPEG, PNG or WebP judged by content (422 `logo_invalid` on `file` otherwise), at most 5 MB ' +
  '(413 `payload_too_large`); 415 when the body is not multipart, 400 `multipart_invalid` when it cannot be read. ' +
  'Stored resized to fit 512×512 as WebP and served publicly from `logo`.';
/** The errors of a multipart upload besides those its declaration implies (422 on `file`, 413, 415, 400 malformed). */
export const UPLOAD_ERRORS = [
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
  'multipart_invalid',
] as const;

/** `PUT /api/dealers/{ulid}`, declared apart: its merge-patch twin is made from it. */
const updateDealer = defineEndpoint({
  operationId: 'updateDealer',
  method: 'PUT',
  path: '/api/dealers/:ulid',
  tags,
  access: dealerAccess,
  summary: 'Edit a dealer: name, address, ERP client id',
  params: spaceParams,
  body: dealerUpdate,
  responses: { 200: managedDealer },
  errors: ['dealer_not_found'],
});

/** `PUT /api/pcos/{ulid}`, declared apart: its merge-patch twin is made from it. */
const updatePco = defineEndpoint({
  operationId: 'updatePco',
  method: 'PUT',
  path: '/api/pcos/:ulid',
  tags,
  access: pcoAccess,
  summary: 'Edit a PCO: name, address, ERP ids (and its dealer, admin only)',
  description: PCO_WHO,
  params: spaceParams,
  body: pcoUpdate,
  responses: { 200: managedPco },
  errors: ['pco_not_found'],
});

export const spaceEndpoints = {
  listDealers: defineEndpoint({
    operationId: 'listDealers',
    method: 'GET',
    path: '/api/dealers',
    tags,
    access: dealerAccess,
    summary: 'The open dealers (hydra collection, 30 a page, by name)',
    description: 'Admin action. `search` matches the name, ignoring case and accents.',
    query: spaceListQuery,
    responses: { 200: hydraCollectionOf(managedDealer).meta({ id: 'ManagedDealerCollection' }) },
  }),
  createDealer: defineEndpoint({
    operationId: 'createDealer',
    method: 'POST',
    path: '/api/dealers',
    tags,
    access: dealerAccess,
    summary: 'Create a dealer and invite its owner (201)',
    description:
      'Admin action. The owner receives the invitation mail. 422 `email_already_exist` on `owner_email` (already a ' +
      'member of a dealer space).',
    body: dealerInput,
    idempotent: true,
    responses: { 201: managedDealer },
  }),
  getDealer: defineEndpoint({
    operationId: 'getDealer',
    method: 'GET',
    path: '/api/dealers/:ulid',
    tags,
    access: dealerAccess,
    summary: 'A dealer',
    params: spaceParams,
    responses: { 200: managedDealer },
    errors: ['dealer_not_found'],
  }),
  updateDealer,
  patchDealer: defineMergePatchOf(updateDealer, {
    operationId: 'patchDealer',
    summary: 'Partly edit a dealer (merge patch of the PUT body)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: members left out stay as they are, `null` removes an ' +
      'optional member. The patched body must pass the PUT rules (same violations).',
  }),
  uploadDealerLogo: defineEndpoint({
    operationId: 'uploadDealerLogo',
    method: 'POST',
    path: '/api/dealers/:ulid/logo',
    tags,
    access: dealerAccess,
    summary: 'Upload the logo of a dealer (answers the dealer)',
    description: `Admin action. ${LOGO_UPLOAD_DESCRIPTION}`,
    params: spaceParams,
    consumes: [MULTIPART_FORM_DATA],
    responses: { 200: managedDealer },
    errors: ['dealer_not_found', ...UPLOAD_ERRORS],
  }),
  listPcos: defineEndpoint({
    operationId: 'listPcos',
    method: 'GET',
    path: '/api/pcos',
    tags,
    access: pcoAccess,
    summary: 'The open PCOs (hydra collection, 30 a page, by name)',
    description: `${PCO_WHO} \`search\` matches the name, ignoring case and accents.`,
    query: spaceListQuery,
    responses: { 200: hydraCollectionOf(managedPco).meta({ id: 'ManagedPcoCollection' }) },
  }),
  createPco: defineEndpoint({
    operationId: 'createPco',
    method: 'POST',
    path: '/api/pcos',
    tags,
    access: pcoAccess,
    summary: 'Create a PCO and invite its owner (201)',
    description:
      `${PCO_WHO} The owner receives the invitation mail. 422 \`email_already_exist\` on \`owner_email\`; ` +
      '`dealer_required` / `dealer_invalid` on `dealer` (an admin names the dealer; a dealer gets its own).',
    body: pcoInput,
    idempotent: true,
    responses: { 201: managedPco },
  }),
  getPco: defineEndpoint({
    operationId: 'getPco',
    method: 'GET',
    path: '/api/pcos/:ulid',
    tags,
    access: pcoAccess,
    summary: 'A PCO with its dealer',
    description: PCO_WHO,
    params: spaceParams,
    responses: { 200: managedPco },
    errors: ['pco_not_found'],
  }),
  updatePco,
  patchPco: defineMergePatchOf(updatePco, {
    operationId: 'patchPco',
    summary: 'Partly edit a PCO (merge patch of the PUT body)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: members left out stay as they are, `null` removes an ' +
      'optional member. The patched body must pass the PUT rules (same violations).',
  }),
  uploadPcoLogo: defineEndpoint({
    operationId: 'uploadPcoLogo',
    method: 'POST',
    path: '/api/pcos/:ulid/logo',
    tags,
    access: pcoAccess,
    summary: 'Upload the logo of a PCO (answers the PCO)',
    description: `${PCO_WHO} ${LOGO_UPLOAD_DESCRIPTION}`,
    params: spaceParams,
    consumes: [MULTIPART_FORM_DATA],
    responses: { 200: managedPco },
    errors: ['pco_not_found', ...UPLOAD_ERRORS],
  }),
  getLogo: defineEndpoint({
    operationId: 'getLogo',
    method: 'GET',
    path: '/api/logos/:file',
    tags,
    access: 'public',
    summary: 'A logo image (WebP), public: logos appear in e-mails and on activation pages',
    description: 'Cached for a year (`immutable`): a new logo gets a new file name.',
    params: z.object({ file: z.string().describe('File name, `<32 hex>.webp`') }),
    produces: ['image/webp'],
    responses: { 200: z.string().meta({ format: 'binary' }).describe('The WebP image') },
  }),
};
