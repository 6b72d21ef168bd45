/**
 * The client and site details' contracts section wrapped with its on-demand `contracts` texts (loaded by
 * lazy-contracts.tsx). Home's due-visits card has its own module (due-visits-with-texts.tsx): this one carries the
 * contract form, its date picker and rules, which Home never shows.
 */
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { ContractsSection } from './components/contracts-section';

export const SectionWithTexts = withOnDemandTexts('contracts', ContractsSection);
