/**
 * The one error handler (ARCHITECTURE §4): every failure leaves as `application/problem+json`
 * `{"@type":"hydra:Error", title, detail, status, error, violations?}`.
 */
import type { ProblemBody } from '@isoptera/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessage, negotiateLanguage } from '../i18n/messages.js';
import { AppError, type RawViolation } from './app-error.js';

/** The parts of a zod issue (or of a Fastify validation error built from one) that become a violation. */
export interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  message?: string;
  errors?: ZodIssueLike[][];
}

/**
 * Flattens zod issues into violations (`propertyPath` dotted, `code` the issue's message — our schemas' messages are
 * error codes); a failed union reports the branch that got furthest. Also used where a payload is parsed outside a
 * route (the MQTT uplinks).
 */
export function issuesToViolations(issues: ZodIssueLike[], prefix: string[] = []): RawViolation[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...(issue.path ?? []).map(String)];
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const branches = issue.errors.filter(
        (b) => !(b.length === 1 && b[0]?.code === 'invalid_type' && !b[0].path?.length),
      );
      const best = branches.sort((a, b) => a.length - b.length)[0];
      if (best) return issuesToViolations(best, path);
    }
    return [{ propertyPath: path.join('.'), code: issue.message ?? 'value_invalid' }];
  });
}

function problem(request: FastifyRequest, status: number, code: string, violations: RawViolation[] = []): ProblemBody {
  const lang = negotiateLanguage(request.headers['accept-language']);
  const body: ProblemBody = {
    '@type': 'hydra:Error',
    title: errorMessage(lang, String(status)),
    detail: errorMessage(lang, code),
    status,
    error: code,
    request_id: request.id,
  };
  if (violations.length) {
    body.violations = violations.map((v) => ({ ...v, message: errorMessage(lang, v.code) }));
    body.detail = body.violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n');
  }
  return body;
}

/** Sends a problem body with the right content type. */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  violations: RawViolation[] = [],
  extra: Record<string, unknown> = {},
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ ...problem(request, status, code, violations), ...extra });
}

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** Registers the error and not-found handlers on `app`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(request, reply, error.status, error.code, error.violations, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message,
        errors: (v.params as { errors?: ZodIssueLike[][] }).errors,
      }));
      const status = error.validationContext === 'body' ? 422 : 400;
      return sendProblem(
        request,
        reply,
        status,
        status === 422 ? 'validation_failed' : 'bad_request',
        issuesToViolations(issues),
      );
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
    return sendProblem(
      request,
      reply,
      status,
      STATUS_CODES[status] ?? (status === 500 ? 'internal_error' : 'bad_request'),
    );
  });
}
