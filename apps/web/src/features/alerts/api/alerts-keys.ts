/**
 * Query keys of the alerts feature: the shared factory of the alerts resource (shared/api/resources/alerts.ts: the
 * logs and readings under `['alerts']`), and the site of the logs page under the sites resource's detail key, so that
 * the site screen and the logs page share one cache entry. What an alert refreshes is `invalidateResource(…,
 * 'alerts')` (shared/api/resources/invalidation.ts).
 */
import { alertKeys } from '../../../shared/api/resources/alerts';
import { siteKeys } from '../../../shared/api/resources/sites';

export const alertsKeys = { ...alertKeys, site: siteKeys.detail };
