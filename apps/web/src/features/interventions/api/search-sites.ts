/** `GET /api/sites/search?name&page&client.ulid&order[name]`: the site picker of the panel (SPEC §7 "Sites"). */
import type { siteEndpoints } from '@isoptera/contracts';
import { callEndpoint } from '../../../shared/api/endpoint-client';
import type { PickerOption } from '../../../shared/ui/search-picker';

/** The first page of the client's sites whose name matches `name`, as picker options. */
export async function searchSiteOptions(clientUlid: string, name: string): Promise<PickerOption[]> {
  const answer = await callEndpoint<typeof siteEndpoints.search>(
    { method: 'GET', path: '/api/sites/search' },
    { query: { name, page: 1, 'client.ulid': clientUlid, order: { name: 'asc' } }, redirectOnError: false },
  );
  return (answer?.list ?? []).map((site) => ({ id: site.ulid, label: site.name }));
}
