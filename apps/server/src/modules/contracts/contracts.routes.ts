/**
 * HTTP of service contracts (issue 13; docs/decisions/013): each route registered from its contract; the `PATCH` is
 * the merge-patch twin of the `PUT`. The signed PDF goes through `@fastify/multipart`, registered in this scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import { contractEndpoints as api, CONTRACT_DOCUMENT_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { answerTagged, ifMatchOf } from '../../platform/http/entity-tag.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { ContractsService } from './contracts.service.js';

/** Registers the contract routes. */
export async function contractsRoutes(app: FastifyInstance, { service }: { service: ContractsService }): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: CONTRACT_DOCUMENT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
  });
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.dueVisits, (request) => service.dueVisits(requireActor(request), request.url));
  route(app, api.get, (request, reply) => answerTagged(reply, service.get(requireActor(request), request.params.ulid)));
  route(app, api.create, async (request, reply) => {
    const contract = await service.create(requireActor(request), request.body);
    reply.code(201);
    return contract;
  });
  const update: EndpointHandler<typeof api.update> = (request, reply) =>
    answerTagged(reply, service.update(requireActor(request), request.params.ulid, request.body, ifMatchOf(request)));
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.current(requireActor(request), request.params.ulid), update);
  route(app, api.remove, async (request, reply) => {
    await service.remove(requireActor(request), request.params.ulid);
    return reply.code(204).send();
  });
  route(app, api.end, (request) => service.end(requireActor(request), request.params.ulid, request.body.ended_at));
  route(app, api.uploadDocument, async (request, reply) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    const answer = await service.uploadDocument(actor, request.params.ulid, await readUploadedFile(request));
    reply.code(201);
    return answer;
  });
  route(app, api.getDocument, async (request, reply) => {
    const { bytes, filename } = await service.readDocument(requireActor(request), request.params.ulid);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(bytes);
  });
  route(app, api.removeDocument, async (request, reply) => {
    await service.removeDocument(requireActor(request), request.params.ulid);
    return reply.code(204).send();
  });
}
