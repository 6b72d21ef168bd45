/** `GET /api/clients/search?name&page&order[name]` → picker options of the client field (SPEC §3 "Client option"). */
import type { ClientSearchResult } from '@isoptera/contracts';
import { http } from '../../../shared/api/http-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** The first page of clients whose name matches `name` ('' = all), as `{id: ulid, label: name}`. */
export async function searchClientOptions(name: string): Promise<PickerOption[]> {
  const answer = await http.get<ClientSearchResult>('/api/clients/search', {
    query: { name, page: 1, 'order[name]': 'asc' },
    redirectOnError: false,
  });
  return (answer?.list ?? []).map((c) => ({ id: c.ulid, label: c.name }));
}

/** `GET /api/clients/{ulid}` reduced to its name, for a pre-selected client's label. */
export async function getClientName(ulid: string): Promise<string> {
  const client = await http.get<{ name: string }>(`/api/clients/${encodeURIComponent(ulid)}`, {
    redirectOnError: false,
  });
  return client.name;
}
