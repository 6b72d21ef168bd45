/**
 * The contracts' query keys and Home's due visits (`GET /api/contract_due_visits`, issue 13), apart from
 * contracts-api.ts: the contracts are imported as types only, and the call names its endpoint by the literal pair, so
 * that Home's due-visits card brings no zod schema (ADR 008; shared/api/endpoint-client.ts) — contracts-api.ts, whose
 * writes validate with the contracts' schemas, is fetched only by the screens that edit contracts.
 */
import type { contractEndpoints, DueVisitList } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Whose contracts a section lists: a site's or a client's. */
export type ContractScope = { site: string } | { client: string };

/** The query keys of contracts (refreshed with the clients, sites and interventions they plan). */
export const contractKeys = {
  all: ['contracts'] as const,
  list: (scope: ContractScope) => ['contracts', 'list', scope] as const,
  due: () => ['contracts', 'due'] as const,
  /** One contract (its edit form; issue 16). */
  detail: (ulid: string) => ['contracts', 'detail', ulid] as const,
};

/** `GET /api/contract_due_visits`: the contract visits Home shows (unassigned or overdue), kept a minute. */
export function dueVisitsQueryOptions() {
  return queryOptions({
    queryKey: contractKeys.due(),
    queryFn: ({ signal }): Promise<DueVisitList> =>
      callEndpoint<typeof contractEndpoints.dueVisits>(
        { method: 'GET', path: '/api/contract_due_visits' },
        { signal, redirectOnError: false },
      ),
    staleTime: 60_000,
  });
}
