/**
 * HTTP of avatars: `POST {users}/{ulid}/avatar` (multipart, field `file`) for each user type, and
 * `GET /api/avatars/{file}` for any signed-in person. `@fastify/multipart` is registered here, in this plugin's
 * scope only: no other route of the application accepts multipart bodies through it.
 */
import fastifyMultipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, USER_TYPES, USERS_PATH } from '@isoptera/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { AvatarsService } from './avatars.service.js';
import { USERS_ACTION } from './users.routes.js';

const memberParams = z.object({ ulid: z.string().describe('ULID of the membership (the member "user")') });

export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (app, { avatars }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });

  for (const type of USER_TYPES) {
    app.post(
      `${USERS_PATH[type]}/:ulid/avatar`,
      {
        config: { access: { anyOf: [USERS_ACTION[type]] } },
        schema: {
          tags: ['Users'],
          summary: "Upload a member's avatar (multipart field `file`; 200 SpaceUser)",
          description:
            'JPEG, PNG or WebP judged by content (422 `avatar_invalid` otherwise), at most 5 MB (413 ' +
            '`payload_too_large`); stored resized to fit 256×256 as WebP, served from `avatar`.',
          params: memberParams,
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        const actor = requireActor(request);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', { status: 415 });
        return avatars.upload(actor, request.params.ulid, () => readUploadedFile(request));
      },
    );
  }

  app.get(
    '/api/avatars/:file',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['Users'],
        summary: 'An avatar image (image/webp); the URL is the `avatar` of a member',
        params: z.object({ file: z.string().describe('File name, `<32 hex>.webp`') }),
      },
    },
    async (request, reply) => {
      const image = await avatars.read(request.params.file);
      if (!image) throw notFound();
      return reply
        .type('image/webp')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image);
    },
  );
};
