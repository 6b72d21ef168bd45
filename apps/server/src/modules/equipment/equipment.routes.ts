/**
 * HTTP of equipment (issue 5; SPEC §3 "Equipment", §2.7 "Sites: detail with equipment list"): a site's equipment list
 * and registration, one equipment, its correction and removal, a gateway's credential rotation and a station's
 * readings. PCO action (owner, manager).
 */
import { ACTIONS, equipmentInput, equipmentUpdateInput, readingsQuery } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { EquipmentService } from './equipment.service.js';
import type { ReadingsService } from './readings.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Equipment'];
const siteParams = z.object({ id: z.string().max(200).describe('ULID of the site') });
const equipmentParams = z.object({ ulid: z.string().max(200).describe('ULID of the equipment') });

export const equipmentRoutes: FastifyPluginAsyncZod<{ service: EquipmentService; readings: ReadingsService }> = async (
  app,
  { service, readings },
) => {
  app.get(
    '/api/sites/:id/equipment',
    {
      config: { access },
      schema: {
        tags,
        summary: "A site's gateways and stations (hydra collection of Equipment, gateways first, then by reference)",
        description: 'Each item carries its open alerts and its pictures. 404 `site_not_found`.',
        params: siteParams,
      },
    },
    async (request) => service.listOfSite(requireActor(request), request.params.id, request.url),
  );

  app.post(
    '/api/sites/:id/equipment',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Registers a gateway or a station on a site (201 Equipment; a gateway also gets `device_credential`)',
        description:
          'The device credential (`<ulid>.<secret>`) is answered this once; only its hash is stored. 409 ' +
          '`serial_number_already_exist` (serials are unique across the platform); 422 `gateway_invalid` (a ' +
          "station's gateway must be a gateway of the same site), `trap_type_required`, `treatment_type_required`; " +
          '404 `site_not_found`.',
        params: siteParams,
        body: equipmentInput,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.register(requireActor(request), request.params.id, request.body)),
  );

  app.get(
    '/api/equipment/:ulid',
    {
      config: { access },
      schema: { tags, summary: 'A gateway or a station (Equipment)', params: equipmentParams },
    },
    async (request) => service.detail(requireActor(request), request.params.ulid),
  );

  app.put(
    '/api/equipment/:ulid',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Corrects an equipment: reference, trap and treatment types, masonry, position, installed_at, gateway',
        description:
          'Kind and serial number never change. A field left out keeps its value; `null` clears it. 200 Equipment; ' +
          '404 `equipment_not_found`; 422 as the registration.',
        params: equipmentParams,
        body: equipmentUpdateInput,
      },
    },
    async (request) => service.update(requireActor(request), request.params.ulid, request.body),
  );

  app.delete(
    '/api/equipment/:ulid',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Removes an equipment with its readings, alerts and pictures (204)',
        description:
          "The stations of a removed gateway stay, without gateway; the site's priority is recomputed. 404 " +
          '`equipment_not_found`.',
        params: equipmentParams,
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.ulid);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/equipment/:ulid/credential',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Issues a new device credential for a gateway (200 {device_credential}); the old one stops working',
        description: '409 `equipment_not_a_gateway` for a station; 404 `equipment_not_found`.',
        params: equipmentParams,
      },
    },
    async (request) => service.rotateCredential(requireActor(request), request.params.ulid),
  );

  app.get(
    '/api/equipment/:ulid/readings',
    {
      config: { access },
      schema: {
        tags,
        summary: "A station's readings over a period, oldest first (ReadingSeries)",
        description:
          'ISO 8601 `from` and `to` (default: the last 30 days; at most 400 days, else 422 `period_invalid`). More ' +
          'than 500 readings are averaged into 500 equal time buckets (`bucketed: true`). 404 `equipment_not_found`.',
        params: equipmentParams,
        querystring: readingsQuery,
      },
    },
    async (request) => readings.series(requireActor(request), request.params.ulid, request.query),
  );
};
