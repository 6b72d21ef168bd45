/**
 * The state of the fleet health list kept in the URL (ADR 015): `search`, `page`, `sort` (a column of
 * `FLEET_HEALTH_ORDERS`) and `dir`; and the query of `GET /api/fleet_health` made from it. Default: the PCOs with the
 * most sites in alert first.
 */
import { FLEET_HEALTH_ORDERS, type FleetHealthOrder, type FleetHealthQueryInput } from '@isoptera/contracts';

export type SortDirection = 'asc' | 'desc';

export interface FleetListState {
  search: string;
  /** From 1. */
  page: number;
  sort: FleetHealthOrder;
  dir: SortDirection;
}

export const DEFAULT_FLEET_SORT: Pick<FleetListState, 'sort' | 'dir'> = { sort: 'sites_in_alert', dir: 'desc' };

/**
 * The direction a column sorts in when first chosen: names A→Z, last logins oldest first (the PCOs that went quiet),
 * every count and the response time largest first (what needs attention).
 */
export const FIRST_DIRECTION: Record<FleetHealthOrder, SortDirection> = {
  name: 'asc',
  sites_in_alert: 'desc',
  silent_gateways: 'desc',
  low_battery_stations: 'desc',
  firmware_versions: 'desc',
  median_response_seconds: 'desc',
  last_login_at: 'asc',
};

const isOrder = (value: string | null): value is FleetHealthOrder =>
  value !== null && (FLEET_HEALTH_ORDERS as readonly string[]).includes(value);

/** Reads the list state from the URL (unknown values fall back to the defaults). */
export function readFleetListState(params: URLSearchParams): FleetListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    search: params.get('search') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sort: isOrder(sort) ? sort : DEFAULT_FLEET_SORT.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : isOrder(sort) ? FIRST_DIRECTION[sort] : DEFAULT_FLEET_SORT.dir,
  };
}

/** Writes the list state as URL parameters, leaving the defaults out. */
export function writeFleetListState(state: FleetListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.sort !== DEFAULT_FLEET_SORT.sort || state.dir !== DEFAULT_FLEET_SORT.dir) {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  return params;
}

/** The state after a click on the header of `column`: the other direction of the same column, else its first one. */
export function sortedBy(state: FleetListState, column: FleetHealthOrder): FleetListState {
  const dir = state.sort === column ? (state.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[column];
  return { ...state, sort: column, dir, page: 1 };
}

/** The query of `GET /api/fleet_health` (`order[<column>]=<dir>`, `search` only when set). */
export function fleetHealthRequest(state: FleetListState): FleetHealthQueryInput {
  const search = state.search.trim();
  return {
    page: state.page,
    order: { [state.sort]: state.dir },
    ...(search ? { search } : {}),
  };
}
