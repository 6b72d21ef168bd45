/**
 * Access logs (issue 11): one line per request — `request completed` with the request, the status and the response
 * time in ms — at `info` for the API (`/api`, `/security`, `/healthz`, `/uploads`), at `debug` for the SPA and its
 * static assets, which a page load fetches by dozens; `error` when the answer failed. Fastify's own `incoming
 * request` line is dropped (it doubled every request). Given to Fastify as its `logController`.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { isApiPath } from './api-paths.js';

/** Fastify's request logging, one line per request, its level chosen by the path. */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isApiPath(request.url)) reply.log.info(line, 'request completed');
    else reply.log.debug(line, 'request completed');
  }
}
