/**
 * One write, every view refreshed (issue 11 "Contract-first endpoints"): each mutation of the app says which resource
 * it changed, and `invalidateResource` refreshes every query of that resource and of the resources whose answers
 * show it. The graph follows what the API answers (SPEC §3):
 * - clients: a site shows its client's name and contacts; deleting a client deletes its sites and their visits;
 * - sites: a client counts and lists its sites; the planning and Home name the site of each visit; deleting a site
 *   deletes its visits;
 * - interventions: scheduling, moving or deleting a visit changes its site's status and planned date (ADR 004);
 * - members: sites show their referent and visits their interveners;
 * - equipment: registering or removing equipment changes its site's alerts (priority, main alert) and the logs;
 * - alerts: an alert opened or closed changes its site (priority, main alert, the lists' alert section) and the
 *   state of its equipment;
 * - reports: recording, editing or sending a visit's report changes its site's status (ADR 010), its visit's report
 *   mark, and on sending the site's equipment;
 * - products: a report shows the catalogue's products.
 * Active queries refetch at once; the others are marked stale and refetch when a screen shows them again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { alertKeys } from './alerts';
import { clientKeys } from './clients';
import { equipmentKeys } from './equipment';
import { interventionKeys } from './interventions';
import { memberKeys } from './members';
import { productKeys, reportKeys } from './reports';
import { siteKeys } from './sites';

/** The resources the web app caches, each under its own query-key root. */
export type Resource =
  | 'clients'
  | 'sites'
  | 'interventions'
  | 'members'
  | 'equipment'
  | 'alerts'
  | 'reports'
  | 'products';

const ROOTS: Record<Resource, QueryKey> = {
  clients: clientKeys.all,
  sites: siteKeys.all,
  interventions: interventionKeys.all,
  members: memberKeys.all,
  equipment: equipmentKeys.all,
  alerts: alertKeys.all,
  reports: reportKeys.all,
  products: productKeys.all,
};

/** The resources whose views show a resource, hence refreshed with it (see the module's doc). */
export const RESOURCE_DEPENDENTS: Readonly<Record<Resource, readonly Resource[]>> = {
  clients: ['sites', 'interventions', 'reports'],
  sites: ['clients', 'interventions', 'reports'],
  interventions: ['sites', 'reports'],
  members: ['sites', 'interventions', 'reports'],
  equipment: ['sites', 'alerts'],
  alerts: ['sites', 'equipment'],
  reports: ['sites', 'interventions', 'equipment', 'alerts'],
  products: ['reports'],
};

/** `true` when `key` starts with every element of `prefix`. */
function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
}

/**
 * Refreshes every query of `resource` and of its dependents. `keep` names queries left alone: those of a deleted
 * record, which would answer 404 if fetched again (see `refreshAfterDeletion`).
 */
export async function invalidateResource(
  queryClient: QueryClient,
  resource: Resource,
  { keep = [] }: { keep?: readonly QueryKey[] } = {},
): Promise<void> {
  const predicate = ({ queryKey }: { queryKey: QueryKey }) => !keep.some((prefix) => startsWith(queryKey, prefix));
  await Promise.all(
    [resource, ...RESOURCE_DEPENDENTS[resource]].map((name) =>
      queryClient.invalidateQueries({ queryKey: ROOTS[name], predicate }),
    ),
  );
}

/**
 * After a record of `resource` was deleted: refreshes every other view (as `invalidateResource`), and drops the
 * record's own queries (`deletedKeys`) once no screen shows them — a screen still open on it keeps its data until it
 * leaves, rather than fetching a 404.
 */
export function refreshAfterDeletion(
  queryClient: QueryClient,
  resource: Resource,
  deletedKeys: readonly QueryKey[],
): Promise<void> {
  const refreshed = invalidateResource(queryClient, resource, { keep: deletedKeys });
  setTimeout(() => {
    for (const queryKey of deletedKeys) queryClient.removeQueries({ queryKey, type: 'inactive' });
  }, 0);
  return refreshed;
}
