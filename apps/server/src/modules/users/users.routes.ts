/** HTTP of members (SPEC §7 "Users"); for now the people picker search of the PCO space. */
import { ACTIONS, userSearchQuery } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get(
    '/api/user_pcos/search',
    {
      config: { access: { anyOf: [ACTIONS.PCO_ACTION] } },
      schema: {
        tags: ['Users'],
        summary: 'Active members of the PCO for people pickers: {list, total}',
        querystring: userSearchQuery,
      },
    },
    async (request) => service.search(requireActor(request), request.query),
  );
};
