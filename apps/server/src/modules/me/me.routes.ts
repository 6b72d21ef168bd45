/** HTTP of the current user (SPEC §7 "Self"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { MeService } from './me.service.js';

export const meRoutes: FastifyPluginAsyncZod<{ service: MeService }> = async (app, { service }) => {
  app.get(
    '/api/me',
    { config: { access: 'authenticated' }, schema: { tags: ['Self'], summary: 'The current user (SPEC §3)' } },
    async (request) => service.current(requireActor(request)),
  );
};
