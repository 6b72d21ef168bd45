// @vitest-environment node
/**
 * Issue 16 / ADR 027 on the client: a create sends `Idempotency-Key`; the same form submitting the same body again (a
 * double click, a retry after a network error) sends the same key, a corrected body or the next record a new one; a
 * 409 `idempotency_key_in_progress` is sent again until the first request's answer comes back. Against a real
 * node:http server (no mocked fetch).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, sendProblem, startTestServer, type TestHandler, type TestServer } from '../../test/test-server';
import { ApiError } from './api-error';
import { HttpClient } from './http-client';
import { createIdempotencyKeys } from './idempotency';

let server: TestServer;
let handler: TestHandler;
let client: HttpClient;

beforeEach(async () => {
  server = await startTestServer((request, response) => handler(request, response));
  client = new HttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterEach(() => server.close());

const keysSent = () => server.requests.map((r) => r.headers['idempotency-key']);

describe('Idempotency-Key of a create form', () => {
  it('sends the key and reuses it when the same submit is retried after a network error', async () => {
    const keys = createIdempotencyKeys();
    let calls = 0;
    handler = (_request, response) => {
      calls++;
      // the first answer is lost on the way back
      if (calls === 1) return void response.socket?.destroy();
      sendJson(response, 201, { ulid: 'C1' });
    };
    const body = { client: { name: 'Dupont' } };
    const submit = () =>
      client.request('/api/client_contacts', { method: 'POST', body, idempotencyKey: keys.keyFor(body) });
    await expect(submit()).rejects.toBeInstanceOf(ApiError);
    expect(await submit()).toEqual({ ulid: 'C1' });
    const [first, second] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it('takes a new key for a corrected body and after a success', async () => {
    const keys = createIdempotencyKeys();
    handler = (_request, response) => sendJson(response, 201, { ok: true });
    const post = (body: unknown) =>
      client.request('/api/products', { method: 'POST', body, idempotencyKey: keys.keyFor(body) });
    await post({ name: 'A' });
    await post({ name: 'B' }); // corrected: another request
    keys.renew(); // the form succeeded
    await post({ name: 'B' }); // the next record
    const [a, b, next] = keysSent();
    expect(new Set([a, b, next]).size).toBe(3);
  });

  it('sends the request again while the first one with its key is still running, and gets its answer', async () => {
    let calls = 0;
    handler = (_request, response) => {
      calls++;
      if (calls < 3) return sendProblem(response, 409, 'idempotency_key_in_progress');
      sendJson(response, 201, { ulid: 'I1' });
    };
    const answer = await client.request('/api/interventions', { method: 'POST', body: {}, idempotencyKey: 'k-1' });
    expect(answer).toEqual({ ulid: 'I1' });
    expect(keysSent()).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('sends no key without one, and does not retry another 409', async () => {
    handler = (_request, response) => sendProblem(response, 409, 'conflict');
    await expect(client.request('/api/things', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 409 });
    expect(keysSent()).toEqual([undefined]);
  });
});
