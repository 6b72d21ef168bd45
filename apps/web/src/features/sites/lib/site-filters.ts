/**
 * Filters of the Sites screen kept in the URL while browsing (SPEC §3 "Filters kept while browsing": users, clients,
 * sort order, status, treatment type, alert type; plus the name search). URL keys: `users` and `clients` (repeated),
 * `status`, `treatment_type`, `alert_type`, `order`, `name`. Defaults are left out of the URL; other parameters (e.g.
 * `createForClient`) are kept. The list is paged by 'load more', not in the URL.
 */
import { ALERT_TYPES, SITE_STATUSES, TREATMENT_TYPES } from '@isoptera/contracts';

export const SITE_SORTS = ['name_asc', 'name_desc', 'updated_at_desc', 'updated_at_asc'] as const;
export type SiteSort = (typeof SITE_SORTS)[number];
export const DEFAULT_SITE_SORT: SiteSort = 'name_asc';

export interface SiteFilters {
  /** Referent member ULIDs. */
  users: string[];
  /** Client ULIDs. */
  clients: string[];
  /** A site status or '' for all. */
  status: string;
  treatmentType: string;
  alertType: string;
  sort: SiteSort;
  name: string;
}

/** The URL keys of the filters; `page` and `alert_page` (paging of earlier versions) are dropped when writing. */
const FILTER_KEYS = [
  'users',
  'clients',
  'status',
  'treatment_type',
  'alert_type',
  'order',
  'name',
  'page',
  'alert_page',
];

function oneOf(value: string | null, allowed: readonly string[]): string {
  return value && allowed.includes(value) ? value : '';
}

/** Reads the filters from the URL search parameters; unknown values fall back to the defaults. */
export function readSiteFilters(params: URLSearchParams): SiteFilters {
  const unique = (key: string) => [...new Set(params.getAll(key).filter(Boolean))];
  return {
    users: unique('users'),
    clients: unique('clients'),
    status: oneOf(params.get('status'), SITE_STATUSES),
    treatmentType: oneOf(params.get('treatment_type'), TREATMENT_TYPES),
    alertType: oneOf(params.get('alert_type'), ALERT_TYPES),
    sort: (oneOf(params.get('order'), SITE_SORTS) || DEFAULT_SITE_SORT) as SiteSort,
    name: params.get('name') ?? '',
  };
}

/** Writes `filters` into a copy of `base` (other parameters kept), leaving defaults out. */
export function writeSiteFilters(filters: SiteFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of FILTER_KEYS) params.delete(key);
  for (const user of filters.users) params.append('users', user);
  for (const client of filters.clients) params.append('clients', client);
  if (filters.status) params.set('status', filters.status);
  if (filters.treatmentType) params.set('treatment_type', filters.treatmentType);
  if (filters.alertType) params.set('alert_type', filters.alertType);
  if (filters.sort !== DEFAULT_SITE_SORT) params.set('order', filters.sort);
  if (filters.name.trim()) params.set('name', filters.name.trim());
  return params;
}

/** `true` when any filter (not the sort) is set: the empty state then offers to clear them. */
export function hasActiveSiteFilters(filters: SiteFilters): boolean {
  return Boolean(
    filters.users.length ||
      filters.clients.length ||
      filters.status ||
      filters.treatmentType ||
      filters.alertType ||
      filters.name.trim(),
  );
}

/** The `GET /api/sites` query of the filters, without the page (`order: {name: 'asc'}` is sent `order[name]=asc`). */
export function siteListQueryOf(filters: SiteFilters) {
  const [field, direction] = filters.sort.startsWith('updated_at')
    ? (['updated_at', filters.sort.slice('updated_at_'.length)] as const)
    : (['name', filters.sort.slice('name_'.length)] as const);
  return {
    name: filters.name.trim(),
    users: filters.users,
    clients: filters.clients,
    status: filters.status,
    treatment_type: filters.treatmentType,
    alert_type: filters.alertType,
    order: { [field]: direction as 'asc' | 'desc' },
  };
}

/** The table's sort (shared/ui/data-table) of a sort order: the name or last-update column and its direction. */
export function siteSortOf(sort: SiteSort): { key: 'name' | 'updated_at'; direction: 'asc' | 'desc' } {
  const direction = sort.endsWith('_desc') ? 'desc' : 'asc';
  return { key: sort.startsWith('name') ? 'name' : 'updated_at', direction };
}
