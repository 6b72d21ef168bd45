/**
 * Home's response clocks section (issue 15) as the page mounts it: the card's code and texts load beside the first
 * render (the shell + Home budget leaves no room for them, ARCHITECTURE §10). Like the cards composed by the app, it
 * comes last in its column, so its late arrival pushes nothing down (no layout shift, ARCHITECTURE §6).
 */
import { lazy, Suspense } from 'react';

const ResponseClocks = lazy(() => import('./response-clocks'));

/**
 * The section (PCO owners and managers: the page shows it where it shows the reports to process). `onSettled`: called
 * once the card shows its first answer — the page mounts what comes under it only then, so that the card's arrival and
 * growth move nothing.
 */
export function ResponseClocksSection({ onSettled }: { onSettled?: () => void }) {
  return (
    <Suspense fallback={null}>
      <ResponseClocks onSettled={onSettled} />
    </Suspense>
  );
}
