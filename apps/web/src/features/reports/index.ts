/**
 * The reports feature (issue 12; SPEC §2.2 `/reports`, §2.7 "Reports"): the Reports screen — to process and history,
 * the report panel with its edit form and its moves. Its texts (namespace `reports`) load on demand, outside the
 * shell's budget (shared/i18n/on-demand-catalogue.ts).
 */
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { ReportsPage as ReportsPageBody } from './pages/reports-page';

/** The `/reports` screen, once the `reports` texts of the language shown are there. */
export const ReportsPage = withOnDemandTexts('reports', ReportsPageBody);
