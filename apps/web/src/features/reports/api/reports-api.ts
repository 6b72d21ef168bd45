/**
 * The calls of the Reports screen (ADR 008: through `callEndpoint` and the contracts): one report, the product
 * catalogue's search (the product picker of the edit form), and the moves — edit (merge patch), send, resend,
 * discard, reopen (docs/decisions/010). Each move answers the report as it now is: it replaces the cached one, then
 * every view of reports (and of what they change: site status, visits, equipment) refreshes.
 */
import { productEndpoints, type Report, type ReportUpdateBody, reportEndpoints } from '@isoptera/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import { entityTagOf, ifMatch } from '../../../shared/api/http-client';
import { invalidateResource } from '../../../shared/api/resources/invalidation';
import { reportKeys } from '../../../shared/api/resources/reports';
import { shareVersioned } from '../../../shared/api/resources/versioned';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** `GET /api/reports/{ulid}`; a 404 (`report_not_found`) stays with the panel. */
export function reportQueryOptions(ulid: string) {
  return queryOptions({
    queryKey: reportKeys.detail(ulid),
    queryFn: ({ signal }): Promise<Report> =>
      callEndpoint(reportEndpoints.get, { params: { ulid }, signal, redirectOnError: false }),
    enabled: ulid !== '',
    structuralSharing: shareVersioned,
  });
}

/** A product of the picker: its IRI as id, its name, and its default unit. */
export interface ProductOption extends PickerOption {
  unit: string;
}

/** `GET /api/products?search=`: the catalogue's products (archived ones left out) whose name contains `search`. */
export async function searchProductOptions(search: string): Promise<ProductOption[]> {
  const answer = await callEndpoint(productEndpoints.list, {
    query: { search: search.trim() || undefined, page: 1 },
    redirectOnError: false,
  });
  return answer['hydra:member'].map((product) => ({ id: product['@id'], label: product.name, unit: product.unit }));
}

/** The moves of a report, each answering the report. */
export type ReportMove =
  | {
      kind: 'patch';
      body: Partial<ReportUpdateBody>;
      /** The report as the form loaded it: its `ETag` is sent as `If-Match` (412 `edit_conflict` if changed since). */
      loaded?: Report;
    }
  | { kind: 'send'; recipients: string[] }
  | { kind: 'resend'; recipients?: string[] }
  | { kind: 'discard'; reason: string }
  | { kind: 'reopen' };

/** Sends `move` for the report `ulid`. */
export function moveReport(ulid: string, move: ReportMove): Promise<Report> {
  const params = { ulid };
  const options = { params, redirectOnError: false } as const;
  switch (move.kind) {
    case 'patch':
      return callEndpoint(reportEndpoints.patch, {
        ...options,
        body: move.body,
        headers: ifMatch(entityTagOf(move.loaded)),
      });
    case 'send':
      return callEndpoint(reportEndpoints.send, { ...options, body: { recipients: move.recipients } });
    case 'resend':
      return callEndpoint(reportEndpoints.resend, {
        ...options,
        body: move.recipients ? { recipients: move.recipients } : {},
      });
    case 'discard':
      return callEndpoint(reportEndpoints.discard, { ...options, body: { reason: move.reason } });
    case 'reopen':
      return callEndpoint(reportEndpoints.reopen, options);
  }
}

/**
 * A move of the report `ulid`: on success the answer replaces the cached report at once and the reports (lists, tab
 * counts) and their dependents refresh; a 409 refreshes them too, so that the panel shows what the server holds.
 */
export function useReportMove(ulid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: ReportMove) => moveReport(ulid, move),
    onSuccess: (report) => {
      queryClient.setQueryData(reportKeys.detail(ulid), report);
      void invalidateResource(queryClient, 'reports', { keep: [reportKeys.detail(ulid)] });
    },
    onError: (error) => {
      if ((error as { status?: number }).status === 409) void invalidateResource(queryClient, 'reports');
    },
  });
}
