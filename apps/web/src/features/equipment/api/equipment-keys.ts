/**
 * TanStack Query keys of the equipment feature. Everything under `['equipment', siteUlid]` is the equipment of one
 * site: the live refresher (server-sent `alert` events) and every write of this feature invalidate it.
 */
import { siteEquipmentKey } from '../../../shared/api/site-equipment';

export const equipmentKeys = {
  /** The equipment of a site (`GET /api/sites/{ulid}/equipment`). */
  site: siteEquipmentKey,
};

/**
 * The sites feature's cache prefix (`['sites']`): a registration or a removal changes the site's `priority_sum` and
 * main alert, so its detail and lists are refreshed too (features never import each other, so the key is spelled out).
 */
export const SITES_KEY = ['sites'] as const;
