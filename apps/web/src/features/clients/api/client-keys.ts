/** TanStack Query keys of the clients feature; everything under `['clients']` (the global search's too) is refreshed after a write. */
import type { ClientListParams } from '../lib/client-list-params';

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => ['clients', 'list'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  detail: (ulid: string) => ['clients', 'detail', ulid] as const,
};
