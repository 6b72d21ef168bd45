/** The endpoints of interventions (visits), SPEC §7 "Interventions". Every one requires the PCO action. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  interventionBody,
  interventionCollection,
  interventionDeleteQuery,
  interventionListQuery,
  interventionResource,
} from './interventions.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Interventions'] as const;
const interventionParams = z.object({ id: z.string().describe('ULID of the intervention') });

/** `PUT /api/interventions/{id}`, declared apart: its merge-patch twin `patch` is made from it. */
const update = defineEndpoint({
  operationId: 'updateIntervention',
  method: 'PUT',
  path: '/api/interventions/:id',
  tags,
  access,
  summary: 'Edit an intervention (SPEC §4, §5): every field replaced',
  description: 'As the creation; the start must be later than now only when it changes.',
  params: interventionParams,
  body: interventionBody,
  responses: { 200: interventionResource },
  errors: ['intervention_not_found'],
  entityTag: 'checks',
});

export const interventionEndpoints = {
  list: defineEndpoint({
    operationId: 'listInterventions',
    method: 'GET',
    path: '/api/interventions',
    tags,
    access,
    summary: 'Interventions by start, filtered (SPEC §3 filters; hydra collection, 30 a page)',
    description:
      'Filters: `users[]` (interveners), `clients[]`, `type[]`, `start_date` and `end_date` (YYYY-MM-DD, inclusive, ' +
      'in the actor’s time zone, on the start), `site.ulid`; `page`, `itemsPerPage` (≤ 100).',
    query: interventionListQuery,
    responses: { 200: interventionCollection },
  }),
  get: defineEndpoint({
    operationId: 'getIntervention',
    method: 'GET',
    path: '/api/interventions/:id',
    tags,
    access,
    summary: 'One intervention with its site, client and interveners',
    params: interventionParams,
    responses: { 200: interventionResource },
    errors: ['intervention_not_found'],
    entityTag: 'answers',
  }),
  create: defineEndpoint({
    operationId: 'createIntervention',
    method: 'POST',
    path: '/api/interventions',
    tags,
    access,
    summary: 'Schedule an intervention (SPEC §4, §5): 201',
    description:
      'Dates `YYYY-MM-DD HH:mm:ss` in the actor’s time zone. 422: `client_invalid`, `site_invalid`, ' +
      '`interveners_invalid`, `start_at_invalid` (not later than now), `end_at_invalid` (not after the start). ' +
      '`send_mail` e-mails the interveners.',
    body: interventionBody,
    idempotent: true,
    responses: { 201: interventionResource },
  }),
  update,
  patch: defineMergePatchOf(update, {
    operationId: 'patchIntervention',
    summary: 'Partly edit an intervention (merge patch; 200)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: `{"end_at": "2030-06-10 12:00:00"}` moves the end only; the ' +
      'other fields stay as they are (dates as ISO 8601 with offset, `send_mail` as stored). The patched body must ' +
      'pass the PUT rules (same violations); the start must be later than now only when it changes.',
  }),
  remove: defineEndpoint({
    operationId: 'deleteIntervention',
    method: 'DELETE',
    path: '/api/interventions/:id',
    tags,
    access,
    summary: 'Delete an intervention (204); send_mail=true e-mails the cancellation to its interveners',
    params: interventionParams,
    query: interventionDeleteQuery,
    responses: { 204: null },
    errors: ['intervention_not_found'],
  }),
};
