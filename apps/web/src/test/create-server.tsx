/**
 * A real API server for the tests of creates and their `Idempotency-Key` (issue 16, ADR 027): it answers every POST
 * with `answer(request)` (201 and a body that the test has parsed with the contract's schema), other calls with an
 * empty collection, and can drop the next answers (`lose`) as a lost connection would; the web's HTTP client points
 * at it while the test runs. `keysSent(prefix)` lists the keys of the POSTs whose path starts with `prefix`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { configureHttpClient } from '../shared/api/http-client';
import { type RecordedRequest, sendJson, startTestServer, type TestServer } from './test-server';

export interface CreateServer {
  server: TestServer;
  /** Drops the next `count` POST answers (the socket is destroyed: the client sees a network error). */
  lose(count: number): void;
  keysSent(pathPrefix: string): (string | undefined)[];
  close(): Promise<void>;
}

/** Starts the server and points the HTTP client at it; `close()` undoes both. */
export async function startCreateServer(answer: (request: RecordedRequest) => unknown): Promise<CreateServer> {
  let toLose = 0;
  const server = await startTestServer((request, response) => {
    if (request.method !== 'POST') return sendJson(response, 200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (toLose > 0) {
      toLose--;
      return void response.socket?.destroy();
    }
    sendJson(response, 201, answer(request));
  });
  configureHttpClient({ baseUrl: server.url, getAuthState: () => true, navigate: () => {} });
  return {
    server,
    lose(count) {
      toLose = count;
    },
    keysSent: (pathPrefix) =>
      server.requests
        .filter((r) => r.method === 'POST' && r.url.startsWith(pathPrefix))
        .map((r) => r.headers['idempotency-key'] as string | undefined),
    async close() {
      configureHttpClient({ baseUrl: '' });
      await server.close();
    },
  };
}

/** The query client of a hook under test: mutations are not retried (the test retries by hand). */
export const mutationWrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);
