// @vitest-environment node
/** SPEC §8 "Global request handling" against a real node:http server (no mocked fetch). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, sendProblem, startTestServer, type TestHandler, type TestServer } from '../../test/test-server';
import { ApiError } from './api-error';
import { type AuthState, entityTagOf, HttpClient, ifMatch } from './http-client';

let server: TestServer;
let handler: TestHandler;
let auth: AuthState;
let client: HttpClient;
const onLogout = vi.fn();
const navigate = vi.fn();

beforeEach(async () => {
  server = await startTestServer((request, response) => handler(request, response));
  auth = true;
  onLogout.mockReset();
  navigate.mockReset();
  client = new HttpClient({
    baseUrl: server.url,
    getLanguage: () => 'ja',
    getAuthState: () => auth,
    onLogout: () => {
      onLogout();
      auth = false;
    },
    navigate,
  });
});

afterEach(async () => {
  await server.close();
});

const calls = () => server.requests.map((r) => `${r.method} ${r.url}`);

/** A server whose access token is "expired" until a refresh succeeds. */
function expiringSession(refreshStatus = 200) {
  let fresh = false;
  return ((request, response) => {
    if (request.url === '/security/token/refresh') {
      fresh = refreshStatus === 200;
      return sendJson(
        response,
        refreshStatus === 200 ? 204 : refreshStatus,
        refreshStatus === 200 ? undefined : { error: 'invalid_refresh_token' },
      );
    }
    if (!fresh) return sendProblem(response, 401, 'token_expired');
    return sendJson(response, 200, { ok: true, url: request.url });
  }) satisfies TestHandler;
}

describe('headers and bodies (SPEC §7)', () => {
  it('sends Client-Type, Accept-Language, Accept and JSON-LD bodies', async () => {
    handler = (_request, response) => sendJson(response, 201, { created: true });
    await client.post('/api/things', { name: 'a' });
    const [request] = server.requests;
    expect(request?.headers['client-type']).toBe('webapp');
    expect(request?.headers['accept-language']).toBe('ja');
    expect(request?.headers.accept).toBe('application/ld+json');
    expect(request?.headers['content-type']).toBe('application/ld+json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'a' });
  });

  it('uses merge-patch for PATCH and serialises query arrays and objects', async () => {
    handler = (_request, response) => sendJson(response, 200, {});
    await client.patch(
      '/api/things/1',
      { name: 'b' },
      { query: { page: 2, users: ['x', 'y'], empty: '', no: undefined, order: { name: 'desc', none: undefined } } },
    );
    expect(server.requests[0]?.headers['content-type']).toBe('application/merge-patch+json');
    expect(decodeURIComponent(server.requests[0]?.url ?? '')).toBe(
      '/api/things/1?page=2&users[]=x&users[]=y&order[name]=desc',
    );
  });

  it('resolves undefined on 204 and parses JSON answers', async () => {
    handler = (request, response) =>
      request.method === 'DELETE' ? sendJson(response, 204, null) : sendJson(response, 200, { a: 1 });
    await expect(client.delete('/api/things/1')).resolves.toBeUndefined();
    await expect(client.get('/api/things/1')).resolves.toEqual({ a: 1 });
  });
});

describe('errors (problem+json)', () => {
  it('parses status, code and violations', async () => {
    handler = (_request, response) =>
      sendProblem(response, 422, 'validation_failed', [
        { propertyPath: 'contact.phone', message: 'x', code: 'phone_invalid' },
      ]);
    const error = await client.post('/api/client_contacts', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect((error as ApiError).fieldErrors()).toEqual({ 'contact.phone': 'phone_invalid' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends 404 and 500 to the Error screen', async () => {
    handler = (request, response) => sendProblem(response, request.url === '/api/missing' ? 404 : 500, 'x');
    await expect(client.get('/api/missing')).rejects.toMatchObject({ status: 404 });
    await expect(client.get('/api/broken')).rejects.toMatchObject({ status: 500 });
    expect(navigate.mock.calls).toEqual([['/error/404'], ['/error/500']]);
  });

  it('keeps the user on the page when the call opts out of the redirect', async () => {
    handler = (_request, response) => sendProblem(response, 404, 'pco_not_found');
    await expect(client.get('/api/invite_pcos/get-pco/t', { redirectOnError: false })).rejects.toMatchObject({
      status: 404,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as status 0', async () => {
    const url = server.url;
    await server.close();
    server = await startTestServer((_q, r) => sendJson(r, 200, {}));
    const offline = new HttpClient({ baseUrl: url, getAuthState: () => true, navigate });
    await expect(offline.get('/api/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('refresh and replay (SPEC §8)', () => {
  it('refreshes once and replays a request that failed with 401', async () => {
    handler = expiringSession();
    await expect(client.get('/api/clients')).resolves.toEqual({ ok: true, url: '/api/clients' });
    expect(calls()).toEqual(['GET /api/clients', 'POST /security/token/refresh', 'GET /api/clients']);
    expect(server.requests[1]?.headers['client-type']).toBe('webapp');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('replays the body of a write', async () => {
    handler = expiringSession();
    await client.put('/api/things/1', { name: 'kept' });
    expect(server.requests[2]?.body).toBe('{"name":"kept"}');
  });

  it('treats 403 like 401', async () => {
    let refreshed = false;
    handler = (request, response) => {
      if (request.url === '/security/token/refresh') {
        refreshed = true;
        return sendJson(response, 204, null);
      }
      return refreshed ? sendJson(response, 200, { ok: 1 }) : sendProblem(response, 403, 'forbidden');
    };
    await expect(client.get('/api/x')).resolves.toEqual({ ok: 1 });
    expect(calls()).toHaveLength(3);
  });

  it('shares one refresh between concurrent failures', async () => {
    handler = expiringSession();
    await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(calls().filter((c) => c === 'POST /security/token/refresh')).toHaveLength(1);
    expect(calls().filter((c) => c.startsWith('GET'))).toHaveLength(6);
  });

  it('logs out when the refresh fails while authenticated', async () => {
    handler = expiringSession(401);
    await expect(client.get('/api/clients')).rejects.toMatchObject({ status: 401, code: 'token_expired' });
    expect(calls()).toEqual(['GET /api/clients', 'POST /security/token/refresh']);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out when the replayed request fails again', async () => {
    handler = (request, response) =>
      request.url === '/security/token/refresh'
        ? sendJson(response, 204, null)
        : sendProblem(response, 401, 'unauthorized');
    await expect(client.get('/api/clients')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /api/clients', 'POST /security/token/refresh', 'GET /api/clients']);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out on a 401 of the token calls themselves, without refreshing', async () => {
    handler = (_request, response) => sendProblem(response, 401, 'invalid_refresh_token');
    await expect(client.post('/security/token/refresh')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['POST /security/token/refresh']);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('passes a 401 back when not authenticated (e.g. wrong credentials at login)', async () => {
    auth = false;
    handler = (_request, response) => sendProblem(response, 401, 'invalid_credentials');
    const error = await client
      .post('/security/token/request', { email: 'a@b.c', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(calls()).toEqual(['POST /security/token/request']);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('while the session is unknown, refreshes but does not log out on failure', async () => {
    auth = 'unknown';
    handler = expiringSession(401);
    await expect(client.get('/api/me')).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /api/me', 'POST /security/token/refresh']);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('while the session is unknown, a valid refresh cookie restores it', async () => {
    auth = 'unknown';
    handler = expiringSession(200);
    await expect(client.get('/api/me')).resolves.toMatchObject({ ok: true });
  });
});

describe('entity tags (issue 16, optimistic concurrency)', () => {
  it('remembers the ETag of a success answer with the body it resolved with, and sends it back as If-Match', async () => {
    handler = (request, response) => {
      if (request.method === 'GET') {
        response.writeHead(200, { 'Content-Type': 'application/ld+json', ETag: '"v7"' }).end('{"name":"SCI"}');
        return;
      }
      if (request.headers['if-match'] !== '"v7"') return sendProblem(response, 412, 'edit_conflict');
      sendJson(response, 200, { name: 'SCI 2' });
    };
    const body = await client.get<object>('/api/clients/C1');
    expect(entityTagOf(body)).toBe('"v7"');
    expect(entityTagOf({ name: 'SCI' })).toBeUndefined();
    expect(ifMatch(undefined)).toEqual({});

    await client.put('/api/client_contacts/L1', { name: 'SCI 2' }, { headers: ifMatch(entityTagOf(body)) });
    expect(server.requests.at(-1)?.headers['if-match']).toBe('"v7"');
    const refused = await client
      .put('/api/client_contacts/L1', { name: 'SCI 3' }, { headers: ifMatch('"v6"') })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(412);
    expect((refused as ApiError).code).toBe('edit_conflict');
  });
});
