/**
 * The contracts' calls (issue 13; contracts `contractEndpoints`, docs/decisions/013): a site's or a client's contracts
 * (`GET /api/contracts?site|client`), create (201; the due visits of the next 30 days are planned at once), replace
 * (`PUT`), end early, delete, the signed PDF (multipart upload, delete; downloaded from its URL), and Home's due
 * visits. Every write refreshes the contracts, the clients list (its contract column), the sites and the planning.
 */
import {
  type ContractBody,
  type ContractCollection,
  type ContractDetail,
  contractEndpoints,
  type DueVisitList,
} from '@isoptera/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';

/** The query keys of contracts (refreshed with the clients, sites and interventions they plan). */
export const contractKeys = {
  all: ['contracts'] as const,
  list: (scope: ContractScope) => ['contracts', 'list', scope] as const,
  due: () => ['contracts', 'due'] as const,
};

/** Whose contracts a section lists: a site's or a client's. */
export type ContractScope = { site: string } | { client: string };

/** `GET /api/contracts?site=…` or `?client=…` (up to 100: a client has few). */
export function contractListQueryOptions(scope: ContractScope) {
  return queryOptions({
    queryKey: contractKeys.list(scope),
    queryFn: ({ signal }): Promise<ContractCollection> =>
      callEndpoint(contractEndpoints.list, {
        query: { ...scope, itemsPerPage: 100, page: 1 },
        signal,
        redirectOnError: false,
      }),
  });
}

/** `GET /api/contract_due_visits`: the contract visits Home shows (unassigned or overdue). */
export function dueVisitsQueryOptions() {
  return queryOptions({
    queryKey: contractKeys.due(),
    queryFn: ({ signal }): Promise<DueVisitList> =>
      callEndpoint(contractEndpoints.dueVisits, { signal, redirectOnError: false }),
    staleTime: 60_000,
  });
}

/**
 * Creates (no `ulid`, with `idempotencyKey`: ADR 024) or replaces contract `ulid` with `body`; resolves with the
 * stored contract.
 */
export function saveContract(
  { ulid, body }: { ulid?: string; body: ContractBody },
  idempotencyKey?: string,
): Promise<ContractDetail> {
  return ulid
    ? callEndpoint(contractEndpoints.update, { params: { ulid }, body, redirectOnError: false })
    : callEndpoint(contractEndpoints.create, { body, idempotencyKey, redirectOnError: false });
}

/** The contracts' mutations; each refreshes contracts, clients, sites and the planning. */
export function useContractMutations() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contractKeys.all }),
      invalidateResource(queryClient, 'clients'),
    ]);
  };
  return {
    save: useMutation({
      mutationFn: (input: { ulid?: string; body: ContractBody }) =>
        saveContract(input, input.ulid ? undefined : keys.keyFor(input.body)),
      onSuccess: () => {
        keys.renew();
        return refresh();
      },
    }),
    end: useMutation({
      mutationFn: ({ ulid, endedAt }: { ulid: string; endedAt: string }) =>
        callEndpoint(contractEndpoints.end, { params: { ulid }, body: { ended_at: endedAt }, redirectOnError: false }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (ulid: string) =>
        callEndpoint(contractEndpoints.remove, { params: { ulid }, redirectOnError: false }),
      onSuccess: refresh,
    }),
    upload: useMutation({
      mutationFn: ({ ulid, file }: { ulid: string; file: File }) => {
        const body = new FormData();
        body.append('file', file);
        return callEndpoint(contractEndpoints.uploadDocument, { params: { ulid }, body, redirectOnError: false });
      },
      onSuccess: refresh,
    }),
    removeDocument: useMutation({
      mutationFn: (ulid: string) =>
        callEndpoint(contractEndpoints.removeDocument, { params: { ulid }, redirectOnError: false }),
      onSuccess: refresh,
    }),
  };
}
