/**
 * Contract-first endpoints (ADR 008): every HTTP endpoint of the API is defined once, here in `packages/contracts`,
 * by `defineEndpoint({...})` — method, path, access, path parameters, query, body and the zod schema of every
 * response — and the server route (validation, serialisation), the OpenAPI document and the web client's types all
 * come from that one definition.
 *
 * Paths are written the Fastify way (`/api/clients/:id`); OpenAPI shows them as `/api/clients/{id}`.
 */
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import type { RouteAccess } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Media type of the API's resources (SPEC §7: bodies are JSON-LD). */
export const JSON_LD = 'application/ld+json';
/** Media type of every error answer. */
export const PROBLEM_JSON = 'application/problem+json';
/** Media type of a partial update (`PATCH`). */
export const MERGE_PATCH_JSON = 'application/merge-patch+json';

/** One field error of a 422 (or 400) answer: `propertyPath` in dotted form, `code` an error code, `message` translated. */
export const violationSchema = z
  .object({
    propertyPath: z.string(),
    message: z.string(),
    code: z.string(),
  })
  .meta({ id: 'ConstraintViolation' });

/**
 * The problem+json body of every error (ARCHITECTURE §4, SPEC §8): `error` is the code the UI translates. Some errors
 * carry extra members (e.g. `nb_referent_site`), which is why unknown keys are kept.
 */
export const problemSchema = z
  .looseObject({
    '@type': z.literal('hydra:Error'),
    title: z.string(),
    detail: z.string(),
    status: z.number().int(),
    error: z.string().describe('Error code (SPEC §8), translated by clients from `errors.<code>`'),
    violations: z.array(violationSchema).optional(),
    request_id: z.string().optional().describe('The request id (`X-Request-Id`), as in the server logs'),
  })
  .meta({ id: 'Problem' });

/** A success answer: the schema of its body, or `null` for an answer without a body (204). */
export type ResponseSchema = z.ZodType | null;

/** What the descriptor of an endpoint holds. */
export interface EndpointDefinition {
  /** Stable, unique, camelCase: what generated clients name the call (`listClients`). */
  operationId: string;
  method: HttpMethod;
  /** Fastify-style path with `:param` segments. */
  path: string;
  /** OpenAPI tags (the API reference's sections). */
  tags: readonly string[];
  summary: string;
  description?: string;
  /** Who may call it (SPEC §6): `public`, `authenticated`, or any of the named actions. */
  access: RouteAccess;
  /**
   * How a non-public caller authenticates: a user's token (cookie or bearer, default), a gateway's credential, or a
   * field (mobile app) bearer token only (docs/decisions/011).
   */
  auth?: 'user' | 'device' | 'field';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Media types of the body; default JSON-LD and JSON (plus merge-patch for `PATCH`). */
  consumes?: readonly string[];
  /** Media types of the success body; default JSON-LD. */
  produces?: readonly string[];
  /** The success answers by status: the first one is the default status of the route. */
  responses: Readonly<Record<number, ResponseSchema>>;
  /** The domain error codes it may answer, besides the generic ones (400/401/403/422 …), documented by status. */
  errors?: readonly ErrorCode[];
  /**
   * On a `PATCH`: the `PUT` endpoint it is the merge-patch twin of (`defineMergePatchOf`, RFC 7396). The server
   * applies the patch to the resource's current `PUT` body, validates the result with that endpoint's body schema
   * and runs its handler, so both answer alike.
   */
  mergePatchOf?: EndpointDefinition;
  /**
   * Optimistic concurrency (issue 16, docs/decisions/024): `answers` — the success answer carries the record's strong
   * `ETag` (a `GET`); `checks` — the edit honours `If-Match` (412 `edit_conflict` when the record changed since that
   * tag was read; no `If-Match`, or `*`, edits unconditionally) and its success answer carries the new `ETag`. A
   * merge-patch twin inherits its `PUT`'s.
   */
  entityTag?: 'answers' | 'checks';
  /**
   * A create that accepts an `Idempotency-Key` header (issue 16; IETF draft "The Idempotency-Key HTTP Header Field";
   * ADR 027): the first answer of a key, for the actor's membership and this endpoint, is stored 24 hours and replayed
   * (with `Idempotent-Replayed: true`) to a retry of the same request; the same key with another body answers 422
   * `idempotency_key_reused`, a retry while the first request runs 409 `idempotency_key_in_progress`. A failed answer
   * (4xx, 5xx) is not kept. Without the header the request runs as usual.
   */
  idempotent?: boolean;
}

/** The request header of an idempotent create (lower case, as Node.js gives headers). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The header of an answer replayed from the idempotency store. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** The longest `Idempotency-Key`, in characters (400 `idempotency_key_invalid` beyond). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** How long a stored answer is replayed, in hours (older keys are forgotten and swept). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** Declares an endpoint; the literal types are kept so that requests and answers are typed from the schemas. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The parsed path parameters of an endpoint. */
export type EndpointParams<E extends EndpointDefinition> = Parsed<E['params']>;
/** The parsed query of an endpoint (what the server reads). */
export type EndpointQuery<E extends EndpointDefinition> = Parsed<E['query']>;
/** The query as a client sends it. */
export type EndpointQueryInput<E extends EndpointDefinition> = Sent<E['query']>;
/** The parsed body of an endpoint (what the server reads). */
export type EndpointBody<E extends EndpointDefinition> = Parsed<E['body']>;
/** The body as a client sends it. */
export type EndpointBodyInput<E extends EndpointDefinition> = Sent<E['body']>;

type SuccessBodies<R> = {
  [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : undefined | void;
}[keyof R];

/** The body of any success answer of an endpoint (`undefined` for 204). */
export type EndpointResponse<E extends EndpointDefinition> = SuccessBodies<E['responses']>;

/** The success statuses of an endpoint, in the order declared. */
export function successStatuses(endpoint: EndpointDefinition): number[] {
  return Object.keys(endpoint.responses)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The status a route answers when its handler does not choose one: the lowest success status declared. */
export function defaultStatus(endpoint: EndpointDefinition): number {
  return successStatuses(endpoint)[0] ?? 200;
}

/**
 * The error statuses an endpoint can answer, each with the codes behind it: the generic ones that follow from its
 * declaration (a body → 422, a query → 400, path parameters → 404, a non-public route → 401/403, a cookie-authenticated
 * write → 400 `client_type_required`, a merge-patch twin → 415 `merge_patch_required`, an edit checking `If-Match` →
 * 412 `edit_conflict`, an idempotent create → 400/409/422 `idempotency_key_…`) and its domain `errors`.
 */
export function errorStatuses(endpoint: EndpointDefinition): Map<number, string[]> {
  const statuses = new Map<number, string[]>();
  const add = (code: ErrorCode) => {
    const status = ERROR_STATUS[code];
    const codes = statuses.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    statuses.set(status, codes);
  };
  if (endpoint.query || endpoint.params) add('bad_request');
  if (
    endpoint.method !== 'GET' &&
    endpoint.access !== 'public' &&
    endpoint.auth !== 'device' &&
    endpoint.auth !== 'field'
  ) {
    add('client_type_required');
  }
  if (endpoint.body) add('validation_failed');
  if (endpoint.mergePatchOf) add('merge_patch_required');
  if (endpoint.access !== 'public') add('unauthorized');
  if (typeof endpoint.access === 'object') add('forbidden');
  if (endpoint.params) add('not_found');
  if (endpoint.entityTag === 'checks') add('edit_conflict');
  if (endpoint.idempotent) {
    add('idempotency_key_invalid');
    add('idempotency_key_reused');
    add('idempotency_key_in_progress');
  }
  for (const code of endpoint.errors ?? []) add(code);
  return new Map([...statuses.entries()].sort(([a], [b]) => a - b));
}

/** The path of an endpoint with its parameters filled in (each value URI-encoded). */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}
