/**
 * Options of the planning filters: clients (`GET /api/clients/search`, `GET /api/clients/{ulid}` for the labels of
 * clients kept in the URL) and members (`GET /api/user_pcos/search`), SPEC §7.
 */
import type { ClientSearchResult, UserSearchResult } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** The first page of clients matching `name`, as picker options. */
export async function searchClientOptions(name: string): Promise<PickerOption[]> {
  const answer = await http.get<ClientSearchResult>('/api/clients/search', {
    query: { name, page: 1, 'order[name]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((c) => ({ id: c.ulid, label: c.name }));
}

/** The first page of active members matching `search`, as picker options ("First Last"). */
export async function searchMemberOptions(search: string): Promise<PickerOption[]> {
  const answer = await http.get<UserSearchResult>('/api/user_pcos/search', {
    query: { search, page: 1, 'order[lastname]': 'asc', 'order[firstname]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((m) => ({ id: m.ulid, label: `${m.firstname} ${m.lastname}`.trim() }));
}

/** Labels of the clients kept in the URL (unknown ones are left out). */
export function useClientLabels(ulids: readonly string[]) {
  return useQuery({
    queryKey: ['clients', 'labels', [...ulids].sort()],
    queryFn: async () => {
      const answers = await Promise.allSettled(
        ulids.map((ulid) =>
          http.get<{ ulid: string; name: string }>(`/api/clients/${encodeURIComponent(ulid)}`, {
            redirectOnError: false,
          }),
        ),
      );
      return answers.flatMap((a) => (a.status === 'fulfilled' ? [{ id: a.value.ulid, label: a.value.name }] : []));
    },
    enabled: ulids.length > 0,
    staleTime: 60_000,
  });
}

/** Labels of the members kept in the URL, from the first page of members (a PCO has few). */
export function useMemberLabels(ulids: readonly string[]) {
  return useQuery({
    queryKey: ['user_pcos', 'labels'],
    queryFn: () => searchMemberOptions(''),
    enabled: ulids.length > 0,
    staleTime: 60_000,
  });
}
