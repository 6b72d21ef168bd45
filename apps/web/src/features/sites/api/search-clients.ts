/** `GET /api/clients/search?name&page&order[name]` → client picker options (SPEC §3 "Client option"). */
import type { ClientSearchResult } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** The first page of clients whose name matches `name`, as `{id: ulid, label: name}`. */
export async function searchClientOptions(name: string): Promise<PickerOption[]> {
  const answer = await http.get<ClientSearchResult>('/api/clients/search', {
    query: { name, page: 1, 'order[name]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((c) => ({ id: c.ulid, label: c.name }));
}
