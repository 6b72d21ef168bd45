/** `GET /api/me` (SPEC §7 "Self"): the current user; 401/403 means no session (SPEC §4 "Session"). */
import type { CurrentUser } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/api-error';
import { http } from '../../../shared/api/http-client';

export const meQueryKey = ['me'] as const;

/** Fetches the current user; resolves null when not logged in (401/403). */
export async function getMe(): Promise<CurrentUser | null> {
  try {
    return await http.get<CurrentUser>('/api/me', { redirectOnError: false });
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403)) return null;
    throw error;
  }
}

/** Query options of the current user: never stale by itself, reloaded explicitly (login, profile change). */
export function getMeQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: Number.POSITIVE_INFINITY, retry: false });
}

/** The current user query (`data`: user, null when logged out, undefined while unknown). */
export function useMe() {
  return useQuery(getMeQueryOptions());
}
