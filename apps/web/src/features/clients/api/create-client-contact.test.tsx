/**
 * The client create form's mutation (issue 16, ADR 027) against a real node:http server: it sends an
 * `Idempotency-Key`, the same one when the same submit is retried after its answer was lost, and a new one for the
 * next client once a create succeeded.
 */
import type { CreateClientContactBody } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureHttpClient } from '../../../shared/api/http-client';
import { sendJson, startTestServer, type TestServer } from '../../../test/test-server';
import { useCreateClientContact } from './create-client-contact';

let server: TestServer;
let lose = 0;

beforeEach(async () => {
  lose = 0;
  server = await startTestServer((request, response) => {
    if (request.method === 'OPTIONS') return;
    if (lose > 0) {
      lose--;
      return void response.socket?.destroy();
    }
    sendJson(response, 201, { client: { ulid: 'C1' }, contact: { ulid: 'K1' } });
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
});
afterEach(async () => {
  configureHttpClient({ baseUrl: '' });
  await server.close();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const body = {
  client: { name: 'Dupont', company: false },
  contact: { lastname: 'Dupont', firstname: 'Jean', email: 'j@example.fr', title: 'Gérant', phone: '0612345678' },
} as unknown as CreateClientContactBody;

const keysSent = () =>
  server.requests.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key'] as string | undefined);

describe('useCreateClientContact', () => {
  it('sends one key for the same submit, retried after a lost answer, and a new one for the next client', async () => {
    const { result } = renderHook(() => useCreateClientContact(), { wrapper });
    lose = 1;
    await act(async () => {
      await expect(result.current.mutateAsync(body)).rejects.toThrow();
    });
    await act(async () => {
      await result.current.mutateAsync(body);
    });
    await act(async () => {
      await result.current.mutateAsync(body);
    });
    const [lost, retry, next] = keysSent();
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(lost);
  });
});
