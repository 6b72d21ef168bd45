/** The contracts' components wrapped with their on-demand `contracts` texts (loaded by lazy-contracts.tsx). */
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { ContractsSection } from './components/contracts-section';
import { DueVisitsCard } from './components/due-visits-card';

export const SectionWithTexts = withOnDemandTexts('contracts', ContractsSection);
export const DueVisitsCardWithTexts = withOnDemandTexts('contracts', DueVisitsCard);
