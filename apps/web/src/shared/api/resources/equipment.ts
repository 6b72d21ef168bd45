/**
 * The equipment resource of the web app (SPEC §3 "Equipment"): its query keys. Every query of equipment lives under
 * `['equipment']`; the equipment of one site under `['equipment', siteUlid]` (shared/api/site-equipment.ts).
 */
export const equipmentKeys = {
  all: ['equipment'] as const,
  /** The gateways and stations of a site (`GET /api/sites/{ulid}/equipment`). */
  site: (siteUlid: string) => ['equipment', siteUlid] as const,
};
