/**
 * `GET /api/user_pcos/search?search&page&role&order[lastname]&order[firstname]` → people picker options (SPEC §7
 * "Users"): active members of the PCO.
 */
import type { UserLight, UserSearchResult } from '@isoptera/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';
import { sitesKey } from './get-sites';

/** "First Last" of a member. */
export function memberName(member: Pick<UserLight, 'firstname' | 'lastname'>): string {
  return `${member.firstname} ${member.lastname}`.trim();
}

/** Active members matching `search` (first name, last name or e-mail), by last name then first name. */
export function searchMembers(search: string, options: { itemsPerPage?: number; signal?: AbortSignal } = {}) {
  return http.get<UserSearchResult>('/api/user_pcos/search', {
    query: { search, page: 1, itemsPerPage: options.itemsPerPage, 'order[lastname]': 'asc', 'order[firstname]': 'asc' },
    signal: options.signal,
    redirectOnError: false,
  });
}

/** The first page of members matching `search`, as `{id: membership ulid, label: name}`. */
export async function searchMemberOptions(search: string): Promise<PickerOption[]> {
  const answer = await searchMembers(search);
  return (answer?.list ?? []).map((m) => ({ id: m.ulid, label: memberName(m) }));
}

/** Every active member (up to 100): names of the referents chosen in the URL filters. */
export function useAllMembers() {
  return useQuery(
    queryOptions({
      queryKey: [...sitesKey, 'members'],
      queryFn: ({ signal }) => searchMembers('', { itemsPerPage: 100, signal }),
      staleTime: 60_000,
    }),
  );
}
