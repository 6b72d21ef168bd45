/**
 * Loads the map chunk (Leaflet and its CSS, `equipment-map.tsx`) on first use, so that neither the shell nor the site
 * detail's first paint pays for it (ARCHITECTURE §6). A skeleton while it loads; a message with a retry when the chunk
 * cannot be fetched.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { EquipmentMapProps } from './equipment-map';

type MapModule = typeof import('./equipment-map');

/** The one load of the chunk (kept once it succeeded; a failure is forgotten so that it can be tried again). */
let loading: Promise<MapModule> | null = null;

/** Imports the map chunk once. */
export function loadEquipmentMap(): Promise<MapModule> {
  loading ??= import('./equipment-map').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The map, once its chunk is loaded. */
export function LazyEquipmentMap(props: EquipmentMapProps) {
  const { t } = useTranslation();
  const [module, setModule] = useState<MapModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a new try
  useEffect(() => {
    let active = true;
    setFailed(false);
    loadEquipmentMap().then(
      (loaded) => {
        if (active) setModule(loaded);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (module) return <module.EquipmentMap {...props} />;
  if (failed) return <ErrorState message={t('equipment:map.loadFailed')} onRetry={retry} />;
  return (
    <div className="h-72 w-full sm:h-80">
      <Skeleton className="size-full rounded-none" />
      <span className="sr-only">{t('equipment:map.loading')}</span>
    </div>
  );
}
