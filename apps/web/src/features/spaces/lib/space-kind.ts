/**
 * The two kinds of managed spaces (SPEC §2.7 "Dealer and PCO management"): the list state kept in the URL (`search`,
 * `page`) and the query of `GET /api/dealers|/api/pcos` (contract `spaceListQuery`).
 */
export type SpaceKind = 'dealer' | 'pco';

export interface SpaceListState {
  search: string;
  /** From 1. */
  page: number;
}

/** Reads the list state from the URL search parameters (defaults: no search, page 1). */
export function readSpaceListState(params: URLSearchParams): SpaceListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { search: params.get('search') ?? '', page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** Writes the list state as URL search parameters, leaving the defaults out. */
export function writeSpaceListState(state: SpaceListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query of `GET /api/dealers|/api/pcos`: `page`, and `search` only when set. */
export function spaceListRequest(state: SpaceListState): { page: number; search?: string } {
  const search = state.search.trim();
  return search ? { page: state.page, search } : { page: state.page };
}
