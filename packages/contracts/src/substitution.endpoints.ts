/**
 * The endpoints of substitution (SPEC §4 "Substitution exit", §7 "Users"): an admin enters any open dealer or PCO, a
 * dealer any open PCO of its own dealer, as its owner; leaving brings the session back at once. Each answers 204 with
 * a new access-token cookie (a Bearer client refreshes its tokens instead).
 */
import { defineEndpoint } from './endpoint.js';
import { ACTIONS } from './roles.js';
import { connectOnDealerInput, connectOnPcoInput } from './spaces.js';

const tags = ['Users'] as const;
const adminOnly = { anyOf: [ACTIONS.ADMIN_ACTION] } as const;
const LEAVE_DESCRIPTION =
  'During substitution the actor is the substituted space’s owner: leaving needs only a session. Does nothing more ' +
  'when there is no substitution.';

export const substitutionEndpoints = {
  adminConnectOnDealer: defineEndpoint({
    operationId: 'adminConnectOnDealer',
    method: 'POST',
    path: '/api/user_admins/connect-on-dealer',
    tags,
    access: adminOnly,
    summary: 'Enter a dealer space as its owner (204)',
    body: connectOnDealerInput,
    responses: { 204: null },
    errors: ['connected_on_dealer_not_found'],
  }),
  adminConnectOnPco: defineEndpoint({
    operationId: 'adminConnectOnPco',
    method: 'POST',
    path: '/api/user_admins/connect-on-pco',
    tags,
    access: adminOnly,
    summary: 'Enter a PCO space as its owner (204)',
    body: connectOnPcoInput,
    responses: { 204: null },
    errors: ['connected_on_pco_not_found'],
  }),
  dealerConnectOnPco: defineEndpoint({
    operationId: 'dealerConnectOnPco',
    method: 'POST',
    path: '/api/user_dealers/connect-on-pco',
    tags,
    access: { anyOf: [ACTIONS.DEALER_ACTION] },
    summary: "Enter one of my dealer's PCO spaces as its owner (204)",
    description: "Another dealer's PCO answers 404 `connected_on_pco_not_found`, like an unknown one.",
    body: connectOnPcoInput,
    responses: { 204: null },
    errors: ['connected_on_pco_not_found'],
  }),
  adminDisconnectOnDealer: defineEndpoint({
    operationId: 'adminDisconnectOnDealer',
    method: 'POST',
    path: '/api/user_admins/disconnect-on-dealer',
    tags,
    access: 'authenticated',
    summary: 'Leave the substituted dealer space, at once (204)',
    description: LEAVE_DESCRIPTION,
    responses: { 204: null },
  }),
  adminDisconnectOnPco: defineEndpoint({
    operationId: 'adminDisconnectOnPco',
    method: 'POST',
    path: '/api/user_admins/disconnect-on-pco',
    tags,
    access: 'authenticated',
    summary: 'Leave the substituted PCO space, at once (204)',
    description: LEAVE_DESCRIPTION,
    responses: { 204: null },
  }),
  dealerDisconnectOnPco: defineEndpoint({
    operationId: 'dealerDisconnectOnPco',
    method: 'POST',
    path: '/api/user_dealers/disconnect-on-pco',
    tags,
    access: 'authenticated',
    summary: 'Leave the substituted PCO space, at once (204)',
    description: LEAVE_DESCRIPTION,
    responses: { 204: null },
  }),
};
