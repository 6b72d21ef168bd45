/**
 * The contracts' screens loaded apart (ARCHITECTURE §6 budgets; issue 13): the client and site details' contracts
 * section and Home's due-visits card are fetched, with their `contracts` texts, only by the screens that show them, so
 * neither the start-up shell nor those screens' own chunks carry them.
 */
import { type ComponentProps, lazy, Suspense } from 'react';
import { withOnDemandTexts } from '../../shared/i18n/with-on-demand-texts';
import { SkeletonLines } from '../../shared/ui/skeleton';

const Section = withOnDemandTexts(
  'contracts',
  lazy(() => import('./components/contracts-section')),
);
const DueCard = withOnDemandTexts(
  'contracts',
  lazy(() => import('./components/due-visits-card')),
);

/** The contracts card of a client or a site (see contracts-section.tsx). */
export function LazyContractsSection(props: ComponentProps<typeof Section>) {
  return (
    <Suspense fallback={<SkeletonLines lines={3} />}>
      <Section {...props} />
    </Suspense>
  );
}

/** Home's card of contract visits to watch (see due-visits-card.tsx); nothing until loaded. */
export function LazyDueVisitsCard() {
  return (
    <Suspense fallback={null}>
      <DueCard />
    </Suspense>
  );
}
