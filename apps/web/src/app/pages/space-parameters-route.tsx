/**
 * The SpaceParameters route (`/space-parameters`, SPEC §2.7 "Space settings"): the space-parameters feature's page
 * with the automatic reports feature's schedule card composed in for a PCO (issue 15; features never import each
 * other, ARCHITECTURE §3).
 */
import { AutomaticReportSettingsCard } from '../../features/automatic-reports';
import { SpaceParametersPage } from '../../features/space-parameters/pages/space-parameters-page';

export function SpaceParametersRoute() {
  return <SpaceParametersPage pcoCards={<AutomaticReportSettingsCard />} />;
}
