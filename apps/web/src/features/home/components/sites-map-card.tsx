/**
 * Home's card of the sites map (issue 15 "The overview per space"; owners and managers): every positioned site of the
 * PCO on a map, coloured by its alerts or its status, each marker opening its site; the sites without a position are
 * counted under it ("3 sites without a position", a link to the sites list). The sites and the map's chunk (Leaflet,
 * ~40 kB gzip, and its markers) load when the card comes within {@link NEAR_VIEWPORT} of the viewport — at once on a
 * wide screen where it shows beside the services, after some scrolling on a phone where it is last — so that Home's
 * first screen does not wait on them; a skeleton of the map's height meanwhile (no layout shift), an error with
 * 'retry' if the sites or the chunk cannot be loaded. Texts: the on-demand `overview` namespace, loaded with the card
 * (its default export).
 */
import { useQuery } from '@tanstack/react-query';
import { MapPinOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useInView } from 'react-intersection-observer';
import { useNavigate } from 'react-router';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { MARKER_COLOURS } from '../../../shared/ui/map-marker';
import { Skeleton } from '../../../shared/ui/skeleton';
import { siteMapQueryOptions } from '../api/site-map';
import { buildSiteMarkers } from '../lib/site-markers';

type MapModule = typeof import('./sites-map');

/** The one load of the map chunk (forgotten on failure so that it can be tried again). */
let loading: Promise<MapModule> | null = null;
function loadSitesMap(): Promise<MapModule> {
  loading ??= import('./sites-map').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** How near the viewport the card starts loading the sites and the map (CSS margin around the viewport). */
export const NEAR_VIEWPORT = '400px 0px';

/** The map chunk, loaded once `wanted`; `retry` tries a failed load again. */
function useMapModule(wanted: boolean): { module: MapModule | null; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<MapModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a new try
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    setFailed(false);
    loadSitesMap().then(
      (loaded) => active && setModule(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [attempt, wanted]);
  return { module, failed, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** The legend: what the colours say (never colour alone: the markers are named too). */
function Legend() {
  const { t } = useTranslation();
  const items = (['red', 'amber', 'blue', 'green', 'purple', 'gray'] as const).map((tone) => ({
    colour: MARKER_COLOURS[tone],
    label: t(`overview:map.legend.${tone}`),
  }));
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full" style={{ background: item.colour }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The card. */
export function SitesMapCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // where IntersectionObserver is missing (old browsers, jsdom), the card loads at once
  const { ref, inView: near } = useInView({ rootMargin: NEAR_VIEWPORT, triggerOnce: true, fallbackInView: true });
  const query = useQuery({ ...siteMapQueryOptions(), enabled: near });
  const chunk = useMapModule(near);
  const markers = useMemo(() => buildSiteMarkers(query.data?.['hydra:member'] ?? []), [query.data]);
  const withoutPosition = query.data?.without_position ?? 0;
  const openSite = useCallback((ulid: string) => navigate(`/sites/${ulid}`), [navigate]);

  let body: React.ReactNode;
  if (query.isError || chunk.failed) {
    body = (
      <ErrorState
        error={query.error}
        message={chunk.failed ? t('overview:map.loadFailed') : undefined}
        onRetry={() => {
          if (query.isError) void query.refetch();
          if (chunk.failed) chunk.retry();
        }}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.isPending || !chunk.module) {
    body = (
      <div className="h-80 w-full lg:h-96">
        <Skeleton className="size-full rounded-none" />
        <span role="status" className="sr-only">
          {t('overview:map.loading')}
        </span>
      </div>
    );
  } else if (markers.length === 0) {
    body = <EmptyState icon={<MapPinOff size={24} />} message={t('overview:map.empty')} />;
  } else {
    body = <chunk.module.SitesMap markers={markers} onOpenSite={openSite} label={t('overview:map.label')} />;
  }

  return (
    <Card flush title={t('overview:map.title')} actions={markers.length > 0 ? <Legend /> : null}>
      <div ref={ref} className="overflow-hidden rounded-b-lg">
        {body}
      </div>
      {withoutPosition > 0 ? (
        <p className="flex items-center gap-2 border-t border-gray-200 px-4 py-2.5 text-sm text-gray-700">
          <MapPinOff size={16} aria-hidden className="shrink-0 text-gray-500" />
          <Link
            href="/sites"
            className="rounded underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {t('overview:map.withoutPosition', { count: withoutPosition })}
          </Link>
        </p>
      ) : null}
    </Card>
  );
}

/** The card once its on-demand `overview` texts are loaded: what Home shows (`lazy`, hence the default export). */
export default withOnDemandTexts('overview', SitesMapCard);
