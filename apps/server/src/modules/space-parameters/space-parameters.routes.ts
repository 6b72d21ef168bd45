/**
 * HTTP of the space settings (SPEC §2.7 "Space settings", issue 4): `/api/space_parameters`. Every route requires
 * the owner action of the actor's current space (dealer owner or PCO owner; a substituting admin or dealer is the
 * effective owner). The logo (`POST /api/space_parameters/logo`) and the audit trail (`GET …/audit`) live elsewhere.
 */
import { ACTIONS, accountTransferInput, spaceDeleteInput, spaceParametersInput } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/actor.js';
import type { SpaceParametersService } from './space-parameters.service.js';

const access = { anyOf: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER] } as const;
const tags = ['Space settings'];

export const spaceParametersRoutes: FastifyPluginAsyncZod<{ service: SpaceParametersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/space_parameters',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Settings of the current space: name, address, logo, referral reseller, possible new owners',
        description: '`transfer_candidates`: the active members of the space other than the owner.',
      },
    },
    async (request) => service.read(requireActor(request)),
  );

  app.put(
    '/api/space_parameters',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update the name, address and referral reseller of the current space (200 SpaceParameters)',
        body: spaceParametersInput,
      },
    },
    async (request) => service.update(requireActor(request), request.body),
  );

  app.post(
    '/api/space_parameters/transfer',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Hand ownership of the current space to another active member (204)',
        description:
          '`new_owner`: ULID of an active membership of the space other than the owner (422 `new_owner_invalid`). ' +
          'The previous owner becomes manager (PCO) or user (dealer) and their sessions of that space end.',
        body: accountTransferInput,
      },
    },
    async (request, reply) => {
      await service.transfer(requireActor(request), request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/space_parameters/delete',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete the account: close the current space (204)',
        description:
          '`confirmation` must equal the name of the space (422 `confirmation_invalid`). Members lose access at ' +
          'once and their sessions end; the data is purged after the retention period (SPACE_RETENTION_DAYS).',
        body: spaceDeleteInput,
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.body);
      return reply.code(204).send();
    },
  );
};
