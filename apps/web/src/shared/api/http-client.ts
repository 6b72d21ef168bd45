/**
 * The HTTP client of the SPA (SPEC §7 headers, §8 "Global request handling"):
 * - every request: cookies included, `Client-Type: webapp`, `Accept-Language`, `Accept: application/ld+json`,
 *   JSON-LD bodies (`application/merge-patch+json` for PATCH);
 * - 404 / 5xx → the Error screen (`/error/404`, `/error/500`) unless the call passes `redirectOnError: false`;
 * - 401/403 while not authenticated → passed back;
 * - 401/403 on the token request or refresh calls, or on a replayed request → logout;
 * - any other 401/403 → one `POST /security/token/refresh` (shared by concurrent calls) and one replay;
 *   a failed refresh while authenticated → logout;
 * - optimistic concurrency (issue 16, docs/decisions/024): the `ETag` of a success answer is remembered with the
 *   object its body was parsed into ({@link entityTagOf}), and an edit form sends it back as `If-Match`
 *   ({@link ifMatch}); a record changed meanwhile answers 412 `edit_conflict`.
 * - `idempotencyKey` (a create, ADR 027) → the `Idempotency-Key` header, the same on the replay after a refresh; a
 *   409 `idempotency_key_in_progress` (the first request of the key still running: a double click, a retry that
 *   overtook its original) is sent again after a pause, up to {@link IN_PROGRESS_RETRIES} times, to get its answer.
 */
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';

export const TOKEN_REQUEST_PATH = '/security/token/request';
export const TOKEN_REFRESH_PATH = '/security/token/refresh';

/** The session as the client sees it (SPEC §4 "Session": unknown, true or false). */
export type AuthState = boolean | 'unknown';

type QueryScalar = string | number | boolean | null | undefined;

/**
 * A query parameter: a scalar, an array (`key[]=a&key[]=b`) or an object of scalars (`order[name]=asc`, OpenAPI's
 * `deepObject`, as the server's `qs` parser reads it).
 */
export type QueryValue = QueryScalar | ReadonlyArray<string | number> | { readonly [key: string]: QueryScalar };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (sent as JSON-LD / merge-patch) or a FormData (multipart). */
  body?: unknown;
  /** Query parameters; arrays are sent as `key[]=a&key[]=b`, objects as `key[sub]=v`; null/undefined/'' are skipped. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `false` keeps 404/5xx answers away from the Error screen (e.g. the invite get-pco call, SPEC §8). */
  redirectOnError?: boolean;
  /** The `Idempotency-Key` of a create (`useIdempotencyKey`): a retry with the same key creates nothing more. */
  idempotencyKey?: string;
}

/** How many times a request whose key is still in progress elsewhere is sent again (every {@link IN_PROGRESS_PAUSE_MS}). */
export const IN_PROGRESS_RETRIES = 10;
/** The pause before sending again a request whose key is still in progress, in ms. */
export const IN_PROGRESS_PAUSE_MS = 300;

export interface HttpClientConfig {
  /** Origin and prefix of the API ('' = same origin). */
  baseUrl: string;
  /** The interface language sent as `Accept-Language`. */
  getLanguage: () => string;
  /** Whether a session is established. */
  getAuthState: () => AuthState;
  /** Ends the session on the client side and goes to Login (SPEC §8). */
  onLogout: () => void | Promise<void>;
  /** Client-side navigation, used for the Error screen. */
  navigate: (to: string) => void;
}

const JSON_TYPES = /\bjson\b|\+json\b/i;

function documentLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'fr';
}

/** Builds `path?query` with the serialisation the API expects. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: QueryScalar) => {
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  };
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else if (typeof value === 'object' && value !== null) {
      for (const [sub, item] of Object.entries(value)) add(`${key}[${sub}]`, item);
    } else add(key, value as QueryScalar);
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (JSON_TYPES.test(response.headers.get('content-type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The `ETag` of each parsed answer body (weakly held: it goes with the object, e.g. out of the query cache). */
const entityTags = new WeakMap<object, string>();

/**
 * The `ETag` the server answered with `body` (the very object a call resolved with, or one it was given to with
 * {@link rememberEntityTag}), or undefined.
 */
export function entityTagOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null ? entityTags.get(body) : undefined;
}

/** Records `tag` as the `ETag` of `body` (e.g. the record embedded in an edit's answer, which carries its tag). */
export function rememberEntityTag(body: unknown, tag: string | undefined): void {
  if (tag !== undefined && typeof body === 'object' && body !== null) entityTags.set(body, tag);
}

/**
 * The `If-Match` header of an edit of what `loaded` showed: its entity tag, or no header when it has none (an edit
 * without a precondition, as before).
 */
export function ifMatch(tag: string | undefined): Record<string, string> {
  return tag ? { 'If-Match': tag } : {};
}

export class HttpClient {
  private config: HttpClientConfig;
  private refreshing: Promise<boolean> | null = null;

  constructor(config: Partial<HttpClientConfig> = {}) {
    this.config = {
      baseUrl: '',
      getLanguage: documentLanguage,
      getAuthState: () => 'unknown',
      onLogout: () => {},
      navigate: (to) => window.location.assign(to),
      ...config,
    };
  }

  /** Replaces parts of the configuration (the app wires navigation, session and logout at start-up). */
  configure(config: Partial<HttpClientConfig>): void {
    this.config = { ...this.config, ...config };
  }

  /** The absolute URL of an API path with the configured base (e.g. for an `EventSource`, which cannot use `fetch`). */
  url(path: string, query?: Record<string, QueryValue>): string {
    return buildUrl(this.config.baseUrl, path, query);
  }

  /** Sends a request with the rules of SPEC §8; resolves with the parsed body, rejects with an `ApiError`. */
  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.send<T>(path, options, false);
  }

  /** `GET path`. */
  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }
  /** `POST path` with a JSON-LD body. */
  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }
  /** `PUT path` with a JSON-LD body. */
  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }
  /** `PATCH path` with a merge-patch body. */
  patch<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PATCH', body });
  }
  /** `DELETE path`. */
  delete<T = void>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  private headers(options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/ld+json',
      'Accept-Language': this.config.getLanguage(),
      'Client-Type': 'webapp',
    };
    if (options.body !== undefined && !(options.body instanceof FormData)) {
      headers['Content-Type'] = options.method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json';
    }
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    return { ...headers, ...options.headers };
  }

  private async send<T>(path: string, options: RequestOptions, retried: boolean, waited = 0): Promise<T> {
    const body =
      options.body === undefined || options.body instanceof FormData ? options.body : JSON.stringify(options.body);
    let response: Response;
    try {
      response = await fetch(buildUrl(this.config.baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        credentials: 'include',
        headers: this.headers(options),
        body: body as BodyInit | undefined,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, { error: 'network_error' });
    }
    const payload = await readBody(response);
    if (response.ok) {
      rememberEntityTag(payload, response.headers.get('etag') ?? undefined);
      return payload as T;
    }

    const error = new ApiError(response.status, payload, response.headers.get('retry-after'));
    if (options.idempotencyKey && error.code === 'idempotency_key_in_progress' && waited < IN_PROGRESS_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_PAUSE_MS));
      return this.send<T>(path, options, retried, waited + 1);
    }
    if (response.status === 401 || response.status === 403) return this.onAuthFailure<T>(path, options, retried, error);
    if ((response.status === 404 || response.status >= 500) && options.redirectOnError !== false) {
      this.config.navigate(`/error/${response.status === 404 ? 404 : 500}`);
    }
    throw error;
  }

  private async onAuthFailure<T>(path: string, options: RequestOptions, retried: boolean, error: ApiError): Promise<T> {
    const auth = this.config.getAuthState();
    if (auth === false) throw error;
    const isTokenCall = path.startsWith(TOKEN_REQUEST_PATH) || path.startsWith(TOKEN_REFRESH_PATH);
    if (isTokenCall || retried) {
      if (auth === true) await this.config.onLogout();
      throw error;
    }
    if (await this.refresh()) return this.send<T>(path, options, true);
    if (auth === true) await this.config.onLogout();
    throw error;
  }

  /** One `POST /security/token/refresh` at a time; concurrent failures wait for the same answer. */
  private refresh(): Promise<boolean> {
    this.refreshing ??= fetch(buildUrl(this.config.baseUrl, TOKEN_REFRESH_PATH), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/ld+json', 'Accept-Language': this.config.getLanguage(), 'Client-Type': 'webapp' },
    })
      .then(async (response) => {
        await response.body?.cancel();
        return response.ok;
      })
      .catch(() => false)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }
}

/** The client used by every feature (`http.get('/api/clients')`); configured in `app/providers.tsx`. */
export const http = new HttpClient();

/** Wires navigation, session state and logout into the shared client (called once at start-up). */
export function configureHttpClient(config: Partial<HttpClientConfig>): void {
  http.configure(config);
}
