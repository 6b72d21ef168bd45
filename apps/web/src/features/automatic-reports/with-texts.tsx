/** The automatic reports' components with their texts (namespace `reports`, loaded on demand). */
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { AutomaticReportSettingsCard } from './components/automatic-report-settings-card';
import { SiteScheduleSection } from './components/site-schedule-section';

export const SettingsCardWithTexts = withOnDemandTexts('reports', AutomaticReportSettingsCard);
export const SiteSectionWithTexts = withOnDemandTexts('reports', SiteScheduleSection);
