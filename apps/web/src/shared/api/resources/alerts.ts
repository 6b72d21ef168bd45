/**
 * The alerts resource of the web app (SPEC §2.7 "alert log, synchronisation log"): its query keys. The alert and
 * synchronisation logs and the readings of a station live under `['alerts']`, so that a live `alert` event or an
 * acknowledgement refreshes them at once.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  log: (siteUlid: string, equipmentUlid: string | null, page: number) =>
    ['alerts', siteUlid, 'log', equipmentUlid ?? 'all', page] as const,
  syncLog: (siteUlid: string, page: number) => ['alerts', siteUlid, 'sync', page] as const,
  /** A preset period (`'30d'`) or a custom one (`from`, `to`). */
  readings: (stationUlid: string, ...period: string[]) => ['alerts', 'readings', stationUlid, ...period] as const,
  /** Home's running response clocks (issue 15). */
  clocks: ['alerts', 'clocks'] as const,
  /** The proposed visit of an alert (issue 15). */
  proposal: (alertUlid: string) => ['alerts', 'proposal', alertUlid] as const,
};
