/** `GET /api/sites/map` (issue 15): the positioned sites of the PCO for Home's map, and the count of the others. */
import type { overviewEndpoints, SiteMapCollection } from '@isoptera/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/endpoint-client';

/** Query options of the map (under `['sites']`, `siteKeys.all`: refreshed with every other site query). */
export function siteMapQueryOptions() {
  return queryOptions({
    queryKey: ['sites', 'map'] as const,
    queryFn: ({ signal }): Promise<SiteMapCollection> =>
      callEndpoint<typeof overviewEndpoints.siteMap>({ method: 'GET', path: '/api/sites/map' }, { signal }),
  });
}
