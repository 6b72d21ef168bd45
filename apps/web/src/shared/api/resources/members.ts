/**
 * The members resource of the web app (SPEC §7 "Users": the `{type}/search` call of the people pickers): its query
 * keys — every query of members as pickers see them lives under `['members']` — and the search shared by the site
 * form, the site filters, the intervention panel and the planning filters.
 */
import type { UserLight, UserSearchResult, userEndpoints } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { PickerOption } from '../../ui/search-picker';
import { callEndpoint } from '../endpoint-client';

/** Query keys of members (users as pickers). */
export const memberKeys = {
  all: ['members'] as const,
  /** Every active member of the space (up to 100): the labels of members chosen in a screen's URL. */
  everyone: () => ['members', 'everyone'] as const,
};

/** "First Last" of a member. */
export function memberName(member: Pick<UserLight, 'firstname' | 'lastname'>): string {
  return `${member.firstname} ${member.lastname}`.trim();
}

/**
 * `GET /api/user_pcos/search?search&page=1&order[lastname]=asc&order[firstname]=asc`: the active members of the PCO
 * whose first name, last name or e-mail contains `search`, by last name then first name (30, or `itemsPerPage`).
 */
export function searchMembers(
  search: string,
  options: { itemsPerPage?: number; signal?: AbortSignal } = {},
): Promise<UserSearchResult> {
  return callEndpoint<typeof userEndpoints.search>(
    { method: 'GET', path: '/api/user_pcos/search' },
    {
      query: { search, page: 1, itemsPerPage: options.itemsPerPage, order: { lastname: 'asc', firstname: 'asc' } },
      signal: options.signal,
      redirectOnError: false,
    },
  );
}

/** The people picker's options: `{id: membership ulid, label: "First Last"}`. */
export async function searchMemberOptions(search: string): Promise<PickerOption[]> {
  const answer = await searchMembers(search);
  return (answer?.list ?? []).map((member) => ({ id: member.ulid, label: memberName(member) }));
}

/** Query options of every active member (up to 100; a PCO has few). */
export function everyMemberQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.everyone(),
    queryFn: ({ signal }) => searchMembers('', { itemsPerPage: 100, signal }),
    staleTime: 60_000,
  });
}
