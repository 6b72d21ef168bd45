/**
 * The endpoints of service contracts (issue 13; docs/decisions/013), in the style of SPEC §7: `/api/contracts` and
 * `/api/contracts/{ulid}`, the early end, the signed PDF, and the due visits Home lists. PCO action (owner, manager)
 * reads and writes; another space's contract answers 404 `contract_not_found`.
 */
import { z } from 'zod';
import {
  contractBody,
  contractCollection,
  contractDocumentAnswer,
  contractEndBody,
  contractListQuery,
  contractResource,
  dueVisitList,
} from './contracts.js';
import { defineEndpoint } from './endpoint.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';
import { MULTIPART_FORM_DATA, UPLOAD_ERRORS } from './spaces.endpoints.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Contracts'] as const;
const contractParams = z.object({ ulid: z.string().max(200).describe('ULID of the contract') });
const RULES =
  '422 (SPEC §5, §8): `site_required`, `site_invalid`, `reference_required`, `started_at_required`, ' +
  '`started_at_invalid` (not a day, or before today on creation), `ended_at_required`, `ended_at_invalid` (not a ' +
  'day, or not after the start), `visit_rule_invalid` (an RRULE the `rrule` library refuses or that yields no date), ' +
  '`preferred_technician_invalid` (not an active technician, owner or manager of the space), `price_invalid`, ' +
  '`currency_invalid` (neither EUR nor the currency of the space’s country), `billing_period_invalid`, ' +
  '`notice_period_days_invalid`, `warranty_years_invalid`, `visit_window_days_invalid`.';

/** `PUT /api/contracts/{ulid}`, declared apart: its merge-patch twin is made from it. */
const update = defineEndpoint({
  operationId: 'updateContract',
  method: 'PUT',
  path: '/api/contracts/:ulid',
  tags,
  access,
  summary: 'Edit a contract: every field replaced (PCO action)',
  description: `The start may stay in the past when it is unchanged. ${RULES}`,
  params: contractParams,
  body: contractBody,
  responses: { 200: contractResource },
  errors: ['contract_not_found'],
  entityTag: 'checks',
});

export const contractEndpoints = {
  list: defineEndpoint({
    operationId: 'listContracts',
    method: 'GET',
    path: '/api/contracts',
    tags,
    access,
    summary: 'The contracts of the current space, soonest end first (hydra collection, 30 a page)',
    description:
      '`site`, `client`: keep those of a site or client; `state`: `active`, `to_renew` (within its notice period ' +
      'before the end) or `ended`, today in the owner’s time zone.',
    query: contractListQuery,
    responses: { 200: contractCollection },
  }),
  get: defineEndpoint({
    operationId: 'getContract',
    method: 'GET',
    path: '/api/contracts/:ulid',
    tags,
    access,
    summary: 'One contract',
    params: contractParams,
    responses: { 200: contractResource },
    errors: ['contract_not_found'],
    entityTag: 'answers',
  }),
  create: defineEndpoint({
    operationId: 'createContract',
    method: 'POST',
    path: '/api/contracts',
    tags,
    access,
    summary: 'Add a contract to a site (PCO action; 201); the due visits of the next 30 days are created at once',
    description: RULES,
    body: contractBody,
    idempotent: true,
    responses: { 201: contractResource },
    errors: ['pco_not_found'],
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchContract',
    summary: 'Edit some fields of a contract (merge patch; PCO action)',
    description: 'A JSON merge patch (RFC 7396) of the PUT body, checked by the PUT rules once applied.',
  }),
  remove: defineEndpoint({
    operationId: 'deleteContract',
    method: 'DELETE',
    path: '/api/contracts/:ulid',
    tags,
    access,
    summary: 'Delete a contract (204); the visits it created stay in the planning',
    params: contractParams,
    responses: { 204: null },
    errors: ['contract_not_found'],
  }),
  end: defineEndpoint({
    operationId: 'endContract',
    method: 'POST',
    path: '/api/contracts/:ulid/end',
    tags,
    access,
    summary: 'End a contract early, on a given day (PCO action)',
    description:
      '`ended_at`: a day from its start to its current end (422 `ended_at_required`, `ended_at_invalid`); no visit ' +
      'is created past it any more, and it is not renewed.',
    params: contractParams,
    body: contractEndBody,
    responses: { 200: contractResource },
    errors: ['contract_not_found'],
  }),
  uploadDocument: defineEndpoint({
    operationId: 'uploadContractDocument',
    method: 'POST',
    path: '/api/contracts/:ulid/document',
    tags,
    access,
    summary: 'Attach the signed contract (multipart `file`, a PDF; replaces the previous one; 201)',
    description:
      'A PDF judged by content (it starts with `%PDF-`; 422 `document_invalid` on `file` otherwise), at most 10 MB ' +
      '(413 `payload_too_large`); 415 when the body is not multipart, 400 `multipart_invalid` when it cannot be ' +
      'read. Stored in the database; served back to the members of the space only.',
    params: contractParams,
    consumes: [MULTIPART_FORM_DATA],
    idempotent: true,
    responses: { 201: contractDocumentAnswer },
    errors: ['contract_not_found', 'contract_document_not_found', ...UPLOAD_ERRORS],
  }),
  getDocument: defineEndpoint({
    operationId: 'getContractDocument',
    method: 'GET',
    path: '/api/contracts/:ulid/document',
    tags,
    access,
    summary: 'The signed contract (PDF, as an attachment)',
    params: contractParams,
    produces: ['application/pdf'],
    responses: { 200: z.string().meta({ format: 'binary' }).describe('The PDF document') },
    errors: ['contract_not_found', 'contract_document_not_found'],
  }),
  removeDocument: defineEndpoint({
    operationId: 'deleteContractDocument',
    method: 'DELETE',
    path: '/api/contracts/:ulid/document',
    tags,
    access,
    summary: 'Remove the signed contract (204)',
    params: contractParams,
    responses: { 204: null },
    errors: ['contract_not_found', 'contract_document_not_found'],
  }),
  dueVisits: defineEndpoint({
    operationId: 'listContractDueVisits',
    method: 'GET',
    path: '/api/contract_due_visits',
    tags,
    access,
    summary: 'Control visits due from contracts that need attention: unassigned, or overdue (Home; at most 50)',
    description:
      '`unassigned`: a visit the job created, still in the future, without a technician; `overdue`: its due day ' +
      'plus the contract’s window has passed and the site has no completed visit (report) since the due day.',
    responses: { 200: dueVisitList },
  }),
};
