/**
 * The contracts' calls (issue 13; contracts `contractEndpoints`, docs/decisions/013): a site's or a client's contracts
 * (`GET /api/contracts?site|client`), one contract (with its `ETag`), create (201; the due visits of the next 30 days
 * are planned at once), replace (`PUT`, with `If-Match`: issue 16), end early, delete, the signed PDF (multipart
 * upload, delete; downloaded from its URL); Home's due visits and the query keys are in due-visits.ts. Every write
 * refreshes the contracts, the clients list (its contract column), the sites and the planning.
 */
import {
  type ContractBody,
  type ContractCollection,
  type ContractDetail,
  contractEndpoints,
} from '@isoptera/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { ifMatch } from '../../../shared/api/http-client';
import { bodyFingerprint, useIdempotencyKey } from '../../../shared/api/idempotency';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { shareVersioned } from '../../../shared/api/resources/versioned';
import { type ContractScope, contractKeys } from './due-visits';

export { type ContractScope, contractKeys, dueVisitsQueryOptions } from './due-visits';

/** `GET /api/contracts/{ulid}`: one contract and its `ETag` (what its edit form loads); a 404 stays with the caller. */
export function getContract(ulid: string, signal?: AbortSignal): Promise<ContractDetail> {
  return callEndpoint(contractEndpoints.get, { params: { ulid }, signal, redirectOnError: false });
}

/** Query options of one contract, always fresh (the edit form starts from the version it loads). */
export function contractQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: contractKeys.detail(ulid),
    queryFn: ({ signal }) => getContract(ulid, signal),
    enabled: ulid !== '',
    staleTime: 0,
    structuralSharing: shareVersioned,
  });
}

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

/**
 * Creates (no `ulid`, with `idempotencyKey`: ADR 027) or replaces contract `ulid` with `body` — made from the
 * version `entityTag` names (`If-Match`; 412 `edit_conflict` when it changed since); resolves with the stored
 * contract.
 */
export function saveContract(
  { ulid, body, entityTag }: { ulid?: string; body: ContractBody; entityTag?: string },
  idempotencyKey?: string,
): Promise<ContractDetail> {
  return ulid
    ? callEndpoint(contractEndpoints.update, {
        params: { ulid },
        body,
        headers: ifMatch(entityTag),
        redirectOnError: false,
      })
    : callEndpoint(contractEndpoints.create, { body, idempotencyKey, redirectOnError: false });
}

/** The contracts' mutations; each refreshes contracts, clients, sites and the planning. */
export function useContractMutations() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  // the document upload has its own key: a second click on the same file of the same contract stores it once
  const uploadKeys = useIdempotencyKey();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contractKeys.all }),
      invalidateResource(queryClient, 'clients'),
    ]);
  };
  return {
    save: useMutation({
      mutationFn: (input: { ulid?: string; body: ContractBody; entityTag?: string }) =>
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
        return callEndpoint(contractEndpoints.uploadDocument, {
          params: { ulid },
          body,
          idempotencyKey: uploadKeys.keyFor([ulid, bodyFingerprint(body)]),
          redirectOnError: false,
        });
      },
      onSuccess: async () => {
        uploadKeys.renew();
        await refresh();
      },
    }),
    removeDocument: useMutation({
      mutationFn: (ulid: string) =>
        callEndpoint(contractEndpoints.removeDocument, { params: { ulid }, redirectOnError: false }),
      onSuccess: refresh,
    }),
  };
}
