/**
 * The creates that only a button or a file drop starts (issue 16, ADR 027) send an `Idempotency-Key` too, against a
 * real node:http server: adding a translation language and attaching a contract's signed document send one key for
 * the same submit retried after a lost answer, and a new one once it succeeded; a contract's document is keyed per
 * contract. Every answer is parsed by the contract's schema first.
 */
import { contractDocumentAnswer, translationLanguageResource } from '@isoptera/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useContractMutations } from '../../features/contracts/api/contracts-api';
import { useTranslationMutations } from '../../features/translations/api/translations-api';
import { type CreateServer, startCreateServer, mutationWrapper as wrapper } from '../../test/create-server';

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

let api: CreateServer;

beforeEach(async () => {
  api = await startCreateServer((request) => (request.url.startsWith('/api/translations') ? LANGUAGE : DOCUMENT));
});
afterEach(() => api.close());

describe('creates started by a button or a file', () => {
  it('adding a language: one key for a retried submit, a new one after a success', async () => {
    const { result } = renderHook(() => useTranslationMutations(), { wrapper });
    api.lose(1);
    await act(async () => {
      await expect(result.current.addLanguage.mutateAsync('de')).rejects.toThrow();
    });
    await act(async () => {
      await result.current.addLanguage.mutateAsync('de');
    });
    await act(async () => {
      await result.current.addLanguage.mutateAsync('de');
    });
    const [lost, retry, next] = api.keysSent('/api/translations/languages');
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(lost);
  });

  it("attaching a contract's document: one key for the same file retried, another for another contract", async () => {
    const { result } = renderHook(() => useContractMutations(), { wrapper });
    const file = new File(['pdf'], 'signed.pdf', { type: 'application/pdf', lastModified: 1 });
    api.lose(1);
    await act(async () => {
      await expect(result.current.upload.mutateAsync({ ulid: '01CON', file })).rejects.toThrow();
    });
    await act(async () => {
      await result.current.upload.mutateAsync({ ulid: '01CON', file });
    });
    api.lose(1);
    await act(async () => {
      await expect(result.current.upload.mutateAsync({ ulid: '01OTHER', file })).rejects.toThrow();
    });
    const [lost, retry] = api.keysSent('/api/contracts/01CON');
    const [other] = api.keysSent('/api/contracts/01OTHER');
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    // the same file on another contract is another request: the server would refuse a key reused for it (422)
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect(other).not.toBe(lost);
  });
});
