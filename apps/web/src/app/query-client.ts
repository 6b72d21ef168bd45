/**
 * The TanStack Query client of the app, in a module of its own: app/providers.tsx loads it with the authenticated
 * shell (or once idle), so that the login route does without the query library (ARCHITECTURE §6 budget).
 */
import { QueryClient } from '@tanstack/react-query';

/** The query client of the app: no automatic retry of failed calls (errors are handled by SPEC §8 rules). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}
