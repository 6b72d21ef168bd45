/**
 * The users list's state kept in the URL while browsing (SPEC §2.7 Users; ARCHITECTURE §7 "filters kept while
 * browsing"): the segment (`status`: active | invited | disabled, absent for all), the `role` filter, the `search`
 * text and the `page`. `listQuery` turns it into the query of `GET {users}` (contract `userListQuery`).
 */
import { ROLES, type Role, USER_STATUSES, type UserListQuery, type UserStatus } from '@isoptera/contracts';

/** The segments of the list, 'all' first (SPEC §2.7 "segments (activated, invited, disabled)"). */
export const USER_SEGMENTS = ['all', ...USER_STATUSES] as const;
export type UserSegment = (typeof USER_SEGMENTS)[number];

export interface UserListState {
  segment: UserSegment;
  /** A role of the actor's space type, or '' for every role. */
  role: Role | '';
  search: string;
  /** From 1. */
  page: number;
}

export const DEFAULT_USER_LIST_STATE: UserListState = { segment: 'all', role: '', search: '', page: 1 };

/**
 * Reads the state from the URL search parameters. Unknown values fall back to the defaults; a role outside
 * `allowedRoles` (another space type's role) is ignored.
 */
export function readUserListState(params: URLSearchParams, allowedRoles: readonly Role[] = ROLES): UserListState {
  const status = params.get('status');
  const role = params.get('role');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    segment: status !== null && (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : 'all',
    role: role !== null && (allowedRoles as readonly string[]).includes(role) ? (role as Role) : '',
    search: params.get('search') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Writes the state as URL search parameters, leaving the defaults out. */
export function writeUserListState(state: UserListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.segment !== 'all') params.set('status', state.segment);
  if (state.role) params.set('role', state.role);
  if (state.search.trim()) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The query of `GET {users}` (contract `userListQuery`): `page`, and `status`, `role`, `search` only when set. */
export function listQuery(state: UserListState): UserListQuery & { page: number } {
  const query: UserListQuery & { page: number } = { page: state.page };
  if (state.segment !== 'all') query.status = state.segment;
  if (state.role) query.role = state.role;
  if (state.search.trim()) query.search = state.search.trim();
  return query;
}
