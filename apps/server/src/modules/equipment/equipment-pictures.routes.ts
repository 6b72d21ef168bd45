/**
 * HTTP of installation pictures: `POST /api/equipment/{ulid}/pictures` (multipart field `file`),
 * `DELETE /api/equipment/{ulid}/pictures/{pictureUlid}` and `GET /api/equipment_pictures/{file}`, each registered from
 * its contract. `@fastify/multipart` is registered here, in this plugin's scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import { equipmentEndpoints as api, EQUIPMENT_PICTURE_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { EquipmentPicturesService } from './equipment-pictures.service.js';

export async function equipmentPicturesRoutes(
  app: FastifyInstance,
  { pictures }: { pictures: EquipmentPicturesService },
): Promise<void> {
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

  route(app, api.uploadPicture, async (request) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    return pictures.upload(actor, request.params.ulid, () => readUploadedFile(request));
  });

  route(app, api.removePicture, (request) =>
    pictures.remove(requireActor(request), request.params.ulid, request.params.pictureUlid),
  );

  route(app, api.getPicture, async (request, reply) => {
    const image = await pictures.read(requireActor(request), request.params.file);
    if (!image) throw notFound();
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image);
  });
}
