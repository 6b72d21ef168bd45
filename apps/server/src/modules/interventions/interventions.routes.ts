/** HTTP of interventions (SPEC §7 "Interventions"): list, read, create, update, delete; PCO action only. */
import { ACTIONS, interventionBody, interventionDeleteQuery, interventionListQuery } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import { hydraCollection, pageWindow } from '../../platform/hydra/hydra.js';
import type { InterventionsService } from './interventions.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Interventions'];
const params = z.object({ id: z.string() });

export const interventionsRoutes: FastifyPluginAsyncZod<{ service: InterventionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/interventions',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Interventions by start date, filtered (SPEC §3 filters)',
        querystring: interventionListQuery,
      },
    },
    async (request) => {
      const { members, total } = await service.list(requireActor(request), request.query);
      return hydraCollection(request.url, members, total, pageWindow(request.query), 'Intervention');
    },
  );

  app.get(
    '/api/interventions/:id',
    { config: { access }, schema: { tags, summary: 'One intervention with its site and interveners', params } },
    async (request) => service.get(requireActor(request), request.params.id),
  );

  app.post(
    '/api/interventions',
    { config: { access }, schema: { tags, summary: 'Schedule an intervention (SPEC §4, §5)', body: interventionBody } },
    async (request, reply) => reply.code(201).send(await service.create(requireActor(request), request.body)),
  );

  app.put(
    '/api/interventions/:id',
    {
      config: { access },
      schema: { tags, summary: 'Edit an intervention (SPEC §4, §5)', params, body: interventionBody },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/interventions/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete an intervention; send_mail=true e-mails the cancellation to the site contact',
        params,
        querystring: interventionDeleteQuery,
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.id, request.query.send_mail === 'true');
      return reply.code(204).send();
    },
  );
};
