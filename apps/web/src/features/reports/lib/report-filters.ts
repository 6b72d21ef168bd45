/**
 * The state of the Reports screen kept in the URL (SPEC §2.7 "Reports", §3 "Filters kept while browsing"), so that a
 * reload or Back shows the same list: the tab (`tab=history`, to process by default), the client, the site, the
 * report type, the period (`from`, `to`, calendar days), the search, the page and the report open in the panel
 * (`report`). Defaults are left out of the URL; unknown values fall back to them.
 */
import {
  REPORT_LISTS,
  REPORT_TYPES,
  type ReportList,
  type ReportListQuery,
  type ReportType,
} from '@isoptera/contracts';

export interface ReportFilters {
  tab: ReportList;
  /** Client ULID or ''. */
  client: string;
  /** Site ULID or ''. */
  site: string;
  /** A report type or ''. */
  type: ReportType | '';
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
  search: string;
  /** From 1. */
  page: number;
  /** The ULID of the report shown in the panel, or ''. */
  report: string;
}

const KEYS = ['tab', 'client', 'site', 'type', 'from', 'to', 'search', 'page', 'report'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the screen state from the URL search parameters. */
export function readReportFilters(params: URLSearchParams): ReportFilters {
  const tab = params.get('tab');
  const type = params.get('type') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    tab: (REPORT_LISTS as readonly string[]).includes(tab ?? '') ? (tab as ReportList) : 'to_process',
    client: params.get('client') ?? '',
    site: params.get('site') ?? '',
    type: (REPORT_TYPES as readonly string[]).includes(type) ? (type as ReportType) : '',
    from: day('from'),
    to: day('to'),
    search: params.get('search') ?? '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
    report: params.get('report') ?? '',
  };
}

/** Writes `filters` into a copy of `base` (other parameters kept), leaving the defaults out. */
export function writeReportFilters(
  filters: ReportFilters,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of KEYS) params.delete(key);
  if (filters.tab !== 'to_process') params.set('tab', filters.tab);
  if (filters.client) params.set('client', filters.client);
  if (filters.site) params.set('site', filters.site);
  if (filters.type) params.set('type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.report) params.set('report', filters.report);
  return params;
}

/** `true` when a filter (client, site, type, period or search) narrows the lists. */
export function hasActiveReportFilters(filters: ReportFilters): boolean {
  return Boolean(filters.client || filters.site || filters.type || filters.from || filters.to || filters.search.trim());
}

/** The `GET /api/reports` query of the screen state (empty filters left out). */
export function reportListQueryOf(filters: ReportFilters): Partial<ReportListQuery> {
  const query: Partial<ReportListQuery> = { status: filters.tab, page: filters.page };
  if (filters.client) query['client.ulid'] = filters.client;
  if (filters.site) query['site.ulid'] = filters.site;
  if (filters.type) query.type = filters.type;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.search.trim()) query.search = filters.search.trim();
  return query;
}
