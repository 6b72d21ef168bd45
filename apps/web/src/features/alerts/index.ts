/**
 * The alerts feature (issue 5; SPEC §2.2 "site log", §2.7 "Sites: alert log, synchronisation log"): self-contained
 * components for the site detail — `AlertLog` (`siteUlid`), `SyncLog` (`siteUlid`), `StationChart` (`stationUlid`,
 * `reference`) — and the `/site_logs/{siteUlid}` page. The live refresh hook (lib/use-server-events.ts) is imported
 * by the shell from its own file, so that it stays in the shell's chunk (not re-exported here).
 * The alert thresholds card lives in features/space-parameters (alert-settings-card.tsx).
 */

import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { AlertLog as AlertLogBody } from './components/alert-log';
import { StationChart as StationChartBody } from './components/station-chart';
import { SyncLog as SyncLogBody } from './components/sync-log';
import { SiteLogsPage as SiteLogsPageBody } from './pages/site-logs-page';

export type { AlertLogProps } from './components/alert-log';
export type { StationChartProps } from './components/station-chart';

// their texts (namespace `alerts`) load on demand, outside the shell's budget (shared/i18n/on-demand-catalogue.ts)
export const AlertLog = withOnDemandTexts('alerts', AlertLogBody);
export const StationChart = withOnDemandTexts('alerts', StationChartBody);
export const SyncLog = withOnDemandTexts('alerts', SyncLogBody);
export const SiteLogsPage = withOnDemandTexts('alerts', SiteLogsPageBody);
