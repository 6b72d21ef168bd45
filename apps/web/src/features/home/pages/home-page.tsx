/**
 * Home / overview (`/home`, SPEC §2.2, §2.7): the PCO's upcoming services of the next two weeks and 'new visit', and
 * beside them the reports to process (issue 12; PCO action: owner and manager) and under these the `cards` composed by
 * the app — the contract visits to watch (issue 13). The cards load after the page and appear only when they have
 * something to say: below everything else of their column, they push nothing down (no layout shift, ARCHITECTURE §6).
 */
import { ACTIONS } from '@isoptera/contracts';
import { Plus } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/auth/session';
import { emit } from '../../../shared/lib/events';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageHeader } from '../../../shared/ui/page-header';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { ResponseClocksSection } from '../components/response-clocks-section';
import { UpcomingServices } from '../components/upcoming-services';

// loaded beside the first render: the shell + Home budget (ARCHITECTURE §10) leaves no room for the reports list
const ReportsToProcess = lazy(async () => ({
  default: (await import('../components/reports-to-process')).ReportsToProcess,
}));

/** The reports card while its code loads: its title and a skeleton. */
function ReportsToProcessPlaceholder() {
  const { t } = useTranslation();
  return (
    <Card title={t('home:toProcess.title')}>
      <p role="status" className="sr-only">
        {t('home:toProcess.loading')}
      </p>
      <SkeletonLines lines={3} />
    </Card>
  );
}

/** The Home screen. */
export function HomePage({ cards }: { cards?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { hasAction } = useSession();
  const withReports = hasAction(ACTIONS.PCO_ACTION);
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
            <ResponseClocksSection />
            <Suspense fallback={<ReportsToProcessPlaceholder />}>
              <ReportsToProcess />
            </Suspense>
            {cards}
          </div>
        </div>
      ) : (
        <UpcomingServices />
      )}
    </>
  );
}
