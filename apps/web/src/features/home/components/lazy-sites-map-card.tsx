/**
 * Home's sites map loaded apart (ARCHITECTURE §6 budgets; issue 15): the card, its query and its `overview` texts
 * (loaded on demand) are fetched only when Home shows it, and Leaflet later still (sites-map-card.tsx). This module
 * imports nothing but React, so that the shell + Home budget does not grow.
 */
import { lazy, Suspense } from 'react';

const Card = lazy(async () => {
  const [{ SitesMapCard }, { withOnDemandTexts }] = await Promise.all([
    import('./sites-map-card'),
    import('../../../shared/i18n/with-on-demand-texts'),
  ]);
  return { default: withOnDemandTexts('overview', SitesMapCard) };
});

/** The sites map card; nothing until its code and texts are loaded. */
export function LazySitesMapCard({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <Card />
      </Suspense>
    </div>
  );
}
