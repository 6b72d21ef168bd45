/**
 * HTTP of avatars: `POST {users}/{ulid}/avatar` (multipart, field `file`) for each user type, and
 * `GET /api/avatars/{file}` for any signed-in person, registered from their contracts (`userEndpoints`).
 * `@fastify/multipart` is registered here, in this plugin's scope only: no other route of the application accepts
 * multipart bodies through it.
 */
import fastifyMultipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, USER_TYPES, userEndpoints } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { AvatarsService } from './avatars.service.js';

export async function avatarsRoutes(app: FastifyInstance, { avatars }: { avatars: AvatarsService }): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });

  for (const type of USER_TYPES) {
    route(app, userEndpoints[type].uploadAvatar, async (request) => {
      const actor = requireActor(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', { status: 415 });
      return avatars.upload(actor, request.params.ulid, () => readUploadedFile(request));
    });
  }

  route(app, userEndpoints.avatar, async (request, reply) => {
    const image = await avatars.read(request.params.file);
    if (!image) throw notFound();
    return reply
      .type('image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image);
  });
}
