/**
 * "Has right to execute action" (SPEC §6; issue 14): the named actions the current user holds in the space it acts
 * in (after substitution, as the owner of the entered space), decided by the server. The web app asks once with the
 * current user and checks its routes, menu and buttons against the answer instead of reading roles itself.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ACTIONS, type Action } from './roles.js';

const ACTION_NAMES = Object.values(ACTIONS) as [Action, ...Action[]];

/** `GET /api/me/rights?action=`: with `action`, only that action is looked at. */
export const rightsQuery = z.object({
  action: z.enum(ACTION_NAMES, { error: 'value_invalid' }).optional().describe('One action to check'),
});
export type RightsQuery = z.input<typeof rightsQuery>;

/** The actions held: all of them, or with `?action=` that one (held) or none (not held). */
export const rightsAnswer = z
  .object({ actions: z.array(z.enum(ACTION_NAMES)).describe('Named actions of SPEC §6 the current user holds') })
  .meta({ id: 'Rights' });
export type RightsAnswer = z.output<typeof rightsAnswer>;

export const rightsEndpoints = {
  get: defineEndpoint({
    operationId: 'getMyRights',
    method: 'GET',
    path: '/api/me/rights',
    tags: ['Self'],
    access: 'authenticated',
    produces: ['application/json'],
    summary: 'The actions I may execute (SPEC §6 "has right to execute action")',
    description:
      'Actions of the effective space and role: a substituting admin or dealer holds the owner actions of the ' +
      'space entered. With `?action=`, `actions` holds that action when it is granted and is empty otherwise.',
    query: rightsQuery,
    responses: { 200: rightsAnswer },
  }),
};
