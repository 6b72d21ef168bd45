/**
 * The endpoints of the response clock (issue 15 "Alert → visit on a response clock"; docs/decisions/019): the PCO's
 * response targets, the running clocks Home shows, and the control visit proposed for a termite or colony alert —
 * read it, accept it (plans the visit, linked to the alert) or dismiss it with a reason.
 */
import { z } from 'zod';
import {
  alertClockCollection,
  responseTargetsInput,
  responseTargetsResource,
  visitDismissBody,
  visitProposalResource,
} from './alerts.js';
import { defineEndpoint } from './endpoint.js';
import { interventionBody, interventionResource } from './interventions.js';
import { defineMergePatchOf } from './merge-patch.js';
import { ACTIONS } from './roles.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Alerts'] as const;
const alertParams = z.object({ ulid: z.string().max(200).describe('ULID of the alert') });

/** `PUT /api/alert_response_targets`, declared apart: its merge-patch twin is made from it. */
const updateTargets = defineEndpoint({
  operationId: 'updateAlertResponseTargets',
  method: 'PUT',
  path: '/api/alert_response_targets',
  tags,
  access: { anyOf: [ACTIONS.PCO_OWNER] },
  summary: 'Save the response target of each alert type of the current PCO (owner), in hours',
  description:
    'Whole hours from 1 to 8760. They apply at once to the clocks still running. 422 `response_target_invalid`.',
  body: responseTargetsInput,
  responses: { 200: responseTargetsResource },
});

export const responseClockEndpoints = {
  getTargets: defineEndpoint({
    operationId: 'getAlertResponseTargets',
    method: 'GET',
    path: '/api/alert_response_targets',
    tags,
    access,
    summary: 'The response target of each alert type of the current PCO, in hours (the defaults until saved)',
    description: 'Defaults: termite and colony 72, communication 168, battery 336.',
    responses: { 200: responseTargetsResource },
  }),
  updateTargets,
  patchTargets: defineMergePatchOf(updateTargets, {
    operationId: 'patchAlertResponseTargets',
    summary: 'Change some response targets of the current PCO (owner; merge patch)',
    description:
      'A JSON merge patch (RFC 7396) of the PUT body: targets left out stay as they are. 422 ' +
      '`response_target_invalid`.',
  }),
  clocks: defineEndpoint({
    operationId: 'listAlertClocks',
    method: 'GET',
    path: '/api/alert_clocks',
    tags,
    access,
    summary: 'The alerts of the current space whose response clock runs, soonest due first (at most 100)',
    description:
      'An alert is listed while it is open and no visit checked in on its site and nobody acknowledged it since it ' +
      'opened. `level`: `ok` (at least 25 % of the target left), `warning`, `overdue`. `overdue_number` counts the ' +
      'overdue ones; `hydra:totalItems` all of them.',
    responses: { 200: alertClockCollection },
  }),
  getProposal: defineEndpoint({
    operationId: 'getVisitProposal',
    method: 'GET',
    path: '/api/alerts/:ulid/visit_proposal',
    tags,
    access,
    summary: 'The control visit proposed for a termite or colony alert',
    params: alertParams,
    responses: { 200: visitProposalResource },
    errors: ['alert_not_found', 'visit_proposal_not_found'],
  }),
  acceptProposal: defineEndpoint({
    operationId: 'acceptVisitProposal',
    method: 'POST',
    path: '/api/alerts/:ulid/visit_proposal/accept',
    tags,
    access,
    summary:
      'Plan the proposed visit as edited in the intervention panel: 201 with the intervention, linked to the alert',
    description:
      'The body is the one of `POST /api/interventions` (the panel opens pre-filled with the proposal) and answers ' +
      'its 422s; its site must be the alert’s (422 `site_invalid`). 409 `visit_proposal_already_decided`.',
    params: alertParams,
    body: interventionBody,
    idempotent: true,
    responses: { 201: interventionResource },
    errors: ['alert_not_found', 'visit_proposal_not_found', 'visit_proposal_already_decided'],
  }),
  dismissProposal: defineEndpoint({
    operationId: 'dismissVisitProposal',
    method: 'POST',
    path: '/api/alerts/:ulid/visit_proposal/dismiss',
    tags,
    access,
    summary: 'Dismiss the proposed visit with a reason',
    description:
      '422 `dismiss_reason_required`, `dismiss_note_required` (reason `other`). 409 `visit_proposal_already_decided`. ' +
      'The alert’s clock keeps running.',
    params: alertParams,
    body: visitDismissBody,
    responses: { 200: visitProposalResource },
    errors: ['alert_not_found', 'visit_proposal_not_found', 'visit_proposal_already_decided'],
  }),
};
