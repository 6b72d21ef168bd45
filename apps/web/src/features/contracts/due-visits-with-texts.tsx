/**
 * Home's card of contract visits to watch wrapped with its on-demand `contracts` texts (loaded by
 * lazy-contracts.tsx), apart from the contracts section (with-texts.tsx): Home fetches the card and its query only,
 * not the contract form, its date picker and its rules.
 */
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { DueVisitsCard } from './components/due-visits-card';

export const DueVisitsCardWithTexts = withOnDemandTexts('contracts', DueVisitsCard);
