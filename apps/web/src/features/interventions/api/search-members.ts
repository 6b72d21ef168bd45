/** `GET /api/user_pcos/search?search&page&order[lastname]&order[firstname]` → intervener options (SPEC §7 "Users"). */
import type { UserLight, UserSearchResult } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** "First Last" of a member. */
export function memberLabel(member: Pick<UserLight, 'firstname' | 'lastname'>): string {
  return `${member.firstname} ${member.lastname}`.trim();
}

/** The first page of active members matching `search`, as `{id: membership ulid, label: name}`. */
export async function searchMemberOptions(search: string): Promise<PickerOption[]> {
  const answer = await http.get<UserSearchResult>('/api/user_pcos/search', {
    query: { search, page: 1, 'order[lastname]': 'asc', 'order[firstname]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((m) => ({ id: m.ulid, label: memberLabel(m) }));
}
