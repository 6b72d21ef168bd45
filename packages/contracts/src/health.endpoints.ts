/** The liveness probe (`GET /healthz`, outside `/api`): the process answers and its database is reachable. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const healthEndpoints = {
  get: defineEndpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/healthz',
    tags: ['Health'],
    access: 'public',
    summary: 'Liveness: 200 `{status: "ok"}` when the database answers (500 otherwise)',
    produces: ['application/json'],
    responses: { 200: z.object({ status: z.literal('ok') }).meta({ id: 'Health' }) },
  }),
};
