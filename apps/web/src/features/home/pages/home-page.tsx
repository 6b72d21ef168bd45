/**
 * Home / overview (`/home`, SPEC §2.2, §2.7): the PCO's upcoming services of the next two weeks and 'new visit', and
 * beside them the reports to process (issue 12; PCO action: owner and manager) and under these the `cards` composed by
 * the app — the contract visits to watch (issue 13). The cards load after the page and appear only when they have
 * something to say: below everything else of their column, they push nothing down (no layout shift, ARCHITECTURE §6).
 * Last in that column, the map of the PCO's sites (issue 15): below the lists, full width, on a phone. The column's
 * sections mount one after the other, each once the one above it shows its first answer, so that nothing pushes down
 * a section already shown.
 */
import { ACTIONS } from '@isoptera/contracts';
import { Plus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { emit } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { ToProcessPlaceholder } from '../components/reports-to-process-skeleton';
import { ResponseClocksSection } from '../components/response-clocks-section';
import { UpcomingServices } from '../components/upcoming-services';

// the map of the sites (issue 15), its texts and Leaflet: loaded after Home, through a loader (see sites-map-loader.ts)
const SitesMapCard = lazy(() => import('../components/sites-map-loader').then((module) => module.loadSitesMapCard()));

// loaded beside the first render: the shell + Home budget (ARCHITECTURE §10) leaves no room for the reports list
const ReportsToProcess = lazy(async () => ({
  default: (await import('../components/reports-to-process')).ReportsToProcess,
}));

/** The Home screen. */
export function HomePage({ cards }: { cards?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { hasAction } = useSession();
  const withReports = hasAction(ACTIONS.PCO_ACTION);
  // the sections of the reports column mount one after the other, each once the one above shows its first answer:
  // 0 = the reports, 1 = and the response clocks, 2 = and the map — so that no arrival pushes a section already shown
  const [stage, setStage] = useState(0);
  const reportsSettled = useCallback(() => setStage((s) => Math.max(s, 1)), []);
  const clocksSettled = useCallback(() => setStage(2), []);
  return (
    <>
      <PageHeader
        title={t('common:pages.home')}
        description={t('home:description')}
        actions={
          <Button onPress={() => emit('openInterventionPanel', {})} icon={<Plus size={16} aria-hidden />}>
            {t('home:newVisit')}
          </Button>
        }
      />
      {withReports ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <UpcomingServices />
          <div className="flex min-w-0 flex-col gap-6">
            <Suspense fallback={<ToProcessPlaceholder />}>
              <ReportsToProcess onSettled={reportsSettled} />
            </Suspense>
            {cards}
            {stage >= 1 ? <ResponseClocksSection onSettled={clocksSettled} /> : null}
            {/* the map of the PCO's sites (issue 15): beside the services on a wide screen, below the lists otherwise;
                mounted once the response clocks above it are settled, so that their late arrival does not push it */}
            {stage >= 2 ? (
              <Suspense fallback={null}>
                <SitesMapCard />
              </Suspense>
            ) : null}
          </div>
        </div>
      ) : (
        <UpcomingServices />
      )}
    </>
  );
}
