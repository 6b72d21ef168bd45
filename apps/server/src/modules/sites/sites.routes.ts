/** HTTP of sites (SPEC §7 "Sites"): list, search, detail, light view, delete, and create/update via site_contacts. */
import {
  ACTIONS,
  createSiteContactBody,
  siteListQuery,
  siteSearchQuery,
  updateSiteContactBody,
} from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { SitesService } from './sites.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Sites'];
const idParams = z.object({ id: z.string().max(200) });

export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.get(
    '/api/sites',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Sites in alert and other sites, filtered and paged; `pagination=false` answers a hydra collection',
        querystring: siteListQuery,
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (request.query.pagination === 'false') return service.listAll(actor, request.query, request.url);
      return service.list(actor, request.query);
    },
  );

  app.get(
    '/api/sites/search',
    {
      config: { access },
      schema: { tags, summary: 'Site search for pickers: {list, total}', querystring: siteSearchQuery },
    },
    async (request) => service.search(requireActor(request), request.query),
  );

  app.get(
    '/api/sites/:id',
    { config: { access }, schema: { tags, summary: 'A site (SPEC §3 "Site")', params: idParams } },
    async (request) => service.detail(requireActor(request), request.params.id),
  );

  app.get(
    '/api/sites/:id/light',
    { config: { access }, schema: { tags, summary: 'Light view of a site (SPEC §3)', params: idParams } },
    async (request) => service.light(requireActor(request), request.params.id),
  );

  app.delete(
    '/api/sites/:id',
    { config: { access }, schema: { tags, summary: 'Deletes a site with its interventions', params: idParams } },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/site_contacts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Creates a site with its main contact: 201 {site, contact}',
        body: createSiteContactBody,
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireActor(request), request.body)),
  );

  app.put(
    '/api/site_contacts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Updates a site and its main contact: 200 {site, contact}',
        params: idParams,
        body: updateSiteContactBody,
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );
};
