/**
 * HTTP of the translation tool (issue 14; docs/decisions/014): every route from its contract
 * (`translationEndpoints`). `@fastify/multipart` is registered in this plugin's scope only, for the import: one file
 * of at most 5 MB (413 beyond). The published texts answer an `ETag` of their version (304 on `If-None-Match`).
 */
import fastifyMultipart from '@fastify/multipart';
import { translationEndpoints as api, TRANSLATION_FILE_MAX_BYTES } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { AppError, validationFailed } from '../../platform/errors/app-error.js';
import { route } from '../../platform/http/endpoint-route.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import { readTranslationFile, TranslationFileError, writeTranslationFile } from './translation-files.js';
import { englishOf } from './translations.catalog.js';
import type { TranslationsService } from './translations.service.js';

/** Registers the translation tool's routes. */
export async function translationsRoutes(
  app: FastifyInstance,
  { service }: { service: TranslationsService },
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: TRANSLATION_FILE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  route(app, api.keys, (request) => service.keys(requireActor(request), request.query, request.url));
  route(app, api.languages, (request) => service.languages(request.url));
  route(app, api.addLanguage, async (request, reply) => {
    const created = await service.addLanguage(requireActor(request), request.body.code, '/api/translations/languages');
    return reply.code(201).send(created);
  });
  route(app, api.removeLanguage, async (request, reply) => {
    await service.removeLanguage(request.params.language);
    return reply.code(204).send();
  });
  route(app, api.setOverride, (request) => {
    const { language, namespace, key } = request.params;
    return service.setOverride(requireActor(request), language, namespace, key, request.body.value);
  });
  route(app, api.removeOverride, (request) => {
    const { language, namespace, key } = request.params;
    return service.removeOverride(requireActor(request), language, namespace, key);
  });
  route(app, api.publish, (request) => service.publish(requireActor(request)));
  route(app, api.version, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return service.version();
  });
  route(app, api.published, async (request, reply) => {
    const texts = await service.published(request.params.language, request.params.namespace);
    const etag = `"v${texts.version}"`;
    reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(texts);
  });
  route(app, api.importFile, async (request) => {
    const actor = requireActor(request);
    if (!request.isMultipart()) throw new AppError('unsupported_media_type');
    const bytes = await readUploadedFile(request);
    if (!bytes || bytes.length === 0) throw validationFailed({ propertyPath: 'file', code: 'type_file_not_found' });
    const languages = (await service.languages('/api/translations/languages'))['hydra:member'].map((l) => l.code);
    let parsed: Awaited<ReturnType<typeof readTranslationFile>>;
    try {
      parsed = await readTranslationFile(bytes, {
        language: request.query.language,
        namespace: request.query.namespace,
        languages,
      });
    } catch (error) {
      if (error instanceof TranslationFileError) {
        throw validationFailed({ propertyPath: error.field, code: error.code });
      }
      throw error;
    }
    return service.importTexts(actor, parsed, {
      apply: request.query.dry_run === 'false',
      excludeConflicts: request.query.exclude_conflicts === 'true',
    });
  });
  route(app, api.exportFile, async (request, reply) => {
    const { format, language, namespace } = request.query;
    if (!language && format !== 'zip' && format !== 'xlsx') throw new AppError('language_required');
    const { languages, texts } = await service.textsInForce(language ? [language] : undefined, namespace);
    const file = await writeTranslationFile(format, texts, languages, (ns, key) => englishOf(ns, key) ?? '', namespace);
    return reply
      .type(file.type)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
