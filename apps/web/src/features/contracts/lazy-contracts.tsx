/**
 * The contracts' screens loaded apart (ARCHITECTURE §6 budgets; issue 13): the client and site details' contracts
 * section and Home's due-visits card are fetched — each with its `contracts` texts, loaded on demand by its wrapping
 * module (with-texts.tsx, due-visits-with-texts.tsx) — only by the screens that show them, and apart from each other.
 * This module imports nothing but React, so that neither the start-up shell nor Home's route chunk carries any of it.
 */
import { lazy, Suspense } from 'react';
import type { ContractsSectionProps } from './components/contracts-section';

const Section = lazy(async () => ({ default: (await import('./with-texts')).SectionWithTexts }));
const DueCard = lazy(async () => ({ default: (await import('./due-visits-with-texts')).DueVisitsCardWithTexts }));

/** The contracts card of a client or a site (see contracts-section.tsx); nothing until loaded. */
export function LazyContractsSection(props: ContractsSectionProps) {
  return (
    <Suspense fallback={null}>
      <Section scope={props.scope} sites={props.sites} />
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
