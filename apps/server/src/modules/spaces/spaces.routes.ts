/**
 * HTTP of dealer and PCO management (SPEC §2.7 "Dealer and PCO management"): `/api/dealers`, `/api/pcos`, their
 * logos, the logo of the actor's own space (`/api/space_parameters/logo`) and the public `GET /api/logos/{file}`.
 * Each route is registered from its contract (a `PATCH` is the merge-patch twin of its `PUT`); `@fastify/multipart` is
 * registered in this plugin's scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import { spaceEndpoints as api, LOGO_MAX_BYTES, spaceParametersEndpoints } from '@isoptera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { SpacesService } from './spaces.service.js';

/** Reads the multipart `file` part (null when missing); 415 when the body is not multipart, 400 when malformed. */
function fileReader(request: FastifyRequest): () => Promise<Buffer | null> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', { status: 415 });
  return () => readUploadedFile(request);
}

export async function spacesRoutes(app: FastifyInstance, { service }: { service: SpacesService }): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
  });

  route(app, api.listDealers, (request) => service.list(requireActor(request), 'dealer', request.query, request.url));
  route(app, api.createDealer, (request) => service.create(requireActor(request), 'dealer', request.body));
  route(app, api.getDealer, (request) => service.detail(requireActor(request), 'dealer', request.params.ulid));
  const updateDealer: EndpointHandler<typeof api.updateDealer> = (request) =>
    service.update(requireActor(request), 'dealer', request.params.ulid, request.body);
  route(app, api.updateDealer, updateDealer);
  routeMergePatch(
    app,
    api.patchDealer,
    (request) => service.currentBody(requireActor(request), 'dealer', request.params.ulid),
    updateDealer,
  );
  route(app, api.uploadDealerLogo, (request) =>
    service.uploadLogo(requireActor(request), 'dealer', request.params.ulid, fileReader(request)),
  );

  route(app, api.listPcos, (request) => service.list(requireActor(request), 'pco', request.query, request.url));
  route(app, api.createPco, (request) => service.create(requireActor(request), 'pco', request.body));
  route(app, api.getPco, (request) => service.detail(requireActor(request), 'pco', request.params.ulid));
  const updatePco: EndpointHandler<typeof api.updatePco> = (request) =>
    service.update(requireActor(request), 'pco', request.params.ulid, request.body);
  route(app, api.updatePco, updatePco);
  routeMergePatch(
    app,
    api.patchPco,
    (request) => service.currentBody(requireActor(request), 'pco', request.params.ulid),
    updatePco,
  );
  route(app, api.uploadPcoLogo, (request) =>
    service.uploadLogo(requireActor(request), 'pco', request.params.ulid, fileReader(request)),
  );

  route(app, spaceParametersEndpoints.uploadLogo, (request) =>
    service.uploadOwnLogo(requireActor(request), fileReader(request)),
  );

  route(app, api.getLogo, async (request, reply) => {
    const image = await service.readLogo(request.params.file);
    if (!image) throw notFound();
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image);
  });
}
