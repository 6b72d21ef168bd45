/**
 * Attaching a contract's signed document is a create (issue 16, ADR 027), started by a file: against a real
 * node:http server the mutation sends one `Idempotency-Key` for the same file retried after a lost answer, and
 * another for another contract. The answer is parsed by the contract's schema first.
 */
import { contractDocumentAnswer } from '@isoptera/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CreateServer, startCreateServer, mutationWrapper as wrapper } from '../../../test/create-server';
import { useContractMutations } from './contracts-api';

const ANSWER = contractDocumentAnswer.parse({
  size: 3,
  uploaded_at: '2026-11-28T09:00:00.000Z',
  url: '/api/contracts/01CON/document',
});

let api: CreateServer;

beforeEach(async () => {
  api = await startCreateServer(() => ANSWER);
});
afterEach(() => api.close());

describe('useContractMutations', () => {
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
