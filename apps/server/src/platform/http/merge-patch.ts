/**
 * `PATCH` as the merge-patch twin of a `PUT` (SPEC §7 "patches use merge-patch", RFC 7396, ADR 009). A module
 * declares the twin in its contracts (`defineMergePatchOf(put, {operationId, summary})`) and registers it with
 * `routeMergePatch(app, twin, current, putHandler)`:
 *
 * 1. `current(request)` loads the resource's current `PUT` body (in the actor's space: another space's record throws
 *    its 404, as the `PUT` would);
 * 2. the request body (any JSON object, `application/merge-patch+json`) is applied to it by RFC 7396;
 * 3. the result is validated with the `PUT` body schema: a 422 carries exactly the violations the `PUT` would;
 * 4. the `PUT`'s own handler runs with the validated body, and its answer is the `PATCH`'s.
 */
import type { EndpointBodyInput, EndpointDefinition, PutEndpoint } from '@isoptera/contracts';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../errors/app-error.js';
import { issuesToViolations } from '../errors/error-handler.js';
import { type EndpointHandler, type EndpointRequest, route } from './endpoint-route.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * RFC 7396 §2 MergePatch(target, patch): an object patch changes the members it names — `null` removes one, an object
 * patches it recursively, anything else replaces it — and leaves the others; a patch that is no object replaces the
 * whole target. Neither argument is modified.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__') continue;
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

/** A `PATCH` descriptor made by `defineMergePatchOf`. */
export type MergePatchTwin = EndpointDefinition & { method: 'PATCH'; mergePatchOf: PutEndpoint };

/**
 * Registers the merge-patch twin `patch` of a `PUT` endpoint (see the module's doc): `current` loads the resource's
 * `PUT` body as it stands, `update` is the handler the `PUT` is registered with.
 */
export function routeMergePatch<P extends MergePatchTwin>(
  app: FastifyInstance,
  patch: P,
  current: (request: EndpointRequest<P>) => Promise<EndpointBodyInput<P['mergePatchOf']>>,
  update: EndpointHandler<P['mergePatchOf']>,
): void {
  const put = patch.mergePatchOf;
  const handler: EndpointHandler<MergePatchTwin> = async (request, reply) => {
    const base = await current(request as EndpointRequest<P>);
    const result = await put.body.safeParseAsync(applyMergePatch(base, request.body));
    if (!result.success) throw validationFailed(...issuesToViolations(result.error.issues));
    (request as { body: unknown }).body = result.data;
    return update(request as unknown as EndpointRequest<P['mergePatchOf']>, reply) as never;
  };
  route(app, patch as MergePatchTwin, handler);
}
