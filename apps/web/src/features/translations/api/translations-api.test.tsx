/**
 * Adding a translation language is a create (issue 16, ADR 027), started by a button: against a real node:http server
 * the mutation sends one `Idempotency-Key` for the same submit retried after a lost answer, and a new one once it
 * succeeded. The answer is parsed by the contract's schema first.
 */
import { translationLanguageResource } from '@isoptera/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CreateServer, startCreateServer, mutationWrapper as wrapper } from '../../../test/create-server';
import { useTranslationMutations } from './translations-api';

const ANSWER = translationLanguageResource.parse({
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
let api: CreateServer;

beforeEach(async () => {
  api = await startCreateServer(() => ANSWER);
});
afterEach(() => api.close());

describe('useTranslationMutations', () => {
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
});
