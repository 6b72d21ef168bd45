/**
 * Query keys of the alerts feature. The alert and synchronisation logs and the readings live under `['alerts']`, so
 * that a live `alert` event or an acknowledgement refreshes them at once (lib/use-server-events.ts). The equipment of
 * the log filter and the site of the logs page use the equipment and sites features' keys for the same calls
 * (`['equipment', siteUlid]`, `['sites', 'detail', siteUlid]`), so that the site detail makes each call once.
 */
export const alertsKeys = {
  log: (siteUlid: string, equipmentUlid: string | null, page: number) =>
    ['alerts', siteUlid, 'log', equipmentUlid ?? 'all', page] as const,
  syncLog: (siteUlid: string, page: number) => ['alerts', siteUlid, 'sync', page] as const,
  /** A preset period (`'30d'`) or a custom one (`from`, `to`). */
  readings: (stationUlid: string, ...period: string[]) => ['alerts', 'readings', stationUlid, ...period] as const,
  site: (siteUlid: string) => ['sites', 'detail', siteUlid] as const,
};

/** The prefixes refreshed when an alert opens or closes: sites (list and detail), equipment, alert logs. */
export const ALERT_REFRESH_PREFIXES = [['sites'], ['equipment'], ['alerts']] as const;
