/**
 * Home's response clocks section (issue 15) as the page mounts it: the card's code and texts load beside the first
 * render (the shell + Home budget leaves no room for them, ARCHITECTURE §10); meanwhile a card-shaped skeleton holds
 * its place, so nothing moves when it arrives.
 */
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../shared/ui/skeleton';

const ResponseClocks = lazy(async () => ({ default: (await import('./response-clocks')).ResponseClocks }));

/** The placeholder: a card of the same frame with two skeleton rows. */
export function ResponseClocksPlaceholder() {
  return (
    <div aria-hidden className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** The section (PCO owners and managers: the page shows it where it shows the reports to process). */
export function ResponseClocksSection() {
  return (
    <Suspense fallback={<ResponseClocksPlaceholder />}>
      <ResponseClocks />
    </Suspense>
  );
}
