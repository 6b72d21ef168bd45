/**
 * The reports resource of the web app (issue 12; SPEC §2.7 "Reports", §4 "Reports"): its query keys — every query of
 * a report lives under `['reports']` — and the list call the reports screen, Home's to-process list and a site's
 * reports share. Products (the PCO's catalogue) live under `['products']`. Contracts are imported as types only: the
 * shell's invalidation graph imports this module, and a value import would bring zod into the start-up bundle
 * (ADR 008; ~38 kB gzip once a screen uses `reportListQueryOptions`).
 */
import type { ReportCollection, ReportListQuery, reportEndpoints } from '@isoptera/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../endpoint-client';

/** Query keys of reports. */
export const reportKeys = {
  all: ['reports'] as const,
  /** Every loaded page of every reports list. */
  lists: () => ['reports', 'list'] as const,
  /** One page of a reports list for `query` (status, filters, page). */
  list: (query: Partial<ReportListQuery>) => ['reports', 'list', query] as const,
  detail: (ulid: string) => ['reports', 'detail', ulid] as const,
};

/** Query keys of the product catalogue. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: object = {}) => ['products', 'list', query] as const,
};

/**
 * `GET /api/reports` for `query` (defaults: to process, first page, 30 a page). The previous page stays on screen
 * while the next one loads.
 */
export function reportListQueryOptions(query: Partial<ReportListQuery>) {
  return queryOptions({
    queryKey: reportKeys.list(query),
    queryFn: ({ signal }): Promise<ReportCollection> =>
      // the literal pair keeps zod out of the screens that show a list (shared/api/endpoint-client.ts)
      callEndpoint<typeof reportEndpoints.list>(
        { method: 'GET', path: '/api/reports' },
        { query: query as ReportListQuery, signal, redirectOnError: false },
      ),
    placeholderData: keepPreviousData,
  });
}
