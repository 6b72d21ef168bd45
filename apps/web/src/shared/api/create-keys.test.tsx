/**
 * The creates that only a button or a file drop starts (issue 16, ADR 027) send an `Idempotency-Key` too, against a
 * real node:http server: adding a translation language and attaching a contract's signed document send one key for
 * the same submit retried after a lost answer, and a new one once it succeeded; a contract's document is keyed per
 * contract. Every answer is parsed by the contract's schema first.
 */
import { contractDocumentAnswer, translationLanguageResource } from '@isoptera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useContractMutations } from '../../features/contracts/api/contracts-api';
import { useTranslationMutations } from '../../features/translations/api/translations-api';
import { sendJson, startTestServer, type TestServer } from '../../test/test-server';
import { configureHttpClient } from './http-client';

const LANGUAGE = translationLanguageResource.parse({
  '@id': '/api/translations/languages/de',
  '@type': 'TranslationLanguage',
  code: 'de',
  bundled: false,
  enabled: false,
  translated: 0,
  total: 1200,
  overridden: 0,
  stale: 0,
});
const DOCUMENT = contractDocumentAnswer.parse({
  size: 3,
  uploaded_at: '2026-11-28T09:00:00.000Z',
  url: '/api/contracts/01CON/document',
});

let server: TestServer;
let lose = 0;

beforeEach(async () => {
  lose = 0;
  server = await startTestServer((request, response) => {
    if (request.method !== 'POST') return sendJson(response, 200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    if (lose > 0) {
      lose--;
      return void response.socket?.destroy();
    }
    sendJson(response, 201, request.url?.startsWith('/api/translations') ? LANGUAGE : DOCUMENT);
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

const keysSent = (path: string) =>
  server.requests
    .filter((r) => r.method === 'POST' && r.url.startsWith(path))
    .map((r) => r.headers['idempotency-key'] as string | undefined);

describe('creates started by a button or a file', () => {
  it('adding a language: one key for a retried submit, a new one after a success', async () => {
    const { result } = renderHook(() => useTranslationMutations(), { wrapper });
    lose = 1;
    await act(async () => {
      await expect(result.current.addLanguage.mutateAsync('de')).rejects.toThrow();
    });
    await act(async () => {
      await result.current.addLanguage.mutateAsync('de');
    });
    await act(async () => {
      await result.current.addLanguage.mutateAsync('de');
    });
    const [lost, retry, next] = keysSent('/api/translations/languages');
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(lost);
  });

  it("attaching a contract's document: one key for the same file retried, another for another contract", async () => {
    const { result } = renderHook(() => useContractMutations(), { wrapper });
    const file = new File(['pdf'], 'signed.pdf', { type: 'application/pdf', lastModified: 1 });
    lose = 1;
    await act(async () => {
      await expect(result.current.upload.mutateAsync({ ulid: '01CON', file })).rejects.toThrow();
    });
    await act(async () => {
      await result.current.upload.mutateAsync({ ulid: '01CON', file });
    });
    lose = 1;
    await act(async () => {
      await expect(result.current.upload.mutateAsync({ ulid: '01OTHER', file })).rejects.toThrow();
    });
    const [lost, retry] = keysSent('/api/contracts/01CON');
    const [other] = keysSent('/api/contracts/01OTHER');
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    // the same file on another contract is another request: the server would refuse a key reused for it (422)
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect(other).not.toBe(lost);
  });
});
