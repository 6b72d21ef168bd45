/**
 * HTTP of dealer and PCO management (SPEC §2.7 "Dealer and PCO management", §7 style): `/api/dealers` (admin action)
 * and `/api/pcos` (admin action: all; dealer action: its own PCOs), their logos, the logo of the actor's own space
 * (`/api/space_parameters/logo`) and the public `GET /api/logos/{file}`. `@fastify/multipart` is registered in this
 * plugin's scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import {
  ACTIONS,
  type Action,
  dealerInput,
  dealerUpdate,
  LOGO_MAX_BYTES,
  pcoInput,
  pcoUpdate,
  spaceListQuery,
} from '@isoptera/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { ManagedType } from './spaces.repository.js';
import { SPACES_PATH, type SpacesService } from './spaces.service.js';

const ACCESS: Record<ManagedType, { anyOf: Action[] }> = {
  dealer: { anyOf: [ACTIONS.ADMIN_ACTION] },
  pco: { anyOf: [ACTIONS.ADMIN_ACTION, ACTIONS.DEALER_ACTION] },
};
const BODIES = {
  dealer: { create: dealerInput, update: dealerUpdate },
  pco: { create: pcoInput, update: pcoUpdate },
} as const;
const LABEL: Record<ManagedType, string> = { dealer: 'dealer', pco: 'PCO' };

const spaceParams = z.object({ ulid: z.string().describe('ULID of the space') });

/** Reads the multipart `file` part (null when missing); 415 when the body is not multipart, 400 when malformed. */
function fileReader(request: FastifyRequest): () => Promise<Buffer | null> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', { status: 415 });
  return () => readUploadedFile(request);
}

const LOGO_DESCRIPTION =
  'Multipart field `file`: JPEG, PNG or WebP judged by content (422 `logo_invalid` otherwise), at most 5 MB (413 ' +
  '`payload_too_large`); stored resized to fit 512×512 as WebP and served publicly from `logo`.';

export const spacesRoutes: FastifyPluginAsyncZod<{ service: SpacesService }> = async (app, { service }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });

  for (const type of ['dealer', 'pco'] as const) {
    const base = SPACES_PATH[type];
    const config = { access: ACCESS[type] };
    const tags = ['Spaces'];
    const who =
      type === 'dealer' ? 'Admin action.' : 'Admin action (every PCO) or dealer action (the PCOs of its own dealer).';
    const missing = type === 'dealer' ? 'dealer_not_found' : 'pco_not_found';

    app.get(
      base,
      {
        config,
        schema: {
          tags,
          summary: `The open ${LABEL[type]}s (hydra collection of ManagedSpace, 30 a page, by name)`,
          description: `${who} \`search\` matches the name, ignoring case and accents.`,
          querystring: spaceListQuery,
        },
      },
      async (request) => service.list(requireActor(request), type, request.query, request.url),
    );

    app.post(
      base,
      {
        config,
        schema: {
          tags,
          summary: `Create a ${LABEL[type]} and invite its owner (201 ManagedSpace)`,
          description:
            `${who} The owner receives the invitation mail. Errors: 422 \`email_already_exist\` on \`owner_email\`` +
            (type === 'pco'
              ? '; `dealer_required` / `dealer_invalid` on `dealer` (admin; a dealer gets its own).'
              : '.'),
          body: BODIES[type].create,
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(requireActor(request), type, request.body)),
    );

    app.get(
      `${base}/:ulid`,
      {
        config,
        schema: { tags, summary: `A ${LABEL[type]} (ManagedSpace); 404 \`${missing}\``, params: spaceParams },
      },
      async (request) => service.detail(requireActor(request), type, request.params.ulid),
    );

    app.put(
      `${base}/:ulid`,
      {
        config,
        schema: {
          tags,
          summary: `Edit a ${LABEL[type]}: name, address, ERP ids (200 ManagedSpace)`,
          description: `${who} 404 \`${missing}\`.`,
          params: spaceParams,
          body: BODIES[type].update,
        },
      },
      async (request) => service.update(requireActor(request), type, request.params.ulid, request.body),
    );

    app.post(
      `${base}/:ulid/logo`,
      {
        config,
        schema: {
          tags,
          summary: `Upload the logo of a ${LABEL[type]} (200 ManagedSpace)`,
          description: `${LOGO_DESCRIPTION} 404 \`${missing}\`.`,
          params: spaceParams,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const actor = requireActor(request);
        return service.uploadLogo(actor, type, request.params.ulid, fileReader(request));
      },
    );
  }

  app.post(
    '/api/space_parameters/logo',
    {
      config: { access: { anyOf: [ACTIONS.DEALER_OWNER, ACTIONS.PCO_OWNER] } },
      schema: {
        tags: ['Space settings'],
        summary: 'Upload the logo of the current space (200 {logo})',
        description: `Dealer owner or PCO owner. ${LOGO_DESCRIPTION}`,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return service.uploadOwnLogo(actor, fileReader(request));
    },
  );

  app.get(
    '/api/logos/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Spaces'],
        summary: 'A logo image (image/webp), public: logos appear in e-mails and on activation pages',
        params: z.object({ file: z.string().describe('File name, `<32 hex>.webp`') }),
      },
    },
    async (request, reply) => {
      const image = await service.readLogo(request.params.file);
      if (!image) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image);
    },
  );
};
