/**
 * HTTP of visit reports (issue 12; SPEC §2.7 "Reports"): each route registered from its contract; the `PATCH` is the
 * merge-patch twin of the `PUT`; the PDF is answered as `application/pdf`. Photos: report-photos.routes.ts.
 */
import { reportEndpoints as api } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth/actor.js';
import { type EndpointHandler, route } from '../../platform/http/endpoint-route.js';
import { answerTagged, ifMatchOf } from '../../platform/http/entity-tag.js';
import { routeMergePatch } from '../../platform/http/merge-patch.js';
import type { ReportLifecycleService } from './report-lifecycle.service.js';
import type { ReportsService } from './reports.service.js';

/** `Content-Disposition` offering `filename`: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Registers the report routes but photos: lists, item, edit and merge patch, PDF, moves, record the visit. */
export async function reportsRoutes(
  app: FastifyInstance,
  { service, lifecycle }: { service: ReportsService; lifecycle: ReportLifecycleService },
): Promise<void> {
  route(app, api.list, (request) => service.list(requireActor(request), request.query, request.url));
  route(app, api.get, (request, reply) => answerTagged(reply, service.get(requireActor(request), request.params.ulid)));
  const update: EndpointHandler<typeof api.update> = (request, reply) =>
    answerTagged(reply, service.update(requireActor(request), request.params.ulid, request.body, ifMatchOf(request)));
  route(app, api.update, update);
  routeMergePatch(app, api.patch, (request) => service.current(requireActor(request), request.params.ulid), update);

  route(app, api.pdf, async (request, reply) => {
    const { pdf, filename } = await lifecycle.pdf(requireActor(request), request.params.ulid);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', contentDisposition('inline', filename))
      .send(pdf);
  });

  route(app, api.send, (request) =>
    lifecycle.send(requireActor(request), request.params.ulid, request.body.recipients),
  );
  route(app, api.resend, (request) =>
    lifecycle.resend(requireActor(request), request.params.ulid, request.body?.recipients),
  );
  route(app, api.discard, (request) =>
    lifecycle.discard(requireActor(request), request.params.ulid, request.body.reason),
  );
  route(app, api.reopen, (request) => lifecycle.reopen(requireActor(request), request.params.ulid));
  route(app, api.recordVisit, (request) => lifecycle.recordVisit(requireActor(request), request.params.id));
}
