/**
 * HTTP of installation pictures: `POST /api/equipment/{ulid}/pictures` (multipart field `file`),
 * `DELETE /api/equipment/{ulid}/pictures/{pictureUlid}` and `GET /api/equipment_pictures/{file}`. `@fastify/multipart`
 * is registered here, in this plugin's scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import { ACTIONS, EQUIPMENT_PICTURE_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { EquipmentPicturesService } from './equipment-pictures.service.js';

const access = { anyOf: [ACTIONS.PCO_ACTION] } as const;
const tags = ['Equipment'];
const equipmentParams = z.object({ ulid: z.string().max(200).describe('ULID of the equipment') });

export const equipmentPicturesRoutes: FastifyPluginAsyncZod<{ pictures: EquipmentPicturesService }> = async (
  app,
  { pictures },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: EQUIPMENT_PICTURE_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  app.post(
    '/api/equipment/:ulid/pictures',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Adds an installation picture to an equipment (multipart field `file`; 201 {ulid, url})',
        description:
          'JPEG, PNG or WebP judged by content (422 `picture_invalid` otherwise), at most 10 MB (413 ' +
          '`payload_too_large`); stored resized to fit 1600×1600 as WebP. 404 `equipment_not_found`.',
        params: equipmentParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const created = await pictures.upload(actor, request.params.ulid, () => readUploadedFile(request));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api/equipment/:ulid/pictures/:pictureUlid',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Deletes an installation picture (204)',
        params: equipmentParams.extend({ pictureUlid: z.string().max(200).describe('ULID of the picture') }),
      },
    },
    async (request, reply) => {
      await pictures.remove(requireActor(request), request.params.ulid, request.params.pictureUlid);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/equipment_pictures/:file',
    {
      config: { access },
      schema: {
        tags,
        summary: 'An installation picture (image/webp), for the members of its space; the URL is in `pictures`',
        params: z.object({ file: z.string().max(200).describe('File name, `<32 hex>.webp`') }),
      },
    },
    async (request, reply) => {
      const image = await pictures.read(requireActor(request), request.params.file);
      if (!image) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image);
    },
  );
};
