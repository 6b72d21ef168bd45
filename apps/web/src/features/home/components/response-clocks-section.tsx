/**
 * Home's response clocks section (issue 15) as the page mounts it: the card's code and texts load beside the first
 * render (the shell + Home budget leaves no room for them, ARCHITECTURE §10). Like the cards composed by the app, it
 * comes last in its column, so its late arrival pushes nothing down (no layout shift, ARCHITECTURE §6).
 */
import { lazy, Suspense } from 'react';

const ResponseClocks = lazy(() => import('./response-clocks'));

/** The section (PCO owners and managers: the page shows it where it shows the reports to process). */
export function ResponseClocksSection() {
  return (
    <Suspense fallback={null}>
      <ResponseClocks />
    </Suspense>
  );
}
