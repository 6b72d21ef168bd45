/**
 * Calls an API endpoint typed by its contract (ADR 008): `callEndpoint(clientEndpoints.get, {params: {id}})` resolves
 * with the endpoint's success body as its zod schema types it, and type-checks the path parameters, the query and the
 * body against the same definition the server registers.
 *
 * The endpoint argument only needs `method` and `path`: a screen of the shell that must stay free of zod passes the
 * literal pair with the definition as a type argument, e.g.
 * `callEndpoint<typeof meEndpoints.get>({ method: 'GET', path: '/api/me' })` with `import type { meEndpoints }`.
 */
import type { EndpointBodyInput, EndpointDefinition, EndpointQueryInput, EndpointResponse } from '@isoptera/contracts';
import { http, type QueryValue, type RequestOptions } from './http-client';

type ParamsOf<E extends EndpointDefinition> = E['params'] extends { _zod: { input: infer P } } ? P : undefined;

/** What a call sends: the path parameters, query and body its endpoint declares, plus the client's options. */
export type EndpointCallInput<E extends EndpointDefinition> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (EndpointQueryInput<E> extends undefined ? { query?: undefined } : { query?: EndpointQueryInput<E> }) &
  (EndpointBodyInput<E> extends undefined ? { body?: FormData } : { body: EndpointBodyInput<E> | FormData }) &
  Pick<RequestOptions, 'signal' | 'redirectOnError' | 'headers' | 'idempotencyKey'>;

/** The path of `path` with its `:name` segments replaced by the URI-encoded `params`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Sends the request of `endpoint` (SPEC §8 rules of the HTTP client apply) and resolves with its success body. */
export function callEndpoint<E extends EndpointDefinition>(
  endpoint: E | Pick<E, 'method' | 'path'>,
  ...[input]: EndpointCallInput<E> extends { params: unknown } | { body: unknown }
    ? [EndpointCallInput<E>]
    : [EndpointCallInput<E>?]
): Promise<EndpointResponse<E>> {
  const { params, query, body, ...options } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & Pick<RequestOptions, 'signal' | 'redirectOnError' | 'headers' | 'idempotencyKey'>;
  return http.request<EndpointResponse<E>>(fillPath(endpoint.path, params), {
    ...options,
    method: endpoint.method,
    query,
    body,
  });
}
