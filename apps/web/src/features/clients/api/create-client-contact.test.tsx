/**
 * The client create form's mutation (issue 16, ADR 027) against a real node:http server: it sends an
 * `Idempotency-Key`, the same one when the same submit is retried after its answer was lost, and a new one for the
 * next client once a create succeeded.
 */
import type { CreateClientContactBody } from '@isoptera/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CreateServer, startCreateServer, mutationWrapper as wrapper } from '../../../test/create-server';
import { useCreateClientContact } from './create-client-contact';

let api: CreateServer;

beforeEach(async () => {
  api = await startCreateServer(() => ({ client: { ulid: 'C1' }, contact: { ulid: 'K1' } }));
});
afterEach(() => api.close());

const body = {
  client: { name: 'Dupont', company: false },
  contact: { lastname: 'Dupont', firstname: 'Jean', email: 'j@example.fr', title: 'Gérant', phone: '0612345678' },
} as unknown as CreateClientContactBody;

describe('useCreateClientContact', () => {
  it('sends one key for the same submit, retried after a lost answer, and a new one for the next client', async () => {
    const { result } = renderHook(() => useCreateClientContact(), { wrapper });
    api.lose(1);
    await act(async () => {
      await expect(result.current.mutateAsync(body)).rejects.toThrow();
    });
    await act(async () => {
      await result.current.mutateAsync(body);
    });
    await act(async () => {
      await result.current.mutateAsync(body);
    });
    const [lost, retry, next] = api.keysSent('/');
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(lost);
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(lost);
  });
});
