/**
 * HTTP of the client import (issue 13; docs/decisions/012): every route from its contract
 * (`clientImportEndpoints`). `@fastify/multipart` is registered here, in this plugin's scope only: one file of at
 * most 10 MB (413 beyond).
 */
import fastifyMultipart from '@fastify/multipart';
import { clientImportEndpoints as api, IMPORT_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import type { ClientImportsService } from './client-imports.service.js';

/** The file part `file` of the request with its name, or null; 400 `multipart_invalid` for a malformed body. */
async function readImportUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string } | null> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        return { bytes: await part.toBuffer(), fileName: part.filename || 'import.csv' };
      }
      if (part.type === 'file') await part.toBuffer();
    }
    return null;
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: unknown } | null)?.statusCode === 413) throw error;
    request.log.debug({ err: error }, 'malformed multipart body');
    throw new AppError('multipart_invalid', { status: 400 });
  }
}

export async function clientImportsRoutes(
  app: FastifyInstance,
  { service }: { service: ClientImportsService },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  route(app, api.upload, async (request) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    return service.upload(actor, await readImportUpload(request));
  });
  route(app, api.list, (request) => service.list(requireActor(request)));
  route(app, api.get, (request) => service.get(requireActor(request), request.params.ulid));
  route(app, api.update, (request) => service.update(requireActor(request), request.params.ulid, request.body));
  route(app, api.start, (request) => service.start(requireActor(request), request.params.ulid));
  route(app, api.refused, async (request, reply) => {
    const csv = await service.refusedCsv(requireActor(request), request.params.ulid);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="refused-${request.params.ulid}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  route(app, api.undo, (request) => service.undo(requireActor(request), request.params.ulid));
  route(app, api.template, (request, reply) => {
    const actor = requireActor(request);
    const lang = request.query.lang ?? actor.lang;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="clients-template-${lang}.csv"`)
      .send(service.template(lang));
  });
}
