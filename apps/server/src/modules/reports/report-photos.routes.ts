/**
 * HTTP of report photos (issue 12 "Photos"): `POST /api/reports/{ulid}/photos` (multipart: the `file` part and the
 * text fields of `reportPhotoFields`; 201, or 200 for a replayed `client_id`), `GET` and `DELETE
 * /api/reports/{ulid}/photos/{photoUlid}`. `@fastify/multipart` is registered here, in this plugin's scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import { reportEndpoints as api, REPORT_PHOTO_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import { readUploadedForm } from '../../platform/http/multipart.js';
import type { ReportPhotosService } from './report-photos.service.js';

/** Registers the photo routes of reports, with `@fastify/multipart` (one file of at most 10 MB, a few fields). */
export async function reportPhotosRoutes(
  app: FastifyInstance,
  { photos }: { photos: ReportPhotosService },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: REPORT_PHOTO_MAX_BYTES,
      files: 1,
      fields: 8,
      parts: 9,
      fieldSize: 1024,
      headerPairs: 100,
    },
  });

  route(app, api.uploadPhoto, async (request, reply) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    const { photo, created } = await photos.upload(actor, request.params.ulid, () => readUploadedForm(request));
    reply.code(created ? 201 : 200);
    return photo;
  });

  route(app, api.getPhoto, async (request, reply) => {
    const image = await photos.read(requireActor(request), request.params.ulid, request.params.photoUlid);
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image);
  });

  route(app, api.removePhoto, (request) =>
    photos.remove(requireActor(request), request.params.ulid, request.params.photoUlid),
  );
}
