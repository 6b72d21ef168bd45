/** TanStack Query keys of the users feature; everything under `['users']` is refreshed after a write. */
import type { UserListQuery, UserType } from '@isoptera/contracts';

export const userKeys = {
  all: ['users'] as const,
  lists: (type: UserType) => ['users', type, 'list'] as const,
  list: (type: UserType, query: UserListQuery) => ['users', type, 'list', query] as const,
  detail: (type: UserType, ulid: string) => ['users', type, 'detail', ulid] as const,
  referentSites: (type: UserType, ulid: string) => ['users', type, 'referent-sites', ulid] as const,
  referentCandidates: () => ['users', 'pco', 'referent-candidates'] as const,
};
