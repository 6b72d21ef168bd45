/**
 * The Clients screen's state kept in the URL while browsing (ARCHITECTURE §7 "filters kept while browsing"):
 * `search`, `kind` (company | private), `contract` (to_renew | none), `order`, `page` and the selected `client`. On arrival, SPEC §2.2's
 * `defaultSearch` and `defaultSelectedClientUlid` are read as `search` and `client`.
 */
export const CLIENT_ORDERS = ['name_asc', 'name_desc', 'updated_desc', 'updated_asc'] as const;
export type ClientOrder = (typeof CLIENT_ORDERS)[number];
export const CLIENT_KINDS = ['all', 'company', 'private'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
/** The contract filter (issue 13): every client, those with a contract to renew, those without a running one. */
export const CLIENT_CONTRACT_FILTERS = ['all', 'to_renew', 'none'] as const;
export type ClientContractFilter = (typeof CLIENT_CONTRACT_FILTERS)[number];

export interface ClientListParams {
  search: string;
  kind: ClientKind;
  /** Default `all`. */
  contract?: ClientContractFilter;
  order: ClientOrder;
  /** From 1. */
  page: number;
}

export interface ClientsScreenState extends ClientListParams {
  /** ULID of the selected client, or null. */
  client: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the screen state from the URL search parameters (unknown values fall back to the defaults). */
export function readScreenState(params: URLSearchParams): ClientsScreenState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: params.get('search') ?? params.get('defaultSearch') ?? '',
    kind: oneOf(CLIENT_KINDS, params.get('kind'), 'all'),
    contract: oneOf(CLIENT_CONTRACT_FILTERS, params.get('contract'), 'all'),
    order: oneOf(CLIENT_ORDERS, params.get('order'), 'name_asc'),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    client: params.get('client') || params.get('defaultSelectedClientUlid') || null,
  };
}

/** Writes the screen state as URL search parameters, leaving defaults out. */
export function writeScreenState(state: ClientsScreenState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search);
  if (state.kind !== 'all') params.set('kind', state.kind);
  if (state.contract && state.contract !== 'all') params.set('contract', state.contract);
  if (state.order !== 'name_asc') params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.client) params.set('client', state.client);
  return params;
}

/** The API's `order[…]` parameter of a sort choice. */
export function orderQuery(order: ClientOrder): Record<string, string> {
  switch (order) {
    case 'name_desc':
      return { 'order[name]': 'desc' };
    case 'updated_desc':
      return { 'order[updated_at]': 'desc' };
    case 'updated_asc':
      return { 'order[updated_at]': 'asc' };
    default:
      return { 'order[name]': 'asc' };
  }
}

/** The table's sort (shared/ui/data-table) of a sort choice: the name or last-update column and its direction. */
export function orderToSort(order: ClientOrder): { key: 'name' | 'updated'; direction: 'asc' | 'desc' } {
  const [key, direction] = order.split('_') as ['name' | 'updated', 'asc' | 'desc'];
  return { key, direction };
}

/** The sort choice of a click on the table's name or last-update header (the inverse of {@link orderToSort}). */
export function sortToOrder(sort: { key: 'name' | 'updated'; direction: 'asc' | 'desc' }): ClientOrder {
  return `${sort.key}_${sort.direction}`;
}
